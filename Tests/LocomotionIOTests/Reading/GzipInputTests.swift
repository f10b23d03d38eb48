import Foundation
import LocomotionDSP
import LocomotionTestSupport
import Testing
@testable import LocomotionIO

/// `.gz` traces and fixes are read as their plain text is, written from a real recording (Oxford step counter,
/// Pixel in a back pocket) at test time; damaged and cut-short gzip is an error naming the file.
@Suite(.tags(.realData), .enabled(if: TestDatasets.isPresent("oxford-step-counter"), Comment(rawValue: TestDatasets.absence("oxford-step-counter"))))
struct GzipInputTests {
    /// The recording as the canonical CSV (seconds since 1970, g) and as a collector writes it (epoch
    /// milliseconds as integers, m/s²).
    private static func texts() throws -> (canonical: String, collector: String) {
        let samples = try StepTestDatasets.oxford("Pixel_Jamie_Hard_BackPocket_1").samples
        let start = 1_700_000_000.0
        let g = AccelerationUnit.standardGravity
        var canonical = "timestamp,x,y,z\n"
        var collector = "timestamp,x,y,z\n"
        for sample in samples {
            let milliseconds = ((start + sample.time - samples[0].time) * 1000).rounded()
            let a = sample.acceleration
            canonical += "\(milliseconds / 1000),\(a.x),\(a.y),\(a.z)\n"
            collector += "\(Int64(milliseconds)),\(a.x * g),\(a.y * g),\(a.z * g)\n"
        }
        return (canonical, collector)
    }

    /// `text` compressed by the system's gzip (one member).
    private static func gzip(_ text: String) throws -> [UInt8] {
        try GzipInflaterTests.gzip(Array(text.utf8))
    }

    private static func read(_ path: String, options: TraceReadingOptions = .init()) throws -> [AccelerometerSample] {
        var input = try TraceInput(path: path, options: options)
        var samples: [AccelerometerSample] = []
        while let row = try input.next() { samples.append(row.sample) }
        return samples
    }

    @Test("a .csv.gz trace, in one member or two, gives the samples of its plain text; milliseconds and m/s² as a collector writes them too")
    func sameSamples() throws {
        let (canonical, collector) = try Self.texts()
        let plain = try Self.read(temporaryFile(canonical, name: "trace.csv"))
        #expect(plain.count > 1000)
        let compressed = try Self.read(temporaryFile(Self.gzip(canonical), name: "trace.csv.gz"))
        #expect(compressed == plain)
        // Two members back to back (`cat a.gz b.gz`): read one after the other.
        let lines = canonical.split(separator: "\n", omittingEmptySubsequences: false)
        let half = lines.count / 2
        let first = lines[..<half].joined(separator: "\n") + "\n"
        let second = lines[half...].joined(separator: "\n")
        let twoMembers = try Self.read(temporaryFile(Self.gzip(first) + Self.gzip(second), name: "two.csv.gz"))
        #expect(twoMembers == plain)
        // Epoch milliseconds (detected) and m/s² (named), gzipped.
        let fromCollector = try Self.read(temporaryFile(Self.gzip(collector), name: "collector.csv.gz"),
                                          options: TraceReadingOptions(units: .metersPerSecondSquared))
        #expect(fromCollector.count == plain.count)
        for (a, b) in zip(fromCollector, plain) {
            let difference = a.acceleration - b.acceleration
            #expect(abs(a.time - b.time) < 1e-6 && difference.magnitude < 1e-9)
        }
    }

    @Test("a gzip file cut short, or damaged, is an error naming the file, not a shorter trace")
    func cutShortAndDamaged() throws {
        let (canonical, _) = try Self.texts()
        let compressed = try Self.gzip(canonical)
        let cut = temporaryFile(Array(compressed.dropLast(compressed.count / 3)), name: "cut.csv.gz")
        let error = try #require(throws: InputError.self) { _ = try Self.read(cut) }
        #expect(error.file == cut && error.problem.contains("cut short"), "\(error)")
        // Only the 8-byte trailer (CRC-32 and size) missing: still cut short.
        let trailer = temporaryFile(Array(compressed.dropLast(4)), name: "trailer.csv.gz")
        #expect(throws: InputError.self) { _ = try Self.read(trailer) }
        var damaged = compressed
        damaged[damaged.count / 2] ^= 0xFF
        let bad = temporaryFile(damaged, name: "damaged.csv.gz")
        let damage = try #require(throws: InputError.self) { _ = try Self.read(bad) }
        // Garbage decoded before the damage is noticed may fail as a bad row first; either way, an error naming the file.
        #expect(damage.file == bad, "\(damage)")
        // Plain text named .gz is not gzip.
        let text = temporaryFile(canonical, name: "text.csv.gz")
        let notGzip = try #require(throws: InputError.self) { _ = try Self.read(text) }
        #expect(notGzip.problem.contains("gzip"), "\(notGzip)")
    }

    @Test("fixes and JSON Lines traces are read from .gz too")
    func fixesAndJSONLines() throws {
        let fixes = "timestamp,latitude,longitude\n1700000000000,47,8.5\n1700000001000,47.0001,8.5\n"
        let file = try FixReader.readFile(path: temporaryFile(Self.gzip(fixes), name: "fixes.csv.gz"))
        #expect(file.fixes.map(\.time) == [1_700_000_000, 1_700_000_001])
        let samples = try StepTestDatasets.oxford("Pixel_Jamie_Hard_BackPocket_1").samples.prefix(2000)
        let jsonLines = samples.map { "{\"timestamp\":\(1_700_000_000 + $0.time),\"x\":\($0.acceleration.x),\"y\":\($0.acceleration.y),\"z\":\($0.acceleration.z)}\n" }.joined()
        let plain = try Self.read(temporaryFile(jsonLines, name: "trace.jsonl"))
        #expect(try Self.read(temporaryFile(Self.gzip(jsonLines), name: "trace.jsonl.gz")) == plain)
        #expect(plain.count == 2000)
    }
}
