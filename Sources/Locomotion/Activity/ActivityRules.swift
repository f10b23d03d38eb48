/// The decision of one window: the activity it shows, how sure, and the rule.
struct WindowDecision: Sendable, Hashable, Codable {
    var activity: MotionActivity
    var confidence: ActivityConfidence
    var rule: ActivityRule
}

extension WindowDecision {
    private enum CodingKeys: String, CodingKey { case activity, confidence, rule }

    /// Decodes a decision. Snapshots written while rules were strings hold placeholder hops with an empty rule;
    /// those hops are silent (their rule is never reported) and read as ``ActivityRule/gap``.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        activity = try container.decode(MotionActivity.self, forKey: .activity)
        confidence = try container.decode(ActivityConfidence.self, forKey: .confidence)
        let name = try container.decode(String.self, forKey: .rule)
        guard let rule = name.isEmpty ? .gap : ActivityRule(rawValue: name) else {
            throw DecodingError.dataCorruptedError(forKey: .rule, in: container, debugDescription: "unknown activity rule \(name)")
        }
        self.rule = rule
    }
}

/// The decision procedure, as a pure function of one window's features (and the speed, when known).
///
/// Order matters: the first rule that matches decides, in the order of the numbers of ``ActivityRule`` and of the
/// tables in `Docs/activity.md`:
/// 0. too few input samples → unknown (`sparseInput`); below the rhythm rate, the low-rate rules L1–L6
///    (``decideAtLowRate(_:speed:reported:_:)``);
/// 1. tiny variance → stationary (1b: automotive at vehicle speed);
/// 1c. a smooth rhythm of a crank turn that turns the phone, without heel strikes → cycling (``pedalling(_:speed:reported:_:)``);
/// 2–3. periodic gait at a step cadence → running (large impacts, fast cadence) or walking;
/// 4–5. strong motion at a step cadence with an irregular rhythm, or a walking sway → walking (low confidence);
/// 6–7. speed (when known) without gait → automotive (fast) or cycling (bicycle speeds);
/// 8–9. the phone tilted a lot → unknown (handling); turned in the hand → stationary (handling in place);
/// 10. aperiodic vibration of vehicle size → automotive;
/// 11. anything stronger without gait → unknown (conflicting evidence).
enum ActivityRules {
    /// - Parameter reported: the activity reported now; inside a vehicle, irregular shaking is not taken as
    ///   weak gait (leaving a vehicle starts with clear steps).
    static func decide(_ f: ActivityFeatures, speed: Double?, reported: MotionActivity?,
                       _ c: ActivityClassifier.Configuration) -> WindowDecision {
        if f.inputRate < c.minimumInputRate {
            return WindowDecision(activity: .unknown, confidence: .low, rule: .sparseInput)
        }
        if f.inputRate < c.rhythmMinimumInputRate {
            return decideAtLowRate(f, speed: speed, reported: reported, c)
        }
        if f.deviation < c.stationaryMaximumDeviation {
            let sure = f.deviation < c.stationaryMaximumDeviation / 2 && (speed ?? 0) < c.cyclingMinimumSpeed
            if let speed, speed >= c.vehicleMinimumSpeed {
                // A smooth ride (trains, highways) can be as quiet as a table; speed says otherwise.
                return WindowDecision(activity: .automotive, confidence: .medium, rule: .speedSmoothRide)
            }
            return WindowDecision(activity: .stationary, confidence: sure ? .high : .medium, rule: .still)
        }
        if let decision = pedalling(f, speed: speed, reported: reported, c) { return decision }

        let periodic = f.periodicity >= (reported == .automotive
            ? max(c.gaitMinimumPeriodicity, c.vehicleExitMinimumPeriodicity) : c.gaitMinimumPeriodicity)
        let gaitLike = periodic && f.deviation >= c.gaitMinimumDeviation && c.gaitCadence.contains(f.stepFrequency)
        if gaitLike {
            let confidence: ActivityConfidence = f.periodicity >= 0.5 ? .high : (f.periodicity >= 0.35 ? .medium : .low)
            if f.deviation >= c.runningMinimumDeviation && f.stepFrequency >= c.runningMinimumCadence {
                return WindowDecision(activity: .running, confidence: confidence, rule: .gaitRunning)
            }
            return WindowDecision(activity: .walking, confidence: confidence, rule: .gaitWalking)
        }

        if f.deviation >= c.weakGaitMinimumDeviation && c.gaitCadence.contains(f.stepFrequency)
            && (speed ?? 0) < c.cyclingMinimumSpeed && reported != .automotive {
            return WindowDecision(activity: .walking, confidence: .low, rule: .weakGaitWalking)
        }
        if f.inputWobble >= c.gaitMinimumWobble && f.inputDeviation >= c.gaitMinimumDeviation
            && (speed ?? 0) < c.cyclingMinimumSpeed && reported != .automotive {
            return WindowDecision(activity: .walking, confidence: .low, rule: .swayWalking)
        }

        if let decision = speedWithoutGait(speed, c) { return decision }

        if f.tilt >= c.handlingMinimumTilt {
            return WindowDecision(activity: .unknown, confidence: .low, rule: .handling)
        }
        if let decision = turningInPlace(f, reported: reported, c) { return decision }
        if f.deviation < c.vehicleMaximumDeviation {
            let confidence: ActivityConfidence = f.deviation >= 2 * c.stationaryMaximumDeviation ? .medium : .low
            return WindowDecision(activity: .automotive, confidence: confidence, rule: .vibrationNoGait)
        }
        return WindowDecision(activity: .unknown, confidence: .low, rule: .strongAperiodic)
    }

    /// The |a| rhythm's dominant frequency times its period, for a rhythm that rises and falls once a period: 1,
    /// within the spectrum's resolution (0.2 Hz bins over 5 s put a 0.5–1.33 Hz fundamental within ±15–40 %). A
    /// walker whose rhythm repeats every stride has its strongest line at the steps, twice a period.
    static let fundamentalRatio: ClosedRange<Double> = 0.7...1.4

    /// Pedalling (rule 1c): a steady rhythm of a crank turn — its period in `pedallingPeriod` and |a| rising and
    /// falling once a period (`fundamentalRatio`) — of leg size (`pedallingMinimumDeviation`), the phone turning
    /// with the leg (`pedallingMinimumWobble`), with no heel-strike peaks (`pedallingMaximumSkewness`). A fix
    /// says how sure: a bicycle's speed (`cyclingMinimumSpeed`…`vehicleMinimumSpeed`) high; a walker's or a
    /// vehicle's speed (up to `cyclingMaximumSpeed`) low, the disagreement in the explanation's `speed_mps`;
    /// beyond `cyclingMaximumSpeed` the rhythm is neither a bicycle's nor a walker's (a passenger's leg): the ride
    /// is a vehicle's (`speed-vehicle`), not left to the gait rules, which would take the slow rhythm for a walk.
    /// Without a fix, by periodicity as for gait. Nil while the rule-only model reports a ride.
    static func pedalling(_ f: ActivityFeatures, speed: Double?, reported: MotionActivity?,
                          _ c: ActivityClassifier.Configuration) -> WindowDecision? {
        guard f.periodicity >= c.pedallingMinimumPeriodicity, c.pedallingPeriod.contains(f.period),
              fundamentalRatio.contains(f.dominantFrequency * f.period),
              f.deviation >= c.pedallingMinimumDeviation, f.inputWobble >= c.pedallingMinimumWobble,
              f.skewness <= c.pedallingMaximumSkewness, reported != .automotive else { return nil }
        let confidence: ActivityConfidence
        if let speed {
            if speed >= c.cyclingMaximumSpeed {
                return WindowDecision(activity: .automotive, confidence: .high, rule: .speedVehicle)
            }
            confidence = speed >= c.cyclingMinimumSpeed && speed < c.vehicleMinimumSpeed ? .high : .low
        } else {
            confidence = f.periodicity >= 0.5 ? .high : .medium
        }
        return WindowDecision(activity: .cycling, confidence: confidence, rule: .pedalling)
    }

    /// Speed alone, once gait has been ruled out: vehicle speeds are `automotive`, bicycle speeds `cycling`;
    /// nil without a speed or below cycling pace (rules 6 and 7).
    static func speedWithoutGait(_ speed: Double?, _ c: ActivityClassifier.Configuration) -> WindowDecision? {
        guard let speed else { return nil }
        if speed >= c.vehicleMinimumSpeed {
            return WindowDecision(activity: .automotive, confidence: .high, rule: .speedVehicle)
        }
        if speed >= c.cyclingMinimumSpeed {
            return WindowDecision(activity: .cycling, confidence: .medium, rule: .speedNoGaitCycling)
        }
        return nil
    }

    /// A phone turned in the hand without gait or speed: its direction spreads far more than its magnitude
    /// varies (`handlingMinimumRotation`), while road jolts move both in proportion. The person is not going
    /// anywhere: stationary, low confidence (rule 9, `handling-in-place`). Nil otherwise, and while a ride is
    /// reported (the rule-only model's context: a phone turned in a vehicle is still in it).
    static func turningInPlace(_ f: ActivityFeatures, reported: MotionActivity?,
                               _ c: ActivityClassifier.Configuration) -> WindowDecision? {
        guard reported != .automotive, f.inputWobble >= c.handlingMinimumRotation * f.inputDeviation else { return nil }
        return WindowDecision(activity: .stationary, confidence: .low, rule: .handlingInPlace)
    }

    /// The decision for a window whose input is too sparse for a step rhythm (rules L1–L6): the energy of the input
    /// samples (not of the interpolated signal) separates stillness, gait and vehicle vibration. Running is not
    /// claimed (its cadence cannot be seen), and neither is gait while a vehicle is reported.
    static func decideAtLowRate(_ f: ActivityFeatures, speed: Double?, reported: MotionActivity?,
                                _ c: ActivityClassifier.Configuration) -> WindowDecision {
        let deviation = f.inputDeviation
        if deviation < c.lowRateStationaryMaximumDeviation {
            if let speed, speed >= c.vehicleMinimumSpeed {
                return WindowDecision(activity: .automotive, confidence: .medium, rule: .speedSmoothRide)
            }
            let sure = deviation < c.lowRateStationaryMaximumDeviation / 2 && (speed ?? 0) < c.cyclingMinimumSpeed
            return WindowDecision(activity: .stationary, confidence: sure ? .high : .medium, rule: .lowRateStill)
        }
        if (speed ?? 0) < c.cyclingMinimumSpeed && reported != .automotive {
            if deviation >= c.lowRateGaitMinimumDeviation {
                return WindowDecision(activity: .walking, confidence: .low, rule: .lowRateEnergyWalking)
            }
            if f.inputWobble >= c.gaitMinimumWobble && deviation >= c.gaitMinimumDeviation {
                return WindowDecision(activity: .walking, confidence: .low, rule: .lowRateSwayWalking)
            }
        }
        if let decision = speedWithoutGait(speed, c) { return decision }
        if f.tilt >= c.handlingMinimumTilt {
            return WindowDecision(activity: .unknown, confidence: .low, rule: .handling)
        }
        if let decision = turningInPlace(f, reported: reported, c) { return decision }
        if deviation < c.vehicleMaximumDeviation {
            return WindowDecision(activity: .automotive, confidence: .low, rule: .lowRateVibration)
        }
        return WindowDecision(activity: .unknown, confidence: .low, rule: .strongAperiodic)
    }
}
