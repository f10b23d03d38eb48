import Foundation
import Testing
import LocomotionTestSupport
import LocomotionDSP
@_spi(Harness) @testable import Locomotion

/// Real inputs for the engine's tests: a day of one person's us-tm2017 sessions joined end to end (walk → car →
/// walk → still, ≈ 20 Hz) and real phone GNSS fixes (GSDC 2021, a Pixel 4's NMEA, 1 Hz) re-timed to lie over it.
/// The two were not recorded together, so these check mechanics (restore, wake-ups, merging), never accuracy.
enum EngineTestData {
    static let sessions = [
        "Damiano_Walking_1485093716801", "Damiano_Car_1485093212618", "Damiano_Walking_1485093844769",
        "Damiano_Still_1484659419340", "Damiano_Walking_1485093988338", "Damiano_Car_1485093419815",
        "Damiano_Walking_1485094081562", "Damiano_Still_1484428722594", "Damiano_Walking_1484390802366",
        "Damiano_Car_1485092954647", "Damiano_Walking_1484393350049", "Damiano_Still_1484659970203",
    ]

    static var nmeaFile: URL {
        UsTm2017.directory.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("gsdc2021-mtv-nmea/raw/2020-05-14-US-MTV-1/Pixel4_chipset.nmea")
    }

    static var isAvailable: Bool { UsTm2017.isAvailable && FileManager.default.fileExists(atPath: nmeaFile.path) }
    static let absent: Comment = "us-tm2017 or gsdc2021-mtv-nmea not found under ../shared/datasets (or $LOCOMOTION_DATASETS)"

    /// The joined samples, and the fixes moved to start `fixOffset` seconds after the first sample.
    static func day(fixOffset: Double = 20) throws -> (samples: [AccelerometerSample], fixes: [LocationFix]) {
        let (samples, _) = try UsTm2017.joined(sessions)
        let fixes = try gnssFixes()
        let shift = samples[0].time + fixOffset - fixes[0].time
        return (samples, fixes.map { LocationFix(time: $0.time + shift, latitude: $0.latitude, longitude: $0.longitude,
                                                 horizontalAccuracy: $0.horizontalAccuracy, speed: $0.speed) })
    }

    /// The RMC sentences (time, position, speed) with the accuracy from the GGA sentence of the same second
    /// (HDOP × 5 m, a usual conversion for a phone chipset).
    static func gnssFixes() throws -> [LocationFix] {
        var hdop: [String: Double] = [:]
        var fixes: [LocationFix] = []
        let lines = try String(contentsOf: nmeaFile, encoding: .utf8).split(whereSeparator: \.isNewline)
        for line in lines where line.hasPrefix("$GPGGA") {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            if fields.count > 8, let value = Double(fields[8]) { hdop[String(fields[1])] = value }
        }
        for line in lines where line.hasPrefix("$GPRMC") {
            let f = line.split(separator: ",", omittingEmptySubsequences: false)
            guard f.count > 9, f[2] == "A", let clock = Double(f[1]), let date = Int(f[9]),
                  let latitude = degrees(f[3], f[4]), let longitude = degrees(f[5], f[6]) else { continue }
            var components = DateComponents()
            components.year = 2000 + date % 100
            components.month = date / 100 % 100
            components.day = date / 10000
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let midnight = calendar.date(from: components)!.timeIntervalSince1970
            let seconds = Double(Int(clock) / 10000 * 3600 + Int(clock) / 100 % 100 * 60) + clock.truncatingRemainder(dividingBy: 100)
            let knots = Double(f[7]) ?? 0
            fixes.append(LocationFix(time: midnight + seconds, latitude: latitude, longitude: longitude,
                                     horizontalAccuracy: hdop[String(f[1])].map { $0 * 5 }, speed: knots * 0.514444))
        }
        return fixes
    }

    private static func degrees(_ value: Substring, _ hemisphere: Substring) -> Double? {
        guard let raw = Double(value) else { return nil }
        let whole = (raw / 100).rounded(.towardZero)
        let decimal = whole + (raw - whole * 100) / 60
        return hemisphere == "S" || hemisphere == "W" ? -decimal : decimal
    }

    /// The reference wiring, stage by stage over whole buffers (what `locomotion summarize` computed before the
    /// engine): activity updates, gate events, steps and bouts, and the odometer gated by the updates.
    struct Reference {
        var updates: [ActivityUpdate]
        var gateEvents: [RecordingGate.Event]
        var steps: StepDetection
        var odometer: Odometer
    }

    static func reference(samples: [AccelerometerSample], fixes: [LocationFix], configuration: MotionEngine.Configuration,
                          timeZone: TimeZone) throws -> Reference {
        guard case .classifier(let classifierConfiguration) = configuration.activitySource else { fatalError("classifier only") }
        let replay = try GateOracle.run(samples: samples, fixes: fixes, classifier: classifierConfiguration,
                                        configuration: configuration.gate)
        return Reference(
            updates: replay.updates, gateEvents: replay.events,
            steps: gatedSteps(samples: samples, fixes: fixes, classifier: classifierConfiguration,
                              steps: configuration.steps),
            odometer: Odometer.measuring(fixes, activities: replay.updates, configuration: configuration.odometer,
                                         timeZone: timeZone))
    }

    /// The step detector's events through a ``StepActivityGate`` that judges each by the classifier's activity at
    /// its time (every update that starts at or before it, of the whole run), as the engine does once that activity
    /// is final.
    static func gatedSteps(samples: [AccelerometerSample], fixes: [LocationFix],
                           classifier configuration: ActivityClassifier.Configuration,
                           steps: StepDetector.Configuration) -> StepDetection {
        var classifier = ActivityClassifier(configuration: configuration)
        var detector = StepDetector(configuration: steps)
        var updates: [ActivityUpdate] = [], events: [StepDetector.Event] = []
        var nextFix = 0
        for sample in samples {
            while nextFix < fixes.count && fixes[nextFix].time <= sample.time {
                classifier.push(fixes[nextFix])
                nextFix += 1
            }
            classifier.push(sample) { updates.append($0) }
            detector.push(sample) { events.append($0) }
        }
        detector.finish { events.append($0) }
        classifier.finish { updates.append($0) }
        var times: [Double] = [], bouts: [WalkingBout] = []
        for event in judged(events, by: updates) {
            switch event {
            case .step(let time): times.append(time)
            case .boutEnded(let bout): bouts.append(bout)
            }
        }
        return StepDetection(steps: times, bouts: bouts, refusedDuration: detector.refusedDuration)
    }

    /// `events` (in time order) through a ``StepActivityGate``, each after every update of `updates` (in start order)
    /// that starts at or before its time — a bout's end at its last step.
    static func judged(_ events: [StepDetector.Event], by updates: [ActivityUpdate],
                       strongBoutSteps: Int = 10) -> [StepDetector.Event] {
        var gate = StepActivityGate(strongBoutSteps: strongBoutSteps)
        var out: [StepDetector.Event] = []
        var next = 0
        for event in events {
            let time: Double
            switch event {
            case .step(let t): time = t
            case .boutEnded(let bout): time = bout.end
            }
            while next < updates.count && updates[next].start <= time {
                gate.push(updates[next].activity)
                next += 1
            }
            gate.push(event) { out.append($0) }
        }
        return out
    }
}

/// The events of one kind, for comparing with the stages run alone.
extension Array where Element == MotionEvent {
    var activityUpdates: [ActivityUpdate] { compactMap { if case .activity(let u) = $0 { u } else { nil } } }
    var gateEvents: [RecordingGate.Event] { compactMap { if case .recording(let e) = $0 { e } else { nil } } }
    var steps: [Double] { compactMap { if case .step(let t) = $0 { t } else { nil } } }
    var bouts: [WalkingBout] { compactMap { if case .boutEnded(let b) = $0 { b } else { nil } } }
    var distanceUpdates: [DistanceUpdate] { compactMap { if case .distance(let d) = $0 { d } else { nil } } }
}
