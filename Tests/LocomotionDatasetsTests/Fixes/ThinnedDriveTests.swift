import Foundation
import Testing
@_spi(Tuning) import Locomotion
@testable import LocomotionDatasets
@testable import LocomotionIO
import LocomotionTestSupport

private let gsdc = "gsdc2021-mtv-nmea"
private let gpxpy = "gpxpy-testfiles"
private let drive = "raw/2020-05-14-US-MTV-1"

/// The GSDC drive's RTK/INS truth (10 Hz) as a cumulative geodesic length, to read the distance between two times.
private struct Truth {
    let fixes: [LocationFix]
    let cumulative: [Double]

    init() throws {
        let path = TestDatasets.folder(gsdc).appendingPathComponent("\(drive)/SPAN_Pixel4_10Hz.csv").path
        fixes = try FixDataset.gsdc2021MTVNMEA.convert(file: path).fixes
        var sum = 0.0
        cumulative = [0] + zip(fixes, fixes.dropFirst()).map { sum += Geodesic.distance(from: $0, to: $1); return sum }
    }

    /// Metres along the truth from the first sample at or after `start` to the last at or before `end`.
    func length(from start: Double, to end: Double) -> Double {
        let first = fixes.firstIndex { $0.time >= start }!
        let last = fixes.lastIndex { $0.time <= end }!
        return cumulative[last] - cumulative[first]
    }

    /// Speed (m/s) over ±0.5 s around `time`, nil outside the truth.
    func speed(at time: Double) -> Double? {
        guard let first = fixes.firstIndex(where: { $0.time >= time - 0.5 }),
              let last = fixes.firstIndex(where: { $0.time >= time + 0.5 }), last > first else { return nil }
        return (cumulative[last] - cumulative[first]) / (fixes[last].time - fixes[first].time)
    }
}

private func phoneFixes(_ phone: String) throws -> [LocationFix] {
    try FixReader.read(path: TestDatasets.folder(gsdc).appendingPathComponent("\(drive)/\(phone)_chipset.nmea").path)
}

/// The first fix at or after each tick of a clock at `interval` s started `phase` s after the first fix: a logger
/// asking for one fix every `interval` s.
private func thin(_ fixes: [LocationFix], every interval: Double, phase: Double) -> [LocationFix] {
    var kept: [LocationFix] = []
    var tick = fixes[0].time + phase
    for fix in fixes where fix.time >= tick - 1e-6 {
        kept.append(fix)
        while tick <= fix.time + 1e-6 { tick += interval }
    }
    return kept
}

private let losAngeles = TimeZone(identifier: "America/Los_Angeles")!

/// Issue 27's targets on the GSDC drive, both phones, every phase of the thinning clock (ten phases of the longer
/// intervals). The targets are the issue's, not fitted to this drive; the default settings were chosen with one phone
/// held out (Docs/odometer.md).
@Suite("Thinned GSDC drive", .enabled(if: TestDatasets.isPresent(gsdc), Comment(rawValue: TestDatasets.absence(gsdc))))
struct ThinnedDriveTests {
    @Test("one fix every 5 or 15 s within 1 % of the RTK truth, 30 s within 2 %, 60 s within 3 %",
          arguments: ["Pixel4", "Pixel4XLModded"])
    func sparseFixes(phone: String) throws {
        let truth = try Truth()
        let fixes = try phoneFixes(phone)
        for (interval, target) in [(5.0, 0.01), (15, 0.01), (30, 0.02), (60, 0.03)] {
            for phase in stride(from: 0, to: interval, by: max(1, (interval / 10).rounded(.down))) {
                let kept = thin(fixes, every: interval, phase: phase)
                let expected = truth.length(from: kept.first!.time, to: kept.last!.time)
                let measured = Odometer.measuring(kept, timeZone: losAngeles).totalDistance
                let error = (measured - expected) / expected
                #expect(abs(error) <= target, "\(phone), every \(interval) s, phase \(phase): \(100 * error) %")
            }
        }
    }

    @Test("one fix a second: no worse than the 50 m rule, within 0.2 points", arguments: ["Pixel4", "Pixel4XLModded"])
    func denseFixes(phone: String) throws {
        let truth = try Truth()
        let fixes = try phoneFixes(phone)
        let expected = truth.length(from: fixes.first!.time, to: fixes.last!.time)
        let now = Odometer.measuring(fixes, timeZone: losAngeles).totalDistance
        let before = Odometer.measuring(fixes, configuration: .fixedJumpLimit, timeZone: losAngeles).totalDistance
        #expect(abs(now - expected) / expected <= abs(before - expected) / expected + 0.002,
                "\(phone): \(now) m now, \(before) m with the 50 m rule, \(expected) m true")
    }

    @Test("standing (at the start while the receiver settles, and parked at the end) adds at most 5 m per hour",
          arguments: ["Pixel4", "Pixel4XLModded"])
    func standing(phone: String) throws {
        let truth = try Truth()
        let fixes = try phoneFixes(phone)
        var odometer = Odometer(timeZone: losAngeles)
        var standing = 0.0, added = 0.0
        for (index, fix) in fixes.enumerated() {
            let before = odometer.totalDistance
            odometer.push(fix) { _ in }
            guard index > 0, let speed = truth.speed(at: fix.time), speed < 0.05,
                  let previousSpeed = truth.speed(at: fixes[index - 1].time), previousSpeed < 0.05 else { continue }
            standing += fix.time - fixes[index - 1].time
            added += odometer.totalDistance - before
        }
        #expect(standing >= 60, "\(phone): the drive stands still \(standing) s")
        #expect(added * 3600 / standing <= 5, "\(phone): \(added) m over \(standing) s standing")
    }
}

@Suite("Sparse GPX car track", .enabled(if: TestDatasets.isPresent(gpxpy), Comment(rawValue: TestDatasets.absence(gpxpy))))
struct SparseCarTrackTests {
    @Test("a car logged every 1–14 s keeps nearly all of its plain length (the 50 m rule kept a quarter)")
    func carTrack() throws {
        let fixes = try FixReader.read(path: TestDatasets.folder(gpxpy).appendingPathComponent("raw/around-visnjan-with-car.gpx").path)
        let zone = TimeZone(identifier: "Europe/Ljubljana")!
        let plain = Odometer.measuring(fixes, configuration: .unfiltered, timeZone: zone).totalDistance
        let measured = Odometer.measuring(fixes, timeZone: zone)
        let old = Odometer.measuring(fixes, configuration: .fixedJumpLimit, timeZone: zone).totalDistance
        #expect(measured.totalDistance >= 0.95 * plain && measured.totalDistance <= plain + 1e-6,
                "\(measured.totalDistance) m of \(plain) m")
        #expect(old < 0.3 * plain)
        #expect(measured.history.reduce(0) { $0 + $1.rejectedJumps } == 0)
    }
}
