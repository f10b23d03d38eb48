import Testing
@testable import LocomotionIO
import LocomotionTestSupport

/// Timestamps in the wrong unit are refused with the unit they look like, as the
/// g-versus-m/s² check refuses acceleration in the wrong unit.
@Suite struct TimestampPlausibilityTests {
    /// A trace of `count` rows at `step` from `start`, at rest (1 g).
    private func trace(start: Double, step: Double, count: Int = 600) -> String {
        "timestamp,x,y,z\n" + (0..<count).map { "\(start + Double($0) * step),0.01,-0.98,0.03\n" }.joined()
    }

    private func readError(_ text: String, options: TraceReadingOptions = .init()) -> InputError? {
        do {
            _ = try Trace.read(path: temporaryFile(text), options: options)
            return nil
        } catch {
            return error
        }
    }

    @Test("epoch milliseconds, microseconds and nanoseconds are detected and read as seconds", arguments: [
        (1e3, TimestampUnit.milliseconds), (1e6, .microseconds), (1e9, .nanoseconds),
    ])
    func epochInAnotherUnit(divisor: Double, unit: TimestampUnit) throws {
        let seconds = try Trace.read(path: temporaryFile(trace(start: 1_700_000_000, step: 0.02)))
        let detected = try Trace.read(path: temporaryFile(trace(start: 1_700_000_000 * divisor, step: 0.02 * divisor)))
        #expect(detected.samples.count == seconds.samples.count)
        for (a, b) in zip(detected.samples, seconds.samples) { #expect(abs(a.time - b.time) < 1e-6) }
        // Named, the unit is used as given; a wrong one is caught by the checks that follow.
        var forced = TraceReadingOptions()
        forced.timestampUnit = unit
        #expect(readError(trace(start: 1_700_000_000 * divisor, step: 0.02 * divisor), options: forced) == nil)
        forced.timestampUnit = .seconds
        #expect(readError(trace(start: 1_700_000_000 * divisor, step: 0.02 * divisor), options: forced) != nil)
    }

    @Test("a time too large for nanoseconds, and epoch milliseconds before 2001, are refused")
    func outOfEveryUnit() throws {
        #expect(readError(trace(start: 3e20, step: 2e7)) != nil)
        let early = try #require(readError(trace(start: 5e11, step: 20)))
        #expect(early.line == 2 && early.problem.contains("before 2001"), "\(early)")
    }

    @Test("a millisecond counter from the start (steps of 20 at 50 Hz) is refused by its median step")
    func relativeMilliseconds() throws {
        let error = try #require(readError(trace(start: 0, step: 20)))
        #expect(error.line == 2)
        #expect(error.problem.contains("median step") && error.problem.contains("look like milliseconds"), "\(error)")
        #expect(error.hint?.description.contains("1000") == true)
        // Nanoseconds since boot (Android's SensorEvent.timestamp), small enough to pass the magnitude check.
        let boot = try #require(readError(trace(start: 5e10, step: 2e7)))
        #expect(boot.problem.contains("nanoseconds"), "\(boot)")
        // …and large enough to look like epoch milliseconds by size: the step tells it, and it is refused, not read as 1973.
        let ambiguous = try #require(readError(trace(start: 1.23e14, step: 2e7)))
        #expect(ambiguous.problem.contains("size says milliseconds but the median step") && ambiguous.problem.contains("looks like nanoseconds since boot"),
                "\(ambiguous)")
        // Named, the unit is taken as given.
        var forced = TraceReadingOptions()
        forced.timestampUnit = .milliseconds
        #expect(readError(trace(start: 0, step: 20), options: forced) == nil)
    }

    @Test("--no-unit-check reads them as seconds anyway")
    func checkOff() throws {
        let options = TraceReadingOptions(checkUnits: false)
        #expect(readError(trace(start: 1.7e12, step: 20), options: options) == nil)
        #expect(readError(trace(start: 0, step: 20), options: options) == nil)
    }

    @Test("plausible traces pass: 1 Hz, a one-hour gap, a tiny hand-made trace, epoch seconds")
    func plausibleTracesPass() {
        #expect(readError(trace(start: 1_700_000_000, step: 1)) == nil)
        #expect(readError(trace(start: 1_700_000_000, step: 0.02)) == nil)
        let gap = trace(start: 0, step: 0.02, count: 300) + (0..<300).map { "\(3600 + Double($0) * 0.02),0.01,-0.98,0.03\n" }.joined()
        #expect(readError(gap) == nil)
        // Fewer steps than the check needs: left alone (a 10-row test fixture at 10 s steps).
        #expect(readError(trace(start: 0, step: 10, count: TimestampPlausibility.minimumSteps)) == nil)
        #expect(readError(trace(start: 0, step: 10, count: TimestampPlausibility.minimumSteps + 1)) != nil)
    }

    @Test("fix CSV: epoch milliseconds are read as seconds; a clock since boot is refused at the first fix, leniently too")
    func fixes() throws {
        let text = "timestamp,latitude,longitude\n1700000000000,47,8.5\n1700000001000,47.0001,8.5\n"
        let file = try FixReader.readFile(path: temporaryFile(text, name: "fixes.csv"))
        #expect(file.fixes.map(\.time) == [1_700_000_000, 1_700_000_001])
        let boot = "timestamp,latitude,longitude\n500000000000,47,8.5\n500000001000,47.0001,8.5\n"
        let error = try #require(fixReadError(boot, name: "fixes.csv"))
        #expect(error.line == 2 && error.problem.contains("since boot"), "\(error)")
        #expect(fixReadError(boot, name: "fixes.csv", lenient: true) != nil)
        let bad = "timestamp,latitude,longitude\nx,47,8.5\n500000000000,47,8.5\n"
        #expect(fixReadError(bad, name: "fixes.csv", lenient: true)?.line == 3)
        #expect(fixReadError("timestamp,latitude,longitude\n1700000000,47,8.5\n", name: "fixes.csv") == nil)
    }
}
