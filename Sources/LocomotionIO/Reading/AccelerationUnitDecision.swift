import LocomotionDSP

/// What `--units auto` (``TraceReadingOptions/detectsUnits``) decided for one trace: g or m/s², from the median
/// magnitude of its first rows (at most `TraceReader/unitCheckRowCount`, the rows the unit check reads).
///
/// The rule (`Docs/formats.md`, "Acceleration units"): a gravity-including trace reads about 1 g, that is about
/// 9.81 m/s², at rest and in everyday motion. A median |a| of 0.5–2 in the file's numbers is g; 4.9–19.6
/// (the same 0.5–2 g in m/s²) is m/s²; anything else is refused naming the lines, as the two ranges are a factor
/// 2.45 apart and a value between or outside them is no safe guess (gravity removed, a saturated sensor, another
/// unit). A trace whose median is outside the ranges is still read with the unit named (`--units g|ms2`).
package struct AccelerationUnitDecision: Sendable, Hashable {
    /// The unit decided.
    package let unit: AccelerationUnit
    /// The median |a| of the rows looked at, in the file's numbers.
    package let medianMagnitude: Double
    /// The number of rows looked at.
    package let rowCount: Int

    /// The median |a| (in the file's numbers) read as g.
    static let gMedians = 0.5...2.0
    /// The median |a| (in the file's numbers) read as m/s²: ``gMedians`` in m/s².
    static let metersPerSecondSquaredMedians =
        (gMedians.lowerBound * AccelerationUnit.standardGravity)...(gMedians.upperBound * AccelerationUnit.standardGravity)

    /// Decides the unit of `firstRows`, parsed as written (acceleration not converted).
    /// - Throws: ``InputError`` naming the file and lines when the median is in neither range.
    /// - Complexity: O(n log n) for n rows.
    package static func decide(_ firstRows: ArraySlice<TraceRow>, file: String) throws(InputError) -> AccelerationUnitDecision {
        guard let first = firstRows.first, let last = firstRows.last else {
            return AccelerationUnitDecision(unit: .g, medianMagnitude: .nan, rowCount: 0)
        }
        var magnitudes = firstRows.map(\.sample.acceleration.magnitude)
        magnitudes.sort()
        let middle = magnitudes.count / 2
        let median = magnitudes.count % 2 == 1 ? magnitudes[middle] : (magnitudes[middle - 1] + magnitudes[middle]) / 2
        if gMedians.contains(median) { return AccelerationUnitDecision(unit: .g, medianMagnitude: median, rowCount: magnitudes.count) }
        if metersPerSecondSquaredMedians.contains(median) {
            return AccelerationUnitDecision(unit: .metersPerSecondSquared, medianMagnitude: median, rowCount: magnitudes.count)
        }
        var problem = "--units auto: the median |a| of the rows at lines \(first.line)–\(last.line) is \(TraceReader.rounded(median)), "
            + "neither about 1 (g: 0.5–2) nor about 9.8 (m/s²: \(TraceReader.rounded(metersPerSecondSquaredMedians.lowerBound))–"
            + "\(TraceReader.rounded(metersPerSecondSquaredMedians.upperBound)))"
        if let (limit, share) = TraceFormatDiagnosis.saturation(of: firstRows) {
            problem += ", and \(Int((share * 100).rounded())) % of these rows have an axis at exactly ±\(TraceReader.rounded(limit)): "
                + "the accelerometer saturated, so |a| says nothing about the unit"
        }
        throw InputError(file: file, line: first.line, problem: problem,
                         hint: "name the unit: \(ReadingOption.units(.g)) or \(ReadingOption.units(.metersPerSecondSquared))")
    }

    /// The line for people: `read as m/s² (median |a| 9.79 over the first 500 rows)`.
    package var description: String {
        "read as \(unit == .g ? "g" : "m/s²") (median |a| \(TraceReader.rounded(medianMagnitude)) over the first \(rowCount) rows)"
    }
}

/// A trace source that can say what `--units auto` decided for it (nil: the unit was given).
package protocol AccelerationUnitReporting {
    /// What `--units auto` decided; nil when ``TraceReadingOptions/detectsUnits`` is false.
    var accelerationUnitDecision: AccelerationUnitDecision? { get }
    /// The name the decision is reported under: the file, and for one participant of a table, its `device_id`.
    var unitDecisionSubject: String { get }
}

extension AccelerationUnitReporting {
    /// The line every command writes on standard error once per trace when `--units auto` decided its unit:
    /// `locomotion: FILE: read as m/s² (median |a| 9.79 over the first 500 rows)`; nil when the unit was given.
    package var unitDecisionLine: String? {
        accelerationUnitDecision.map { "locomotion: \(unitDecisionSubject): \($0.description)\n" }
    }
}

extension TraceRow {
    /// Multiplies x, y and z by `scale` (the first rows, parsed as written, once `--units auto` decided m/s²).
    mutating func scaleAcceleration(by scale: Double) {
        let a = sample.acceleration
        sample.acceleration = Vector3(x: a.x * scale, y: a.y * scale, z: a.z * scale)
    }
}
