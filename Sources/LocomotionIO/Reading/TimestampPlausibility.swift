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
        let median = medianStep(rows)
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

    /// The earliest time, in seconds since 1970, a trace in milliseconds, microseconds or nanoseconds may start at:
    /// 2001-01-01. Collectors stamp epoch time; a smaller value in those units is a clock since boot or since the
    /// start, which gives no dates.
    static let earliestEpochSeconds = 978_307_200.0

    /// Decides the unit of a trace's timestamps from its first rows (time-ordered, as read): the rule of
    /// `Docs/formats.md`, "Timestamp units".
    ///
    /// - The **size** of the first time names one unit: seconds below 2.6 × 10¹¹, milliseconds below 2.6 × 10¹⁴,
    ///   microseconds below 2.6 × 10¹⁷, nanoseconds below 2.6 × 10²⁰ (each the year 10 000 in its unit).
    /// - Seconds are read as seconds (a clock from the start is fine in seconds); ``checkTrace(_:file:)`` then
    ///   refuses a median step of 2 s or more, as before.
    /// - Any other unit must put the first time at 2001 or later, and the **median step** (when more than
    ///   ``minimumSteps`` rows) must not name another unit (a sampling interval is 1 ms – 1 s in every unit):
    ///   nanoseconds since boot (≈ 10¹⁴, the size of epoch milliseconds) are refused, not read as 1973.
    ///
    /// - Throws: ``InputError`` at the first row when the unit cannot be told.
    /// - Complexity: O(k log k) for the k rows (the median sorts them).
    static func detectUnit(_ rows: ArraySlice<TraceRow>, file: String) throws(InputError) -> TimestampUnit {
        guard let first = rows.first else { return .seconds }
        let time = first.sample.time.magnitude
        guard let sizeUnit = TimestampUnit.allCases.first(where: { time / $0.divisor < largestSeconds }) else {
            throw magnitudeError(first.sample.time, file: file, line: first.line, hint: hint, stepUnit: nil)
        }
        if sizeUnit == .seconds { return .seconds }
        let stepUnit = medianStep(Array(rows)).flatMap { median in TimestampUnit.allCases.first { (0.001...1).contains(median / $0.divisor) } }
        let named = stepUnit ?? sizeUnit
        if named != sizeUnit || time / sizeUnit.divisor < earliestEpochSeconds {
            let clock = time / named.divisor < earliestEpochSeconds ? " since boot or since the start (not since 1970)" : ""
            let problem = "the unit of timestamp \(first.sample.time) cannot be told: its size says \(sizeUnit.name)"
                + (named != sizeUnit ? " but the median step between the first rows says \(named.name)" : " before 2001")
                + "; it looks like \(named.name)\(clock)"
            let hint: InputError.Hint = "divide the timestamp column by \(Int(named.divisor)), or name the unit (timestampUnit: .\(named), --time-unit \(named.rawValue)); a clock since boot gives no dates"
            throw InputError(file: file, line: first.line, problem: problem, hint: hint)
        }
        return sizeUnit
    }

    /// The median step between consecutive rows, nil for ``minimumSteps`` steps or fewer.
    private static func medianStep(_ rows: [TraceRow]) -> Double? {
        guard rows.count > minimumSteps else { return nil }
        var steps = zip(rows, rows.dropFirst()).map { $1.sample.time - $0.sample.time }
        steps.sort()
        return steps.count % 2 == 1 ? steps[steps.count / 2] : (steps[steps.count / 2 - 1] + steps[steps.count / 2]) / 2
    }

    /// The unit of a fix file's times, from the first fix's size alone (fixes may be minutes apart): the size rule of
    /// ``detectUnit(_:file:)``, a unit other than seconds putting it at 2001 or later.
    ///
    /// - Throws: ``InputError`` at `line` when no unit fits.
    static func fixUnit(time: Double, file: String, line: Int) throws(InputError) -> TimestampUnit {
        let size = time.magnitude
        guard let unit = TimestampUnit.allCases.first(where: { size / $0.divisor < largestSeconds }),
              unit == .seconds || size / unit.divisor >= earliestEpochSeconds else {
            throw magnitudeError(time, file: file, line: line, hint: "timestamps must be seconds, milliseconds, microseconds or nanoseconds since 1970", stepUnit: nil)
        }
        return unit
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
