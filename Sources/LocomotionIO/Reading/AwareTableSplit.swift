import Foundation
import LocomotionDSP

/// AWARE's accelerometer table — one file for every participant of a study, `timestamp,device_id,double_values_0,
/// double_values_1,double_values_2,…`, rows of several `device_id`s interleaved — split into one trace per
/// `device_id` in a single pass over the file (gzip included).
///
/// The pass keeps each participant's rows in a buffer of ``blockRowCount`` rows; a full buffer is appended to one
/// unlinked temporary file as a block (40 bytes per sample: time, x, y, z as read and the line number), and its offset
/// is remembered. Reading a participant back (``source(for:)``) reads its blocks in order. Memory is therefore
/// ``blockRowCount`` × 40 bytes (40 KiB) per participant plus 8 bytes per block, whatever the file's length; disk is
/// 40 bytes per sample, freed when the split is dropped.
///
/// Each participant's rows must go forward in time: a row of a `device_id` that goes back (or repeats its previous
/// time) is that participant's error, naming file:line, met when its trace is read to that row; the other
/// participants are read in full. A row without a `device_id` stops the split (``InputError`` naming file:line): it
/// belongs to nobody. The `device_id`s are read by ``AwareDeviceID``'s rule (CSV quotes; blanks around a name are
/// not part of it), the locations table's rule too. Lenient reading skips a participant's bad rows with a warning,
/// as for any trace.
///
/// Immutable once made, and read with `pread` at explicit offsets, so sources of several participants may be read
/// on several threads at once.
package final class AwareTableSplit: @unchecked Sendable {
    /// Rows per block of the temporary file (and of each participant's buffer during the pass).
    package static let blockRowCount = 1024

    /// The table's path, as given.
    package let file: String
    /// The `device_id`s, in the order they first appear.
    package let participants: [String]
    /// Rows read (every participant).
    package let rowCount: Int

    /// One row as kept on disk: the time and values as read (the file's units), and the line.
    struct StoredRow: BitwiseCopyable {
        var time: Double
        var x: Double
        var y: Double
        var z: Double
        var line: Int
    }

    /// What the pass made of one line.
    private enum RowOutcome: Equatable {
        /// Empty or blanks only: not a row.
        case blank
        /// A row of a participant (kept, or recorded as its error or warning).
        case read
        /// Fewer fields than the last column needed: stops the split.
        case shortRow
        /// A `device_id` that names nobody (``AwareDeviceID/Outcome/empty`` or ``AwareDeviceID/Outcome/badQuotes``):
        /// stops the split.
        case badDeviceID(AwareDeviceID.Outcome)
        /// A `device_id` spelt with other bytes than an equal earlier one: stops the split.
        case normalisationClash
        /// A field (0-based column) that is not a finite number: the participant's error, or a skipped row.
        case badNumber(column: Int)
    }

    /// What the pass kept of one participant.
    struct Participant {
        var blocks: [(offset: Int, count: Int)] = []
        var buffer: [StoredRow] = []
        var lastTime = -Double.infinity
        /// Strict mode: the first bad row, after ``keptBeforeError`` good rows.
        var error: InputError?
        var keptBeforeError = 0
        var kept = 0
        var warnings: [InputWarning] = []
        var skippedRowCount = 0
    }

    private let store: UnlinkedTemporaryFile
    private let byName: [String: Participant]
    private let options: TraceReadingOptions

    /// Whether `path`'s header names AWARE's accelerometer table (`device_id` and `double_values_0` among its
    /// columns); false for standard input and pipes (their header cannot be read twice) and unreadable files.
    /// - Complexity: reads the first line.
    package static func isAccelerometerTable(_ path: String) -> Bool {
        header(of: path).map { $0.contains("device_id") && $0.contains("double_values_0") } ?? false
    }

    /// The lowercased, trimmed column names of the first line of a regular file; nil for streams or failures.
    package static func header(of path: String) -> [String]? {
        guard !PipeRule.isStream(path), let source = try? LineSource(path: path) else { return nil }
        let names = try? source.withNextLine { CSVBytes.fieldStrings($0).map { $0.lowercased() } }
        return names ?? nil
    }

    /// Reads the table at `path` once and splits it by `device_id`.
    /// - Throws: ``InputError`` when the file cannot be read, lacks one of the columns `timestamp`, `device_id`,
    ///   `double_values_0…2`, has a row without a `device_id` or one that is cut short before its values (naming
    ///   file:line), or the temporary file cannot be written.
    /// - Complexity: O(size of the file); memory as the type says.
    package init(path: String, options: TraceReadingOptions, temporaryDirectory: String = NSTemporaryDirectory()) throws(InputError) {
        file = path
        self.options = options
        let source = try LineSource(path: path)
        func failure(_ error: LineSource.Failure) -> InputError { LineSource.inputError(error, file: path, line: source.lineNumber + 1) }
        let names: [String]?
        do { names = try source.withNextLine { CSVBytes.fieldStrings($0).map { $0.lowercased() } } } catch { throw failure(error) }
        guard let names else { throw InputError(file: path, problem: "the file is empty", hint: "expected AWARE's accelerometer table") }
        let wanted = ["timestamp", "device_id", "double_values_0", "double_values_1", "double_values_2"]
        let found = wanted.map { names.firstIndex(of: $0) }
        let missing = zip(wanted, found).filter { $0.1 == nil }.map(\.0)
        guard missing.isEmpty else {
            throw InputError(file: path, line: 1, problem: "AWARE's accelerometer table (--layout aware) needs the columns \(wanted.joined(separator: ", ")); this header lacks \(missing.joined(separator: ", "))",
                             hint: "--layout auto finds the layout from the header")
        }
        let columns = found.map { $0! }
        let fieldCount = columns.max()! + 1
        do {
            store = try UnlinkedTemporaryFile(directory: temporaryDirectory.isEmpty ? "/tmp" : temporaryDirectory, prefix: ".locomotion-aware")
        } catch {
            throw InputError(file: path, problem: "cannot make a temporary file to split the table (\(error.reason))")
        }
        // Participants by position; the name is looked up only when the device_id changes from the previous row.
        var kept: [Participant] = []
        var deviceIDs = AwareDeviceID.Names()
        var current = -1
        var offset = 0
        var rows = 0
        var lastName = ""
        var lastNameBytes: [UInt8] = []
        var name: [UInt8] = []
        let store = self.store
        let lenient = options.lenient

        func flush(_ participant: inout Participant) throws(InputError) {
            guard !participant.buffer.isEmpty else { return }
            do { try store.write(contentsOf: participant.buffer) } catch {
                throw InputError(file: path, problem: "cannot write the temporary file that splits the table (\(error.reason))")
            }
            participant.blocks.append((offset, participant.buffer.count))
            offset += participant.buffer.count * MemoryLayout<StoredRow>.stride
            participant.buffer.removeAll(keepingCapacity: true)
        }

        var bounds: [(Int, Int)] = []
        bounds.reserveCapacity(fieldCount)
        while true {
            let line = source.lineNumber + 1
            let outcome: RowOutcome?
            do {
                outcome = try source.withNextLine { bytes -> RowOutcome in
                    guard let base = bytes.baseAddress, bytes.contains(where: { !CSVBytes.isBlank($0) }) else { return .blank }
                    // Fields up to the last one needed; commas inside double quotes (AWARE's free-text label) kept.
                    guard CSVBytes.quotedFieldBounds(of: bytes, limit: fieldCount, into: &bounds) == fieldCount else { return .shortRow }
                    let deviceField = UnsafeBufferPointer(start: base + bounds[columns[1]].0, count: bounds[columns[1]].1 - bounds[columns[1]].0)
                    let device = AwareDeviceID.read(deviceField, into: &name)
                    guard device == .named else { return .badDeviceID(device) }
                    if current < 0 || name != lastNameBytes {
                        lastNameBytes = name
                        switch deviceIDs.position(of: name) {
                        case .known(let position):
                            current = position
                        case .new(let position):
                            current = position
                            var participant = Participant()
                            participant.buffer.reserveCapacity(Self.blockRowCount)
                            kept.append(participant)
                        case .normalisationClash(let clash):
                            lastName = clash
                            return .normalisationClash
                        }
                        lastName = deviceIDs.order[current]
                    }
                    func number(_ column: Int) -> Double? {
                        if case .number(let value) = DecimalParser.parse(CSVBytes.trimmed(base, bounds[column].0, bounds[column].1)) { return value }
                        return nil
                    }
                    guard let time = number(columns[0]) else { return .badNumber(column: columns[0]) }
                    guard let x = number(columns[2]) else { return .badNumber(column: columns[2]) }
                    guard let y = number(columns[3]) else { return .badNumber(column: columns[3]) }
                    guard let z = number(columns[4]) else { return .badNumber(column: columns[4]) }
                    let previous = kept[current].lastTime
                    let problem: String? = time <= previous
                        ? (time == previous
                            ? "duplicate timestamp \(Self.text(time)) of device_id \(lastName) (the same as its previous row)"
                            : "timestamp \(Self.text(time)) of device_id \(lastName) is earlier than its previous row's \(Self.text(previous)) (time goes backwards)")
                        : nil
                    Self.accept(&kept[current], StoredRow(time: time, x: x, y: y, z: z, line: line),
                                problem: problem, column: columns[0] + 1, file: path, lenient: lenient)
                    return .read
                }
            } catch {
                throw failure(error)
            }
            guard let outcome else { break }
            switch outcome {
            case .blank, .read:
                break
            case .shortRow:
                throw InputError(file: path, line: line, problem: "the row has fewer than \(fieldCount) fields"
                                 + (source.lastLineWasUnterminated ? " (the file ends in the middle of a row)" : ""))
            case .badDeviceID(let device):
                throw AwareDeviceID.error(device, file: path, line: line, column: columns[1])
            case .normalisationClash:
                throw AwareDeviceID.Names.clash(lastName, file: path, line: line, column: columns[1])
            case .badNumber(let column):
                // A bad number: the participant's error (strict) or skipped row (lenient).
                Self.accept(&kept[current], StoredRow(time: 0, x: 0, y: 0, z: 0, line: line),
                            problem: "the field is not a finite number", column: column + 1, file: path, lenient: lenient)
            }
            if outcome != .blank { rows += 1 }
            if current >= 0 && kept[current].buffer.count >= Self.blockRowCount { try flush(&kept[current]) }
        }
        for position in kept.indices { try flush(&kept[position]) }
        byName = Dictionary(uniqueKeysWithValues: zip(deviceIDs.order, kept))
        participants = deviceIDs.order
        rowCount = rows
    }

    /// A time as the file wrote it: whole numbers (milliseconds) without a `.0`.
    private static func text(_ time: Double) -> String {
        time.rounded() == time && time.magnitude < 1e15 ? String(Int64(time)) : String(time)
    }

    /// Keeps a good row, or records a bad one as the participant's error (strict; later rows are not kept) or a
    /// warning (lenient).
    private static func accept(_ participant: inout Participant, _ row: StoredRow, problem: String?, column: Int,
                               file: String, lenient: Bool) {
        guard participant.error == nil else { return }
        if let problem {
            if lenient {
                participant.skippedRowCount += 1
                if participant.warnings.count < TraceReader.maximumStoredWarnings {
                    participant.warnings.append(InputWarning(file: file, line: row.line, column: column, problem: problem))
                }
            } else {
                let hint: InputError.Hint? = problem.contains("timestamp")
                    ? "each device_id's rows must be in increasing time; \(ReadingOption.lenient) skips such rows" : nil
                participant.error = InputError(file: file, line: row.line, column: column, problem: problem, hint: hint)
                participant.keptBeforeError = participant.kept
            }
            return
        }
        participant.lastTime = row.time
        participant.buffer.append(row)
        participant.kept += 1
    }

    /// The trace of `participant` (a `device_id` of ``participants``), read back from the split.
    /// - Throws: ``InputError`` when the participant has no good rows, its timestamps' unit cannot be told, or its
    ///   values are in the other unit (the checks of every trace, on its own first rows).
    package func source(for participant: String) throws(InputError) -> SplitTraceSource {
        guard let kept = byName[participant] else {
            throw InputError(file: file, problem: "no rows of device_id \(participant)")
        }
        return try SplitTraceSource(split: self, participant: kept, deviceID: participant, options: options)
    }

    /// Reads one block of stored rows.
    func readBlock(_ block: (offset: Int, count: Int)) throws(InputError) -> [StoredRow] {
        var rows = [StoredRow](repeating: StoredRow(time: 0, x: 0, y: 0, z: 0, line: 0), count: block.count)
        let result: Result<Int, UnlinkedTemporaryFile.Failure> = rows.withUnsafeMutableBytes { raw in
            do throws(UnlinkedTemporaryFile.Failure) { return .success(try store.read(into: raw, at: block.offset)) }
            catch { return .failure(error) }
        }
        guard case .success(let count) = result, count == block.count * MemoryLayout<StoredRow>.stride else {
            throw InputError(file: file, problem: "cannot read back the temporary file that splits the table")
        }
        return rows
    }
}

/// One participant's rows of an ``AwareTableSplit``, read in time order as a trace: times in seconds, values in g,
/// the table's line numbers.
package struct SplitTraceSource: TraceSource {
    /// The participant's rows, with the short gaps filled with repeats (``TraceReadingOptions/repeatGapLimit``) when
    /// asked, as ``TraceInput`` does for a file.
    private var rows: GapRepeatingSource<StoredRows>

    package var file: String { rows.file }
    package var hasLabels: Bool { false }
    package var warnings: [InputWarning] { rows.warnings }
    package var skippedRowCount: Int { rows.skippedRowCount }
    /// The unit the participant's timestamps were read in.
    package let timestampUnit: TimestampUnit
    /// What `--units auto` decided on this participant's rows (nil: the unit was given).
    package let accelerationUnitDecision: AccelerationUnitDecision?
    /// The participant's `device_id`.
    private let deviceID: String

    init(split: AwareTableSplit, participant: AwareTableSplit.Participant, deviceID: String, options: TraceReadingOptions) throws(InputError) {
        self.deviceID = deviceID
        // `--units auto` decides on the participant's own first rows, read as written.
        var scale = options.detectsUnits ? 1 : options.units.toG
        // The checks every trace gets, on this participant's own first rows.
        var first: [TraceRow] = []
        var block = 0
        while first.count < TraceReader.unitCheckRowCount && block < participant.blocks.count {
            for row in try split.readBlock(participant.blocks[block]).prefix(TraceReader.unitCheckRowCount - first.count) {
                first.append(TraceRow(sample: AccelerometerSample(time: row.time, x: row.x * scale, y: row.y * scale, z: row.z * scale), line: row.line))
            }
            block += 1
        }
        if first.isEmpty {
            if let error = participant.error { throw error }
            throw InputError(file: split.file, problem: "no samples of device_id: all \(participant.skippedRowCount) of its rows were skipped as bad"
                             + (participant.warnings.first.map { "; the first at line \($0.line): \($0.problem)" } ?? ""))
        }
        var unit = options.timestampUnit ?? .seconds
        if options.timestampUnit == nil && options.checkUnits { unit = try TimestampPlausibility.detectUnit(first[...], file: split.file) }
        timestampUnit = unit
        let divisor = unit.divisor
        var checking = options
        if options.detectsUnits {
            let decision = try AccelerationUnitDecision.decide(first[...], file: split.file)
            accelerationUnitDecision = decision
            checking.units = decision.unit
            scale = decision.unit.toG
            for index in first.indices { first[index].scaleAcceleration(by: scale) }
        } else {
            accelerationUnitDecision = nil
        }
        rows = GapRepeatingSource(StoredRows(split: split, participant: participant, divisor: divisor, scale: scale),
                                  repeatingGapsUpTo: options.repeatGapLimit)
        if options.checkUnits {
            for index in first.indices { first[index].sample.time /= divisor }
            try TraceReader.checkUnits(of: first[...], file: split.file, options: checking)
            try TimestampPlausibility.checkTrace(first, file: split.file)
        }
    }

    package mutating func next() throws(InputError) -> TraceRow? {
        try rows.next()
    }
}

/// One participant's rows of an ``AwareTableSplit`` as the table has them, block after block: times divided by
/// `divisor` (seconds), values multiplied by `scale` (g).
private struct StoredRows: TraceSource {
    let split: AwareTableSplit
    let participant: AwareTableSplit.Participant
    let divisor: Double
    let scale: Double
    private var blockIndex = 0
    private var rows: [AwareTableSplit.StoredRow] = []
    private var rowIndex = 0
    private var delivered = 0
    private var finished = false

    init(split: AwareTableSplit, participant: AwareTableSplit.Participant, divisor: Double, scale: Double) {
        self.split = split
        self.participant = participant
        self.divisor = divisor
        self.scale = scale
    }

    var file: String { split.file }
    var hasLabels: Bool { false }
    var warnings: [InputWarning] { participant.warnings }
    var skippedRowCount: Int { participant.skippedRowCount }

    /// The participant's next row as the table has it.
    mutating func next() throws(InputError) -> TraceRow? {
        guard !finished else { return nil }
        if let error = participant.error, delivered == participant.keptBeforeError {
            finished = true
            throw error
        }
        if rowIndex == rows.count {
            guard blockIndex < participant.blocks.count else {
                finished = true
                return nil
            }
            rows = try split.readBlock(participant.blocks[blockIndex])
            blockIndex += 1
            rowIndex = 0
        }
        let row = rows[rowIndex]
        rowIndex += 1
        delivered += 1
        return TraceRow(sample: AccelerometerSample(time: row.time / divisor, x: row.x * scale, y: row.y * scale, z: row.z * scale),
                        line: row.line)
    }
}

extension SplitTraceSource: AccelerationUnitReporting {
    package var unitDecisionSubject: String { "\(file) (device_id \(deviceID))" }
}
