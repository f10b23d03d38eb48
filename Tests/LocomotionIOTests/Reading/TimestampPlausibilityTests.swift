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

    @Test("epoch milliseconds, microseconds and nanoseconds name the unit and the divisor", arguments: [
        (1.7e12, 20.0, "milliseconds", "1000"), (1.7e15, 20_000.0, "microseconds", "1000000"), (1.7e18, 2e7, "nanoseconds", "1000000000"),
    ])
    func epochInAnotherUnit(start: Double, step: Double, unit: String, divisor: String) throws {
        let error = try #require(readError(trace(start: start, step: step)))
        #expect(error.line == 2)
        #expect(error.problem.contains("looks like \(unit)"), "\(error)")
        #expect(error.hint?.contains("divide the timestamp column by \(divisor)") == true)
        // Lenient reading refuses it too: it is the whole file's unit, not a bad row.
        #expect(readError(trace(start: start, step: step), options: TraceReadingOptions(lenient: true)) != nil)
    }

    @Test("a millisecond counter from the start (steps of 20 at 50 Hz) is refused by its median step")
    func relativeMilliseconds() throws {
        let error = try #require(readError(trace(start: 0, step: 20)))
        #expect(error.line == 2)
        #expect(error.problem.contains("median step") && error.problem.contains("look like milliseconds"), "\(error)")
        #expect(error.hint?.contains("1000") == true)
        // Nanoseconds since boot (Android's SensorEvent.timestamp), small enough to pass the magnitude check.
        let boot = try #require(readError(trace(start: 5e10, step: 2e7)))
        #expect(boot.problem.contains("nanoseconds"), "\(boot)")
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

    @Test("fix CSV: epoch milliseconds are refused at the first fix, leniently too")
    func fixes() throws {
        let text = "timestamp,latitude,longitude\n1700000000000,47,8.5\n1700000001000,47.0001,8.5\n"
        let error = try #require(fixReadError(text, name: "fixes.csv"))
        #expect(error.line == 2 && error.problem.contains("milliseconds"), "\(error)")
        #expect(fixReadError(text, name: "fixes.csv", lenient: true) != nil)
        let bad = "timestamp,latitude,longitude\nx,47,8.5\n1700000000000,47,8.5\n"
        #expect(fixReadError(bad, name: "fixes.csv", lenient: true)?.line == 3)
        #expect(fixReadError("timestamp,latitude,longitude\n1700000000,47,8.5\n", name: "fixes.csv") == nil)
    }
}
