import Foundation
import Testing
@_spi(Tuning) @testable import Locomotion

/// A walk due north from a start point: one fix every `interval` seconds,
/// `step` metres apart (≈, on the meridian).
func northwardTrack(
    start: Double, count: Int, interval: Double = 1, step: Double = 1.4,
    latitude: Double = 52.5, longitude: Double = 13.4, accuracy: Double? = 5
) -> [LocationFix] {
    let degreesPerMetre = 1 / 111_250.0
    return (0..<count).map { index in
        LocationFix(time: start + Double(index) * interval,
                    latitude: latitude + Double(index) * step * degreesPerMetre,
                    longitude: longitude, horizontalAccuracy: accuracy)
    }
}

/// The plain geodesic sum of consecutive fixes.
func pathLength(_ fixes: [LocationFix]) -> Double {
    zip(fixes, fixes.dropFirst()).reduce(0) { $0 + Geodesic.distance(from: $1.0, to: $1.1) }
}

let utc = TimeZone(identifier: "UTC")!

extension Odometer {
    /// What was done with `fix`: the outcome of the one update ``push(_:emit:)`` emits for it.
    mutating func outcome(of fix: LocationFix) -> FixOutcome {
        var updates: [DistanceUpdate] = []
        push(fix) { updates.append($0) }
        #expect(updates.count == 1)
        return updates[0].outcome
    }
}

@Suite("Odometer filters")
struct OdometerFilterTests {
    @Test("a clean walk adds every segment")
    func cleanWalk() throws {
        let track = northwardTrack(start: 1_000_000, count: 600)
        let odometer = Odometer.measuring(track, timeZone: utc)
        let day = try #require(odometer.today)
        #expect(abs(day.distance - pathLength(track)) < 1e-6)
        #expect(day.acceptedFixes == 600)
        #expect(day.totalFixes == 600)
    }

    @Test("a single teleport is rejected and never moves the anchor")
    func teleport() throws {
        var track = northwardTrack(start: 1_000_000, count: 20)
        let clean = pathLength(track)
        // Fix 10 is replaced by one 800 m east; fix 11 is measured from fix 9.
        track[10].longitude += 800 / 68_000
        var odometer = Odometer(timeZone: utc)
        var outcomes: [FixOutcome] = []
        for fix in track { outcomes.append(odometer.outcome(of: fix)) }
        #expect(outcomes[10] == .rejected(.jump))
        let day = try #require(odometer.today)
        #expect(day.rejectedJumps == 1)
        #expect(day.acceptedFixes == 19)
        // Everything but fix 9 → 10 → 11, which becomes 9 → 11 (2.8 m).
        #expect(abs(day.distance - clean) < 0.01)
    }

    @Test("two consistent teleports short of the re-anchor count are still jumps")
    func pairOfTeleports() throws {
        var track = northwardTrack(start: 1_000_000, count: 20)
        track[10].longitude += 800 / 68_000
        track[11].longitude += 800 / 68_000
        let odometer = Odometer.measuring(track, timeZone: utc)
        let day = try #require(odometer.today)
        #expect(day.rejectedJumps == 2)
        #expect(day.reanchors == 0)
        #expect(abs(day.distance - pathLength(track.enumerated().filter { $0.offset != 10 && $0.offset != 11 }.map(\.element))) < 1e-6)
    }

    @Test("after a suspension gap the odometer re-anchors without adding the unobserved distance")
    func suspensionGap() throws {
        let before = northwardTrack(start: 1_000_000, count: 100)
        // The app was suspended for 20 minutes while the person walked ≈ 1.7 km.
        let after = northwardTrack(start: 1_000_000 + 1300, count: 100, latitude: 52.5 + 1800 / 111_250.0)
        var odometer = Odometer(timeZone: utc)
        var outcomes: [FixOutcome] = []
        for fix in before + after { outcomes.append(odometer.outcome(of: fix)) }
        #expect(outcomes[100] == .rejected(.jump))
        #expect(outcomes[101] == .rejected(.jump))
        guard case .reanchored(let added) = outcomes[102] else {
            Issue.record("expected a re-anchor at the third consistent fix, got \(outcomes[102])")
            return
        }
        #expect(abs(added - pathLength(Array(after.prefix(3)))) < 1e-9)
        let day = try #require(odometer.today)
        #expect(day.reanchors == 1)
        #expect(day.rejectedJumps == 0)
        #expect(day.acceptedFixes == 200)
        #expect(abs(day.distance - (pathLength(before) + pathLength(after))) < 1e-6)
    }

    @Test("an inaccurate fix is rejected and never anchors")
    func inaccurateFix() throws {
        var track = northwardTrack(start: 1_000_000, count: 20)
        // 30 m off and reporting 65 m accuracy (a Wi-Fi position): within the jump
        // limit, so only the accuracy filter stops it.
        track[5] = LocationFix(time: track[5].time, latitude: track[5].latitude, longitude: track[5].longitude + 30 / 68_000,
                               horizontalAccuracy: 65)
        var odometer = Odometer(timeZone: utc)
        let outcomes = track.map { odometer.outcome(of: $0) }
        #expect(outcomes[5] == .rejected(.inaccurate))
        #expect(outcomes[6] == .accepted(distance: Geodesic.distance(from: track[4], to: track[6])))
        #expect(odometer.today?.rejectedInaccurate == 1)
    }

    @Test("fixes without accuracy are trusted by default, refused on request")
    func missingAccuracy() {
        let track = northwardTrack(start: 1_000_000, count: 10, accuracy: nil)
        #expect(Odometer.measuring(track, timeZone: utc).today?.acceptedFixes == 10)
        var strict = Odometer.Configuration()
        strict.trustsFixesWithoutAccuracy = false
        let refused = Odometer.measuring(track, configuration: strict, timeZone: utc)
        #expect(refused.today?.rejectedInaccurate == 10)
        #expect(refused.today?.distance == 0)
    }

    @Test("duplicate and backwards times are rejected and counted")
    func outOfOrder() {
        let track = northwardTrack(start: 1_000_000, count: 5)
        var odometer = Odometer(timeZone: utc)
        for fix in track.prefix(3) { odometer.push(fix) { _ in } }
        #expect(odometer.outcome(of: track[2]) == .rejected(.outOfOrder))
        #expect(odometer.outcome(of: track[1]) == .rejected(.outOfOrder))
        #expect(odometer.outcome(of: track[3]) == .accepted(distance: Geodesic.distance(from: track[2], to: track[3])))
        #expect(odometer.today?.rejectedOutOfOrder == 2)
    }

    @Test("impossible values are rejected as invalid")
    func invalid() {
        var odometer = Odometer(timeZone: utc)
        #expect(odometer.outcome(of: LocationFix(time: 1, latitude: 91, longitude: 0)) == .rejected(.invalid))
        #expect(odometer.outcome(of: LocationFix(time: 2, latitude: 0, longitude: .nan)) == .rejected(.invalid))
        #expect(odometer.outcome(of: LocationFix(time: 3, latitude: 0, longitude: 0, horizontalAccuracy: -1)) == .rejected(.invalid))
        #expect(odometer.today?.rejectedInvalid == 3)
    }

    @Test("filters off: a plain geodesic sum even across a gap")
    func unfiltered() throws {
        var track = northwardTrack(start: 1_000_000, count: 50)
        track[20].longitude += 800 / 68_000
        track[30].horizontalAccuracy = 500
        let odometer = Odometer.measuring(track, configuration: .unfiltered, timeZone: utc)
        #expect(abs(try #require(odometer.today).distance - pathLength(track)) < 1e-6)
    }

    @Test("each fix emits one update with its day's tally; a re-anchoring reports the earlier days it credits")
    func distanceUpdates() throws {
        // A walk up to just before midnight UTC, then three consistent fixes 800 m away, the first before
        // midnight and the other two after it: the third re-anchors and credits the first on the day before.
        let midnight = 86_400.0 * 20_000
        var track = northwardTrack(start: midnight - 20, count: 17)
        let far = northwardTrack(start: midnight - 2, count: 3, interval: 3, latitude: 52.5 + 800 / 111_250.0)
        track += far
        var odometer = Odometer(timeZone: utc)
        var updates: [DistanceUpdate] = []
        for fix in track { odometer.push(fix) { updates.append($0) } }
        #expect(updates.count == track.count)
        #expect(zip(updates, track).allSatisfy { $0.time == $1.time })
        #expect(updates[17].outcome == .rejected(.jump) && updates[17].tally.day == odometer.history[0].day)
        #expect(updates[18].outcome == .rejected(.jump) && updates[18].earlierTallies.isEmpty)
        guard case .reanchored = updates[19].outcome else {
            Issue.record("expected a re-anchor, got \(updates[19].outcome)")
            return
        }
        #expect(odometer.history.count == 2)
        #expect(updates[19].tally == odometer.history[1])
        #expect(updates[19].earlierTallies == [odometer.history[0]])
        #expect(odometer.history[0].acceptedFixes == 18 && odometer.history[0].rejectedJumps == 0)
        // A fix without a time counts in the undated tally.
        var untimed = track[0]
        untimed.time = .nan
        odometer.push(untimed) { updates.append($0) }
        #expect(updates.last?.time.isNaN == true && updates.last?.tally == odometer.undated)
    }

    @Test("untimed fixes are measured into the undated tally")
    func untimed() throws {
        var track = northwardTrack(start: 0, count: 30)
        track[12].longitude += 800 / 68_000
        var odometer = Odometer(timeZone: utc)
        for var fix in track {
            fix.time = .nan
            odometer.push(fix) { _ in }
        }
        #expect(odometer.history.isEmpty)
        let undated = try #require(odometer.undated)
        #expect(undated.day == nil)
        #expect(undated.rejectedJumps == 1)
        #expect(abs(undated.distance - pathLength(track.enumerated().filter { $0.offset != 12 }.map(\.element))) < 1e-6)
    }
}

@Suite("Odometer moving gate")
struct OdometerMovingGateTests {
    @Test("distance accrues only while the activity counts as moving")
    func gate() throws {
        let track = northwardTrack(start: 1_000_000, count: 300)
        let activities = [
            ActivityUpdate(start: 1_000_000, activity: .stationary, confidence: .high),
            ActivityUpdate(start: 1_000_100, activity: .walking, confidence: .high),
            ActivityUpdate(start: 1_000_200, activity: .automotive, confidence: .high),
        ]
        var configuration = Odometer.Configuration()
        configuration.movingActivities = RecordingGate.Policy.onFoot.recordedActivities
        let odometer = Odometer.measuring(track, activities: activities, configuration: configuration, timeZone: utc)
        let day = try #require(odometer.today)
        // Fixes 100…199 are walking; the segment 99 → 100 ends while walking and counts.
        #expect(day.acceptedFixes == 100)
        #expect(day.rejectedNotMoving == 200)
        #expect(abs(day.distance - pathLength(Array(track[99...199]))) < 1e-6)
    }

    @Test("with a gate, fixes before the first activity update do not count")
    func noActivityYet() {
        var configuration = Odometer.Configuration()
        configuration.movingActivities = RecordingGate.Policy.anyMovement.recordedActivities
        let odometer = Odometer.measuring(northwardTrack(start: 0, count: 10), configuration: configuration, timeZone: utc)
        #expect(odometer.today?.distance == 0)
        #expect(odometer.today?.rejectedNotMoving == 10)
    }

    @Test("without a gate every accepted fix counts, whatever the activity")
    func noGate() {
        let track = northwardTrack(start: 0, count: 10)
        let odometer = Odometer.measuring(track, activities: [ActivityUpdate(start: 0, activity: .stationary, confidence: .high)],
                                          timeZone: utc)
        #expect(odometer.today?.acceptedFixes == 10)
    }
}
