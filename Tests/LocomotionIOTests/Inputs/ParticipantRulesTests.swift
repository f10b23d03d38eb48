import Foundation
import Testing
@testable import LocomotionIO
import LocomotionTestSupport

/// The participant rules of `epochs` and `daily`: the cases of Tests/Shared/participant-rules.json, which the Spark
/// job's tests run too (Integrations/spark/tests/test_units.py), so that the job and the tool group files alike.
@Suite("Participant rules")
struct ParticipantRulesTests {
    struct Rules: Decodable {
        struct PatternCase: Decodable { var pattern: String; var path: String; var participant: String? }
        struct BaseName: Decodable { var path: String; var name: String }
        struct Name: Decodable { var name: String; var valid: Bool }
        struct Listed: Decodable { var path: String; var trace: Bool }
        struct Relation: Decodable { var first: String; var second: String; var relation: String }
        var patterns: [PatternCase]
        var invalidPatterns: [String]
        var baseNames: [BaseName]
        var participantNames: [Name]
        var folderListing: [Listed]
        var nameRelations: [Relation]
        /// The first entry only explains the rest (`about`).
        struct GlobCase: Decodable { var pattern: String?; var files: [String]?; var matches: [String]? }
        var globMatches: [GlobCase]
    }

    static let rules: Rules = {
        let file = TestDatasets.packageRoot.appendingPathComponent("Tests/Shared/participant-rules.json")
        return try! JSONDecoder().decode(Rules.self, from: Data(contentsOf: file))
    }()

    @Test("a pattern reads the participant from the end of the path, code point by code point")
    func patterns() throws {
        #expect(Self.rules.patterns.count > 20)
        for rule in Self.rules.patterns {
            #expect(try ParticipantPattern(rule.pattern).participant(in: rule.path) == rule.participant,
                    "\(rule.pattern) on \(rule.path.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test("a glob input matches what the shell gives the tool: no leading '.' by a wildcard, '?' one code point")
    func globMatches() throws {
        let cases = Self.rules.globMatches.compactMap { rule in rule.pattern.map { ($0, rule.files ?? [], rule.matches ?? []) } }
        #expect(cases.count >= 7)
        for (pattern, files, matches) in cases {
            let folder = try temporaryDirectory()
            for file in files {
                let url = folder.appendingPathComponent(file)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data().write(to: url)
            }
            // The shell the user types the glob into (bash, a UTF-8 locale), as the Spark job's filter assumes.
            let bash = Process()
            bash.executableURL = URL(fileURLWithPath: "/bin/bash")
            bash.arguments = ["-c", "shopt -s nullglob; for f in \(pattern); do printf '%s\\n' \"$f\"; done"]
            bash.currentDirectoryURL = folder
            bash.environment = ["LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"]
            let output = Pipe()
            bash.standardOutput = output
            try bash.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            bash.waitUntilExit()
            let listed = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).sorted()
            #expect(listed == matches.sorted(), "\(pattern)")
        }
    }

    @Test("a pattern needs {participant} exactly once and no empty component")
    func invalidPatterns() {
        for pattern in Self.rules.invalidPatterns {
            #expect(throws: CommandFailure.self, "\(pattern)") { try ParticipantPattern(pattern) }
        }
    }

    @Test("a file is its own participant under its name without the last extension")
    func baseNames() {
        for rule in Self.rules.baseNames {
            #expect(ResultWriter.baseName(of: rule.path) == rule.name, "\(rule.path)")
        }
    }

    @Test("a participant's name must be able to name files")
    func participantNames() {
        for rule in Self.rules.participantNames {
            #expect(ParticipantNaming.isValidParticipant(rule.name) == rule.valid, "\(rule.name.debugDescription)")
        }
    }

    /// A folder holding every path of the cases: the tool lists exactly the traces.
    @Test("a folder input lists the .csv files without a hidden component that are no companion files")
    func folderListing() throws {
        let folder = try temporaryDirectory(prefix: "participant-rules")
        defer { try? FileManager.default.removeItem(at: folder) }
        for rule in Self.rules.folderListing {
            let file = folder.appendingPathComponent(rule.path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("timestamp,x,y,z\n".utf8).write(to: file)
        }
        let listed = try InputPaths.expandInputs([folder.path]).map { String($0.dropFirst(folder.path.count + 1)) }
        let expected = Self.rules.folderListing.filter(\.trace).map(\.path)
        #expect(Set(listed.map { Array($0.unicodeScalars) }) == Set(expected.map { Array($0.unicodeScalars) }), "\(listed)")
    }

    /// Each suffix the tool skips in a folder has a case, so that the Spark job's list is checked against all of them.
    @Test func everyCompanionSuffixHasACase() {
        let skipped = Self.rules.folderListing.filter { !$0.trace }.map { $0.path.lowercased() }
        for suffix in InputPaths.traceCompanionSuffixes {
            #expect(skipped.contains { $0.hasSuffix(suffix) }, "\(suffix)")
        }
    }

    @Test("groups keep the input order; a file is its own participant by default")
    func groups() throws {
        let inputs = ["c/b/1.csv", "c/a/1.csv", "c/b/2.csv"]
        let byFolder = try ParticipantNaming.pattern(ParticipantPattern("{participant}/*.csv")).groups(of: inputs)
        #expect(byFolder == [ParticipantGroup(participant: "b", files: ["c/b/1.csv", "c/b/2.csv"]),
                             ParticipantGroup(participant: "a", files: ["c/a/1.csv"])])
        #expect(try ParticipantNaming.perFile.groups(of: inputs).map(\.participant) == ["1", "1", "2"])
        #expect(try ParticipantNaming.single("p").groups(of: inputs).map(\.files) == [inputs])
        #expect(throws: CommandFailure.self) {
            try ParticipantNaming.pattern(ParticipantPattern("{participant}/x/*.csv")).groups(of: inputs)
        }
        #expect(throws: CommandFailure.self) { try ParticipantNaming.single("a/b").groups(of: inputs) }
    }

    @Test("two names are one when their bytes are; canonically equivalent names (NFC, NFD) are told apart and refused")
    func nameRelations() {
        #expect(Self.rules.nameRelations.count > 8)
        for rule in Self.rules.nameRelations {
            #expect(FileNameRule.relation(rule.first, rule.second).rawValue == rule.relation, "\(rule.first.debugDescription) \(rule.second.debugDescription)")
            #expect(FileNameRule.relation(rule.second, rule.first).rawValue == rule.relation)
        }
    }

    /// Every equivalent pair of the cases as two participants' folders: refused, never one recording.
    @Test("participants whose names differ only in normalisation are refused, naming both, not merged")
    func equivalentParticipantsAreRefused() throws {
        let pairs = Self.rules.nameRelations.filter { $0.relation == "equivalent" }
        #expect(pairs.count >= 4)
        for pair in pairs {
            let inputs = ["c/\(pair.first)/1.csv", "c/\(pair.second)/2.csv"]
            do {
                let groups = try ParticipantNaming.pattern(ParticipantPattern("{participant}/*.csv")).groups(of: inputs)
                Issue.record("merged into \(groups.count) group(s): \(groups)")
            } catch let failure as CommandFailure {
                #expect(failure.message.contains(inputs[0]) && failure.message.contains(inputs[1]) && failure.message.contains("normalisation"), "\(failure.message)")
            }
        }
        let same = try ParticipantNaming.pattern(ParticipantPattern("{participant}/*.csv")).groups(of: ["c/Zo\u{EB}/1.csv", "c/Zo\u{EB}/2.csv"])
        #expect(same.count == 1 && same[0].files.count == 2)
    }
}
