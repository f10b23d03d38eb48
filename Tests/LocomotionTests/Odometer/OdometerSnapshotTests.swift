import Foundation
import Testing
@testable import Locomotion

@Suite("Odometer snapshot and restore")
struct OdometerSnapshotTests {
    enum Event {
        case fix(LocationFix)
        case activity(ActivityUpdate)
        case zone(TimeZone)
    }

    /// A day's worth of trouble: midnight, a teleport, an inaccurate fix, a
    /// duplicate, a suspension gap with re-anchoring (a run pending at some
    /// split points), activity changes and a time-zone change.
    static func events() -> [Event] {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let start = instant(2026, 3, 28, 23, 58, in: berlin)
        var fixes = northwardTrack(start: start, count: 240, interval: 1, step: 1.5)
        fixes[30].longitude += 0.01                         // teleport
        fixes[50].horizontalAccuracy = 80                   // inaccurate
        fixes[70].time = fixes[69].time                     // duplicate
        for index in 120..<240 {                            // suspension gap
            fixes[index].time += 900
            fixes[index].latitude += 0.01
        }
        var events: [Event] = [.activity(ActivityUpdate(start: start, activity: .walking, confidence: .high))]
        for (index, fix) in fixes.enumerated() {
            if index == 90 { events.append(.activity(ActivityUpdate(start: fix.time, activity: .stationary, confidence: .medium))) }
            if index == 100 { events.append(.activity(ActivityUpdate(start: fix.time, activity: .running, confidence: .high))) }
            if index == 200 { events.append(.zone(TimeZone(identifier: "Asia/Kolkata")!)) }
            events.append(.fix(fix))
        }
        return events
    }

    static func apply(_ event: Event, to odometer: inout Odometer) {
        switch event {
        case .fix(let fix): odometer.push(fix) { _ in }
        case .activity(let update): odometer.push(update)
        case .zone(let zone): odometer.changeTimeZone(to: zone)
        }
    }

    @Test("encode → decode → continue equals an uninterrupted run, at every split point")
    func everySplit() throws {
        let events = Self.events()
        var configuration = Odometer.Configuration()
        configuration.movingActivities = RecordingGate.Policy.onFoot.recordedActivities
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        var uninterrupted = Odometer(configuration: configuration, timeZone: berlin)
        var prefixes: [Odometer] = []
        for event in events {
            prefixes.append(uninterrupted)
            Self.apply(event, to: &uninterrupted)
        }
        #expect(uninterrupted.history.count == 2)
        #expect(uninterrupted.history.reduce(0) { $0 + $1.reanchors } == 1)
        let encoder = JSONEncoder(), decoder = JSONDecoder()
        for split in events.indices {
            var restored = try decoder.decode(Odometer.self, from: encoder.encode(prefixes[split]))
            #expect(restored == prefixes[split])
            for event in events[split...] { Self.apply(event, to: &restored) }
            #expect(restored == uninterrupted, "split at event \(split)")
        }
    }
}
