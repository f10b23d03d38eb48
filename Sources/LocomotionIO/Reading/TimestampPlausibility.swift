/// Refuses timestamps that are plainly not seconds, instead of reading them as seconds without a word.
///
/// Phones log time in other units: Android's `System.currentTimeMillis()` gives milliseconds
/// since 1970 (≈ 1.7 × 10¹² in 2023, the year 55 000 read as seconds), a sensor event's
/// `timestamp` nanoseconds since boot, and many loggers a millisecond counter from the start
/// (steps of 20 at 50 Hz, a 0.05 Hz trace read as seconds). Two checks, in the style of the
/// g-versus-m/s² check, on the rows a reader has already read ahead (never per field):
///
/// - **magnitude**: a time of 2.6 × 10¹¹ or more (seconds since 1970 past the year 10 000, the last
///   ISO 8601 and GPX can write) is not seconds; the hint names the unit that brings it back
///   below that (ms, µs or ns).
/// - **step** (traces only): a median step of 2 or more between the first samples is not an
///   accelerometer rate in seconds (≤ 0.5 Hz; phones sample at 1–500 Hz); the hint names the unit
///   that makes the step 1 ms – 1 s.
///
/// O(k log k) for the k rows checked (the median sorts them).
enum TimestampPlausibility {
    /// The largest |time| read as seconds since 1970: 2.6 × 10¹¹ s is past 9999-12-31 with any
    /// time-zone offset (so whatever the GPX reader accepts passes), while epoch milliseconds have
    /// been larger since March 1978.
    static let largestSeconds = 2.6e11
    /// The longest median step, in seconds, between accelerometer samples: 2 s (0.5 Hz).
    static let longestMedianStep = 2.0
    /// Steps needed before the median step is judged (tiny hand-made traces are left alone).
    static let minimumSteps = 10

    private static let hint: InputError.Hint = "timestamps must be in seconds; \(ReadingOption.noUnitCheck) reads them as seconds anyway"

    /// Checks a trace's first rows (time-ordered), as `TraceReader` reads them ahead.
    ///
    /// Both checks name one unit: the step's when the step tells it (a sampling interval is 1 ms – 1 s in any
    /// unit), so that nanoseconds since boot (≈ 10¹⁴, as large as epoch milliseconds) are not first called
    /// milliseconds and then, once divided, microseconds.
    static func checkTrace(_ rows: [TraceRow], file: String) throws(InputError) {
        guard let first = rows.first else { return }
        var median: Double?
        if rows.count > minimumSteps {
            var steps = zip(rows, rows.dropFirst()).map { $1.sample.time - $0.sample.time }
            steps.sort()
            median = steps.count % 2 == 1 ? steps[steps.count / 2] : (steps[steps.count / 2 - 1] + steps[steps.count / 2]) / 2
        }
        let stepUnit = median.flatMap { median in units.first { (0.001...1).contains(median / $0.divisor) } }
        if let row = rows.first(where: { $0.sample.time.magnitude >= largestSeconds }) {
            throw magnitudeError(row.sample.time, file: file, line: row.line, hint: hint, stepUnit: stepUnit)
        }
        guard let median, median >= longestMedianStep else { return }
        let problem = "the median step between the timestamps at lines \(first.line)–\(rows.last!.line) is \(median), "
            + "a sampling rate of \(1 / median) Hz if they are seconds (phones sample at 1–500 Hz)"
        if let unit = stepUnit {
            throw InputError(file: file, line: first.line, problem: problem + ": they look like \(unit.name)",
                             hint: "divide the timestamp column by \(Int(unit.divisor)); \(hint)")
        }
        throw InputError(file: file, line: first.line, problem: problem, hint: hint)
    }

    /// Checks the first fix's time (only magnitude: fixes may be minutes apart).
    static func checkFix(time: Double, file: String, line: Int) throws(InputError) {
        guard time.magnitude >= largestSeconds else { return }
        throw magnitudeError(time, file: file, line: line, hint: "timestamps must be in seconds since 1970", stepUnit: nil)
    }

    private static let units: [(divisor: Double, name: String)] = [(1e3, "milliseconds"), (1e6, "microseconds"), (1e9, "nanoseconds")]

    private static func magnitudeError(_ time: Double, file: String, line: Int, hint: InputError.Hint,
                                       stepUnit: (divisor: Double, name: String)?) -> InputError {
        let problem = "timestamp \(time) is not seconds since 1970 (2.6e11 s is already past the year 10000)"
        let fits = { (unit: (divisor: Double, name: String)) in time.magnitude / unit.divisor < largestSeconds }
        guard let unit = stepUnit.flatMap({ fits($0) ? $0 : nil }) ?? units.first(where: fits) else {
            return InputError(file: file, line: line, problem: problem, hint: hint)
        }
        // Divided, a time before 2001 is a clock since boot or since the start of recording, not since 1970.
        let clock = time.magnitude / unit.divisor < 978_307_200 ? " since boot or since the start (not since 1970)" : ""
        return InputError(file: file, line: line, problem: problem + ": it looks like \(unit.name)\(clock)",
                          hint: "divide the timestamp column by \(Int(unit.divisor)); \(hint)")
    }
}
