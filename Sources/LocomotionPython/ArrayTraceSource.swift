import LocomotionDSP
@_spi(Harness) import LocomotionIO

/// A trace in memory — four columns of equal length (seconds; acceleration in `options.units`) that the caller
/// keeps alive and unchanged while the source is read — as a ``TraceSource``, read without copying. Each row is
/// checked as a CSV file's row is: a value that is not a finite number, or a time before the previous one, is an
/// ``InputError`` naming the row (`line` is the 0-based row index + 2, the line it would have in a CSV file with a
/// header, so messages read the same as the command line's); `lenient` skips such rows with a warning. With
/// `units="auto"` (``TraceReadingOptions/detectsUnits``) the unit is decided as a file's: on the first
/// ``TraceReader/unitCheckRowCount`` rows of finite numbers, by ``AccelerationUnitDecision``.
struct ArrayTraceSource: TraceSource {
    let file: String
    let hasLabels = false
    private(set) var warnings: [InputWarning] = []
    private(set) var skippedRowCount = 0
    private let time, x, y, z: UnsafePointer<Double>
    private let count: Int
    private let scale: Double
    private let lenient: Bool
    private var index = 0
    private var previousTime = -Double.infinity
    /// What `units="auto"` decided (nil: the unit was given).
    let accelerationUnitDecision: AccelerationUnitDecision?

    init(file: String, time: UnsafePointer<Double>, x: UnsafePointer<Double>, y: UnsafePointer<Double>,
         z: UnsafePointer<Double>, count: Int, options: TraceReadingOptions) throws(InputError) {
        guard count > 0 else {
            throw InputError(file: file, problem: "no samples: the data frame has no rows",
                             hint: "a trace needs at least one row")
        }
        self.file = file
        self.time = time
        self.x = x
        self.y = y
        self.z = z
        self.count = count
        self.lenient = options.lenient
        if options.detectsUnits {
            // The first rows as written (rows that are not finite numbers are left to next() to refuse or skip).
            var firstRows: [TraceRow] = []
            var row = 0
            while row < count && firstRows.count < TraceReader.unitCheckRowCount {
                let t = time[row], ax = x[row], ay = y[row], az = z[row]
                if t.isFinite && ax.isFinite && ay.isFinite && az.isFinite {
                    firstRows.append(TraceRow(sample: AccelerometerSample(time: t, x: ax, y: ay, z: az), line: row + 2))
                }
                row += 1
            }
            let decision = try AccelerationUnitDecision.decide(firstRows[...], file: file)
            accelerationUnitDecision = decision
            self.scale = decision.unit.toG
        } else {
            accelerationUnitDecision = nil
            self.scale = options.units.toG
        }
    }

    mutating func next() throws(InputError) -> TraceRow? {
        while index < count {
            let row = index
            index += 1
            let t = time[row], ax = x[row], ay = y[row], az = z[row]
            var problem: String?
            if !(t.isFinite && ax.isFinite && ay.isFinite && az.isFinite) {
                problem = "row \(row): timestamp, x, y and z must be finite numbers (got \(t), \(ax), \(ay), \(az))"
            } else if t < previousTime {
                problem = "row \(row): timestamp \(t) s is before the previous row's \(previousTime) s"
            }
            if let problem {
                guard lenient else {
                    throw InputError(file: file, line: row + 2, problem: problem,
                                     hint: "sort the rows by time and drop rows with missing values, or pass lenient=True")
                }
                skippedRowCount += 1
                // The readers keep the first 1000 warnings (TraceReader.maximumStoredWarnings).
                if warnings.count < 1000 {
                    warnings.append(InputWarning(file: file, line: row + 2, problem: problem))
                }
                continue
            }
            previousTime = t
            return TraceRow(sample: AccelerometerSample(time: t, x: ax * scale, y: ay * scale, z: az * scale), line: row + 2)
        }
        return nil
    }
}

extension ArrayTraceSource: AccelerationUnitReporting {
    var unitDecisionSubject: String { file }
}
