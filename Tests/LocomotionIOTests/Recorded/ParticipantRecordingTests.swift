import Foundation
import Locomotion
import LocomotionDSP
import Testing
import LocomotionIO
import LocomotionTestSupport

/// `ParticipantRecording` reads a participant's files as one recording: split into files given in any order, a
/// recording gives the rows of the whole, each attributed to the file being read at its start; files that overlap
/// are refused.
@Suite struct ParticipantRecordingTests {
    static let epoch = RecordingTables.Configuration(length: 300, timeZone: TimeZone(identifier: "Europe/Zurich")!)

    /// The rows of a run, and the files they were attributed to.
    static func rows(of paths: [String], fixes: ParticipantRecording.Fixes) throws -> (rows: [RecordingTables.Row], files: [String], notices: Int) {
        var rows: [RecordingTables.Row] = [], files: [String] = [], notices = 0
        let late = try ParticipantRecording(epoch: epoch, fixes: fixes).run(paths, notice: { _ in notices += 1 }) {
            rows.append($0)
            files.append($1)
        }
        #expect(late == 0)
        return (rows, files, notices)
    }

    @Test func filesOfOneRecordingGiveTheRowsOfTheWhole() throws {
        let (trace, fixesPath, samples, _) = try RecordedTraceTests.recording()
        let labelled = try Trace.read(path: trace)
        let split = samples.count / 2
        let first = temporaryPath("part-a.csv"), second = temporaryPath("part-b.jsonl")
        try TraceWriter.write(Trace(file: first, samples: Array(samples[..<split]), labels: Array(labelled.labels![..<split])), to: first)
        try TraceWriter.write(Trace(file: second, samples: Array(samples[split...]), labels: Array(labelled.labels![split...])),
                              to: second, format: .jsonLines)

        let whole = try Self.rows(of: [trace], fixes: .file(fixesPath))
        // The later file first: the recording orders them by their first timestamps.
        let parts = try Self.rows(of: [second, first], fixes: .file(fixesPath))
        #expect(parts.rows == whole.rows)
        #expect(whole.rows.contains { if case .day = $0 { true } else { false } })
        #expect(whole.rows.contains { if case .segment = $0 { true } else { false } })
        #expect(whole.rows.contains { if case .epoch(let epoch) = $0 { epoch.tally.distance > 0 } else { false } })
        for (row, file) in zip(parts.rows, parts.files) {
            let start: Double = switch row {
            case .epoch(let epoch): epoch.start
            case .day(let day): day.start
            case .segment(let segment): segment.start
            case .bout(let bout): bout.start
            }
            #expect(file == (start < samples[split].time ? first : second))
        }
        // One notice per trace read, and one for the fixes.
        #expect(parts.notices == 3 && whole.notices == 2)

        // Only the tables asked for.
        var days: [RecordingTables.Row] = []
        try ParticipantRecording(epoch: Self.epoch, tables: .days, fixes: .file(fixesPath)).run([first, second]) { row, _ in days.append(row) }
        #expect(days == whole.rows.filter { if case .day = $0 { true } else { false } })
    }

    @Test func filesThatOverlapAreRefused() throws {
        let text = { (start: Double) in
            "timestamp,x,y,z\n" + (0..<200).map { "\(start + Double($0) * 0.02),0.01,-0.98,0.02\n" }.joined()
        }
        let a = temporaryFile(text(1_700_000_000), name: "a.csv"), b = temporaryFile(text(1_700_000_002), name: "b.csv")
        #expect(throws: InputError.self) { try Self.rows(of: [a, b], fixes: .none) }
        do throws(InputError) {
            try ParticipantRecording(epoch: Self.epoch).run([b, a]) { _, _ in }
        } catch {
            #expect(error.file == b && error.line == 2)
            #expect(error.problem.hasPrefix("starts at 1700000002.0 s, before \(a) of the same participant ends"))
        }
    }

    @Test func companionFixesSitBesideTheirTrace() throws {
        let trace = temporaryFile("timestamp,x,y,z\n1,0,0,1\n", name: "day.jsonl")
        #expect(ParticipantRecording.companionFixes(of: trace) == nil)
        let companion = String(trace.dropLast(".jsonl".count)) + ".fixes.csv"
        try "timestamp,latitude,longitude\n1,47,8\n".write(toFile: companion, atomically: true, encoding: .utf8)
        #expect(ParticipantRecording.companionFixes(of: trace) == companion)
        #expect(ParticipantRecording.companionFixes(of: "-") == nil)
    }

    @Test func companionFixesOfGzippedTraces() throws {
        let trace = temporaryFile("", name: "walk.csv.gz")
        let base = String(trace.dropLast(".csv.gz".count))
        #expect(ParticipantRecording.companionFixes(of: trace) == nil)
        try "timestamp,latitude,longitude\n1,47,8\n".write(toFile: base + ".fixes.csv.gz", atomically: true, encoding: .utf8)
        #expect(ParticipantRecording.companionFixes(of: trace) == base + ".fixes.csv.gz")
        // Both: the plain one, as for a plain trace.
        try "timestamp,latitude,longitude\n1,47,8\n".write(toFile: base + ".fixes.csv", atomically: true, encoding: .utf8)
        #expect(ParticipantRecording.companionFixes(of: trace) == base + ".fixes.csv")
    }

    @Test func companionFixesOfBeiweHours() throws {
        let folder = try temporaryDirectory(prefix: "BeiweCompanion").path + "/P1"
        try FileManager.default.createDirectory(atPath: folder + "/accelerometer", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/gps", withIntermediateDirectories: true)
        let hour = "2023-11-14 22_00_00+00_00.csv"
        try "timestamp,UTC time,accuracy,x,y,z\n".write(toFile: folder + "/accelerometer/" + hour, atomically: true, encoding: .utf8)
        #expect(ParticipantRecording.companionFixes(of: folder + "/accelerometer/" + hour) == nil)
        try "timestamp,UTC time,latitude,longitude,altitude,accuracy\n".write(toFile: folder + "/gps/" + hour, atomically: true, encoding: .utf8)
        #expect(ParticipantRecording.companionFixes(of: folder + "/accelerometer/" + hour) == folder + "/gps/" + hour)
        #expect(ParticipantRecording.companionFixes(of: folder + "/accelerometer/2023-11-14 23_00_00+00_00.csv") == nil)
    }
}
