/// The decision of one window: the activity it shows, how sure, and the name of the rule.
struct WindowDecision: Sendable, Hashable, Codable {
    var activity: MotionActivity
    var confidence: ActivityConfidence
    var rule: String
}

/// The decision procedure, as a pure function of one window's features (and the speed, when known).
///
/// Order matters and mirrors the table in `Docs/activity.md`:
/// 1. tiny variance → stationary;
/// 2. periodic gait at a step cadence → running (large impacts, fast cadence) or walking;
/// 3. strong motion at a step cadence but with an irregular rhythm → walking (low confidence);
/// 4. speed (when known) without gait → automotive (fast) or cycling (bicycle speeds);
/// 5. the phone turning a lot without gait → handling: unknown;
/// 6. aperiodic vibration of vehicle size → automotive;
/// 7. anything stronger without gait → unknown (conflicting evidence).
enum ActivityRules {
    /// - Parameter reported: the activity reported now; inside a vehicle, irregular shaking is not taken as
    ///   weak gait (leaving a vehicle starts with clear steps).
    static func decide(_ f: ActivityFeatures, speed: Double?, reported: MotionActivity?,
                       _ c: ActivityClassifier.Configuration) -> WindowDecision {
        if f.inputRate < c.minimumInputRate {
            return WindowDecision(activity: .unknown, confidence: .low, rule: "sparse-input")
        }
        if f.inputRate < c.rhythmMinimumInputRate {
            return decideAtLowRate(f, speed: speed, reported: reported, c)
        }
        if f.deviation < c.stationaryMaximumDeviation {
            let sure = f.deviation < c.stationaryMaximumDeviation / 2 && (speed ?? 0) < c.cyclingMinimumSpeed
            if let speed, speed >= c.vehicleMinimumSpeed {
                // A smooth ride (trains, highways) can be as quiet as a table; speed says otherwise.
                return WindowDecision(activity: .automotive, confidence: .medium, rule: "speed-smooth-ride")
            }
            return WindowDecision(activity: .stationary, confidence: sure ? .high : .medium, rule: "still")
        }

        let periodic = f.periodicity >= (reported == .automotive
            ? max(c.gaitMinimumPeriodicity, c.vehicleExitMinimumPeriodicity) : c.gaitMinimumPeriodicity)
        let gaitLike = periodic && f.deviation >= c.gaitMinimumDeviation && c.gaitCadence.contains(f.stepFrequency)
        if gaitLike {
            let confidence: ActivityConfidence = f.periodicity >= 0.5 ? .high : (f.periodicity >= 0.35 ? .medium : .low)
            if f.deviation >= c.runningMinimumDeviation && f.stepFrequency >= c.runningMinimumCadence {
                return WindowDecision(activity: .running, confidence: confidence, rule: "gait-running")
            }
            return WindowDecision(activity: .walking, confidence: confidence, rule: "gait-walking")
        }

        if f.deviation >= c.weakGaitMinimumDeviation && c.gaitCadence.contains(f.stepFrequency)
            && (speed ?? 0) < c.cyclingMinimumSpeed && reported != .automotive {
            return WindowDecision(activity: .walking, confidence: .low, rule: "weak-gait-walking")
        }
        if f.inputWobble >= c.gaitMinimumWobble && f.inputDeviation >= c.gaitMinimumDeviation
            && (speed ?? 0) < c.cyclingMinimumSpeed && reported != .automotive {
            return WindowDecision(activity: .walking, confidence: .low, rule: "sway-walking")
        }

        if let decision = speedWithoutGait(speed, c) { return decision }

        if f.tilt >= c.handlingMinimumTilt {
            return WindowDecision(activity: .unknown, confidence: .low, rule: "handling")
        }
        if let decision = turningInPlace(f, reported: reported, c) { return decision }
        if f.deviation < c.vehicleMaximumDeviation {
            let confidence: ActivityConfidence = f.deviation >= 2 * c.stationaryMaximumDeviation ? .medium : .low
            return WindowDecision(activity: .automotive, confidence: confidence, rule: "vibration-no-gait")
        }
        return WindowDecision(activity: .unknown, confidence: .low, rule: "strong-aperiodic")
    }

    /// Speed alone, once gait has been ruled out: vehicle speeds are `automotive`, bicycle speeds `cycling`;
    /// nil without a speed or below cycling pace (rules 5 and 6).
    static func speedWithoutGait(_ speed: Double?, _ c: ActivityClassifier.Configuration) -> WindowDecision? {
        guard let speed else { return nil }
        if speed >= c.vehicleMinimumSpeed {
            return WindowDecision(activity: .automotive, confidence: .high, rule: "speed-vehicle")
        }
        if speed >= c.cyclingMinimumSpeed {
            return WindowDecision(activity: .cycling, confidence: .medium, rule: "speed-no-gait-cycling")
        }
        return nil
    }

    /// A phone turned in the hand without gait or speed: its direction spreads far more than its magnitude
    /// varies (`handlingMinimumRotation`), while road jolts move both in proportion. The person is not going
    /// anywhere: stationary, low confidence (rule `handling-in-place`). Nil otherwise, and while a ride is
    /// reported (the rule-only model's context: a phone turned in a vehicle is still in it).
    static func turningInPlace(_ f: ActivityFeatures, reported: MotionActivity?,
                               _ c: ActivityClassifier.Configuration) -> WindowDecision? {
        guard reported != .automotive, f.inputWobble >= c.handlingMinimumRotation * f.inputDeviation else { return nil }
        return WindowDecision(activity: .stationary, confidence: .low, rule: "handling-in-place")
    }

    /// The decision for a window whose input is too sparse for a step rhythm: the energy of the input samples
    /// (not of the interpolated signal) separates stillness, gait and vehicle vibration. Running is not
    /// claimed (its cadence cannot be seen), and neither is gait while a vehicle is reported.
    static func decideAtLowRate(_ f: ActivityFeatures, speed: Double?, reported: MotionActivity?,
                                _ c: ActivityClassifier.Configuration) -> WindowDecision {
        let deviation = f.inputDeviation
        if deviation < c.stationaryMaximumDeviation {
            if let speed, speed >= c.vehicleMinimumSpeed {
                return WindowDecision(activity: .automotive, confidence: .medium, rule: "speed-smooth-ride")
            }
            let sure = deviation < c.stationaryMaximumDeviation / 2 && (speed ?? 0) < c.cyclingMinimumSpeed
            return WindowDecision(activity: .stationary, confidence: sure ? .high : .medium, rule: "low-rate-still")
        }
        if (speed ?? 0) < c.cyclingMinimumSpeed && reported != .automotive {
            if deviation >= c.lowRateGaitMinimumDeviation {
                return WindowDecision(activity: .walking, confidence: .low, rule: "low-rate-energy-walking")
            }
            if f.inputWobble >= c.gaitMinimumWobble && deviation >= c.gaitMinimumDeviation {
                return WindowDecision(activity: .walking, confidence: .low, rule: "low-rate-sway-walking")
            }
        }
        if let decision = speedWithoutGait(speed, c) { return decision }
        if f.tilt >= c.handlingMinimumTilt {
            return WindowDecision(activity: .unknown, confidence: .low, rule: "handling")
        }
        if let decision = turningInPlace(f, reported: reported, c) { return decision }
        if deviation < c.vehicleMaximumDeviation {
            return WindowDecision(activity: .automotive, confidence: .low, rule: "low-rate-vibration")
        }
        return WindowDecision(activity: .unknown, confidence: .low, rule: "strong-aperiodic")
    }
}
