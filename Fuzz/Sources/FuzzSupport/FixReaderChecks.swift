import Foundation
import Locomotion
@_spi(Harness) import LocomotionIO

/// The checks every location-fix fuzz target runs on one input, read as `format`:
/// strict and lenient reading never trap or hang; every error and skipped entry names
/// the file and a line/column ≥ 1; every fix has a latitude in −90…90, a longitude in
/// −180…180, a finite time (or NaN: an untimed GPX point), a finite non-negative
/// accuracy and speed when present; segment starts are ascending and inside the
/// fixes; a strictly accepted file reads the same leniently, with nothing skipped;
/// whatever lenient reading accepted round-trips through the fix CSV writer; and the odometer
/// (what `locomotion distance` runs) measures it without trapping, to a finite distance; and the
/// GPX and NMEA writers write it or refuse it without trapping, GPX round-tripping exactly.
public func checkFixReader(_ data: UnsafePointer<UInt8>?, _ size: Int, format: FixFormat) {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let name = "fuzz.\(format.rawValue)"
    let strict = readFixes(bytes, name: name, options: FixReadingOptions(lenient: false, format: format))
    let lenient = readFixes(bytes, name: name, options: FixReadingOptions(lenient: true, format: format))
    if let strict {
        invariant(strict.warnings.isEmpty, "strict reading skipped entries")
        invariant(lenient != nil, "lenient reading refused what strict reading accepted")
        if let lenient {
            invariant(lenient.warnings.isEmpty && sameFixes(lenient.fixes, strict.fixes),
                      "lenient reading of a good file differs from strict reading")
        }
    }
    if let lenient, !lenient.fixes.isEmpty, lenient.isTimed {
        checkRoundTrip(lenient.fixes)
    }
    if let lenient {
        checkOdometer(lenient.fixes)
        checkWriters(lenient.fixes)
    }
}

/// The GPX and NMEA writers never trap on what a reader accepted: they write it or refuse it with an
/// `OutputError`; what `GPXWriter` wrote reads back as the same fixes (exact for times from 1970 on).
private func checkWriters(_ fixes: [LocationFix]) {
    do {
        let text = try GPXWriter.string(fixes)
        if fixes.allSatisfy({ $0.time.isNaN || $0.time >= 0 }) {
            let again = try FixReader.parse(Array(text.utf8), file: "round-trip.gpx", options: FixReadingOptions(format: .gpx))
            invariant(sameFixes(again.fixes, fixes), "GPX round trip changed the fixes")
        }
    } catch let error as OutputError {
        invariant(!error.problem.isEmpty, "an OutputError without a problem")
    } catch {
        invariant(false, "re-reading written GPX failed: \(error)")
    }
    do {
        _ = try NMEAWriter.string(fixes)
    } catch {
        invariant(!error.problem.isEmpty, "an OutputError without a problem")
    }
}

private func readFixes(_ bytes: [UInt8], name: String, options: FixReadingOptions) -> FixFile? {
    let file: FixFile
    do {
        file = try FixReader.parse(bytes, file: name, options: options)
    } catch {
        checkError(error, name: name)
        return nil
    }
    invariant(file.format == options.format, "read as \(file.format), asked for \(String(describing: options.format))")
    for warning in file.warnings {
        invariant(warning.file == name && warning.line >= 1 && (warning.column ?? 1) >= 1 && !warning.problem.isEmpty,
                  "malformed warning \(warning)")
    }
    for fix in file.fixes {
        invariant((-90...90).contains(fix.latitude), "latitude \(fix.latitude)")
        invariant((-180...180).contains(fix.longitude), "longitude \(fix.longitude)")
        invariant(fix.time.isFinite || (fix.time.isNaN && file.format == .gpx), "time \(fix.time)")
        invariant(fix.horizontalAccuracy.map { $0.isFinite && $0 >= 0 } ?? true, "accuracy \(String(describing: fix.horizontalAccuracy))")
        invariant(fix.speed.map { $0.isFinite && $0 >= 0 } ?? true, "speed \(String(describing: fix.speed))")
    }
    invariant(zip(file.segmentStarts, file.segmentStarts.dropFirst()).allSatisfy { $0 < $1 }, "segment starts not ascending")
    invariant(file.segmentStarts.allSatisfy { $0 > 0 && $0 < file.fixes.count }, "segment start outside the fixes")
    return file
}

private func checkError(_ error: InputError, name: String) {
    invariant(error.file == name, "error names \(error.file), not \(name)")
    invariant((error.line ?? 1) >= 1 && (error.column ?? 1) >= 1, "error position \(error)")
    invariant(!error.problem.isEmpty, "error without a problem")
}

/// NaN-aware equality of fix lists (untimed GPX points have NaN times).
private func sameFixes(_ a: [LocationFix], _ b: [LocationFix]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { x, y in
        (x.time == y.time || (x.time.isNaN && y.time.isNaN)) && x.latitude == y.latitude && x.longitude == y.longitude
            && x.horizontalAccuracy == y.horizontalAccuracy && x.speed == y.speed
    }
}

/// Fixes written by `FixCSVWriter` read back as the same fixes.
private func checkRoundTrip(_ fixes: [LocationFix]) {
    let text = FixCSVWriter.string(fixes)
    do {
        let again = try FixReader.parse(Array(text.utf8), file: "round-trip.csv",
                                        options: FixReadingOptions(lenient: false, format: .csv))
        invariant(sameFixes(again.fixes, fixes), "fix CSV round trip changed the fixes")
    } catch {
        invariant(false, "re-reading written fixes failed: \(error)")
    }
}

private let utc = TimeZone(identifier: "UTC")!

/// The odometer over the fixes, as `locomotion distance` runs it (untimed GPX points undated).
private func checkOdometer(_ fixes: [LocationFix]) {
    var odometer = Odometer(timeZone: utc)
    for fix in fixes {
        odometer.push(fix) { update in
            invariant(update.tally.distance.isFinite && update.tally.distance >= 0, "day distance \(update.tally.distance)")
        }
    }
    invariant(odometer.totalDistance.isFinite && odometer.totalDistance >= 0, "distance \(odometer.totalDistance)")
    invariant(zip(odometer.history, odometer.history.dropFirst()).allSatisfy { $0.day! < $1.day! }, "days out of order")
}
