/// The inputs of `epochs` and `daily` grouped by participant: each group is read as one recording, its files one
/// after another in time order.
package struct ParticipantGroup: Sendable, Hashable {
    /// The participant's name (the `participant` column, and NAME of the `--output-dir` files).
    package var participant: String
    /// Its files, in input order (they are read in the order of their first timestamps).
    package var files: [String]
}

/// `--participant NAME` and `--participant-from PATTERN`: who each input belongs to.
package enum ParticipantNaming: Sendable {
    /// Each file is its own participant, named after the file (its name without the extension).
    case perFile
    /// Every input belongs to one participant.
    case single(String)
    /// The participant is read from each input's path.
    case pattern(ParticipantPattern)

    /// The groups of `inputs`, in the order their first file appears.
    /// - Throws: ``CommandFailure`` (bad usage) for an input the pattern does not match, a participant name
    ///   that cannot name a file, or two participant names that differ only in Unicode normalisation.
    package func groups(of inputs: [String]) throws -> [ParticipantGroup] {
        if case .perFile = self {
            return inputs.map { ParticipantGroup(participant: ResultWriter.baseName(of: $0), files: [$0]) }
        }
        var named: [(participant: String, file: String)] = []
        for input in inputs {
            switch self {
            case .perFile:
                break
            case .single(let name):
                named.append((name, input))
            case .pattern(let pattern):
                guard let found = pattern.participant(in: input) else {
                    throw CommandFailure.badUsage("--participant-from '\(pattern.text)' does not match the input \(input)")
                }
                named.append((found, input))
            }
        }
        return try Self.groups(named: named)
    }

    /// The groups of inputs whose participant is already known (AWARE's table: each `device_id` of a file), in the
    /// order each participant first appears, by the same rules as ``groups(of:)``: a name that cannot name a file,
    /// or two names that differ only in Unicode normalisation, are refused.
    /// - Throws: ``CommandFailure`` (bad usage).
    package static func groups(named: [(participant: String, file: String)]) throws -> [ParticipantGroup] {
        var groups: [ParticipantGroup] = []
        var index: [String: Int] = [:]
        for (participant, input) in named {
            try Self.check(participant)
            // Keyed by canonical equivalence (String ==), compared by bytes: a participant `Zoë` written NFC and
            // one written NFD are two folders that look alike and share one output name (FileNameRule), so they
            // are refused rather than merged into one recording.
            if let position = index[participant] {
                guard FileNameRule.relation(groups[position].participant, participant) == .same else {
                    throw CommandFailure.badUsage("the participants '\(groups[position].participant)' (\(groups[position].files[0])) and '\(participant)' (\(input)) differ only in Unicode normalisation (NFC and NFD): they would be merged and share output names; rename one")
                }
                groups[position].files.append(input)
            } else {
                index[participant] = groups.count
                groups.append(ParticipantGroup(participant: participant, files: [input]))
            }
        }
        return groups
    }

    /// Whether `name` can name a participant: it names the `--output-dir` files and a Parquet partition, so not
    /// empty, `.` or `..`, and without `/` or NUL.
    package static func isValidParticipant(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.unicodeScalars.contains("/") && !name.unicodeScalars.contains("\0")
    }

    /// Refuses names that cannot be a file name in `--output-dir` (or a Parquet partition).
    private static func check(_ participant: String) throws {
        guard isValidParticipant(participant) else {
            throw CommandFailure.badUsage("'\(participant)' cannot name a participant (it names the output files): use letters, digits, - or _")
        }
    }
}
