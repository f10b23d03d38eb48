import Testing
@_spi(Tuning) @testable import Locomotion

/// The decision table on hand-built window features: each rule's boundary from both sides (the threshold itself
/// and the next representable value below it), in the configuration's own thresholds, so that the tests follow
/// the table when its values are tuned. Rule numbers as in `ActivityRule` and `Docs/activity.md`.
@Suite struct ActivityRulesTests {
    static let c = ActivityClassifier.Configuration()

    /// A window that no rule before "strong aperiodic" claims: well sampled, stronger than vehicle vibration,
    /// no rhythm, no cadence, no tilt, no sway, and a magnitude that varies as much as the direction.
    static var strong: ActivityFeatures {
        ActivityFeatures(mean: 1, deviation: c.vehicleMaximumDeviation, dominantFrequency: 0, dominantPower: 0,
                         spectralEntropy: 1, lowBandPower: 0, highBandPower: 0, periodicity: 0, period: 0, tilt: 0,
                         stepFrequency: 0, inputRate: 50, inputDeviation: c.vehicleMaximumDeviation, inputWobble: 0)
    }

    /// A clean walking window at the middle of the cadence band.
    static var gait: ActivityFeatures {
        var f = strong
        f.deviation = c.gaitMinimumDeviation
        f.periodicity = c.gaitMinimumPeriodicity
        f.stepFrequency = (c.gaitCadence.lowerBound + c.gaitCadence.upperBound) / 2
        f.stepFrequency = min(f.stepFrequency, c.runningMinimumCadence.nextDown)
        return f
    }

    /// A pedalling window: a crank turn every 1.2 s, |a| once a turn, at the rule's thresholds (the deviation at gait
    /// size, so that the window is gait-like for the rules after it).
    static var pedalling: ActivityFeatures {
        var f = strong
        f.deviation = max(c.pedallingMinimumDeviation, c.gaitMinimumDeviation)
        f.periodicity = c.pedallingMinimumPeriodicity
        f.period = 1.2
        f.dominantFrequency = 1 / 1.2
        f.stepFrequency = 2 / 1.2   // what the gait rules would take it for: a stride of 1.67 steps/s
        f.inputWobble = c.pedallingMinimumWobble
        f.skewness = c.pedallingMaximumSkewness
        return f
    }

    static func decide(_ f: ActivityFeatures, speed: Double? = nil, reported: MotionActivity? = nil) -> WindowDecision {
        ActivityRules.decide(f, speed: speed, reported: reported, c)
    }

    @Test("0: below the minimum input rate nothing is decided")
    func sparseInput() {
        var f = Self.strong
        f.inputRate = Self.c.minimumInputRate.nextDown
        #expect(Self.decide(f).rule == .sparseInput && Self.decide(f).activity == .unknown)
        f.inputRate = Self.c.minimumInputRate
        #expect(Self.decide(f).rule != .sparseInput)
    }

    @Test("1: still below the stationary deviation, high confidence below half of it; 1b: a vehicle speed says ride")
    func still() {
        var f = Self.strong
        f.deviation = Self.c.stationaryMaximumDeviation.nextDown
        #expect(Self.decide(f).rule == .still && Self.decide(f).activity == .stationary)
        #expect(Self.decide(f).confidence == .medium)
        f.deviation = (Self.c.stationaryMaximumDeviation / 2).nextDown
        #expect(Self.decide(f).confidence == .high)
        #expect(Self.decide(f, speed: Self.c.cyclingMinimumSpeed).confidence == .medium)
        #expect(Self.decide(f, speed: Self.c.vehicleMinimumSpeed.nextDown).rule == .still)
        let ride = Self.decide(f, speed: Self.c.vehicleMinimumSpeed)
        #expect(ride.rule == .speedSmoothRide && ride.activity == .automotive)
        f.deviation = Self.c.stationaryMaximumDeviation
        #expect(Self.decide(f).rule != .still)
    }

    @Test("2-3: gait needs periodicity, deviation and a cadence in the band; running needs impacts and a fast cadence")
    func gait() {
        let f = Self.gait
        #expect(Self.decide(f).rule == .gaitWalking && Self.decide(f).activity == .walking)
        var weak = f
        weak.periodicity = Self.c.gaitMinimumPeriodicity.nextDown
        #expect(Self.decide(weak).rule != .gaitWalking)
        weak = f
        weak.deviation = Self.c.gaitMinimumDeviation.nextDown
        #expect(Self.decide(weak).rule != .gaitWalking)
        for outside in [Self.c.gaitCadence.lowerBound.nextDown, Self.c.gaitCadence.upperBound.nextUp] {
            var off = f
            off.stepFrequency = outside
            #expect(Self.decide(off).rule != .gaitWalking, "cadence \(outside) Hz")
        }
        // Inside a vehicle the rhythm must be clearer to count as steps.
        let exit = max(Self.c.gaitMinimumPeriodicity, Self.c.vehicleExitMinimumPeriodicity)
        var inCar = f
        inCar.periodicity = exit.nextDown
        #expect(Self.decide(inCar, reported: .automotive).rule != .gaitWalking)
        inCar.periodicity = exit
        #expect(Self.decide(inCar, reported: .automotive).rule == .gaitWalking)

        var run = f
        run.deviation = Self.c.runningMinimumDeviation
        run.stepFrequency = Self.c.runningMinimumCadence
        #expect(Self.decide(run).rule == .gaitRunning && Self.decide(run).activity == .running)
        var slow = run
        slow.stepFrequency = Self.c.runningMinimumCadence.nextDown
        #expect(Self.decide(slow).rule == .gaitWalking)
        var soft = run
        soft.deviation = Self.c.runningMinimumDeviation.nextDown
        #expect(Self.decide(soft).rule == .gaitWalking)
    }

    @Test("gait confidence follows the periodicity: high from 0.5, medium from 0.35, else low")
    func gaitConfidence() {
        var f = Self.gait
        for (periodicity, confidence) in [(0.5, ActivityConfidence.high), (0.5.nextDown, .medium), (0.35, .medium),
                                          (0.35.nextDown, .low)] where periodicity >= Self.c.gaitMinimumPeriodicity {
            f.periodicity = periodicity
            #expect(Self.decide(f).confidence == confidence, "periodicity \(periodicity)")
        }
    }

    @Test("4: strong motion at a step cadence without a rhythm is weak gait, but not in a car or at bicycle speed")
    func weakGait() {
        var f = Self.strong
        f.stepFrequency = Self.gait.stepFrequency
        f.deviation = Self.c.weakGaitMinimumDeviation
        f.inputDeviation = f.deviation
        #expect(Self.decide(f).rule == .weakGaitWalking && Self.decide(f).confidence == .low)
        #expect(Self.decide(f, reported: .automotive).rule != .weakGaitWalking)
        #expect(Self.decide(f, speed: Self.c.cyclingMinimumSpeed.nextDown).rule == .weakGaitWalking)
        #expect(Self.decide(f, speed: Self.c.cyclingMinimumSpeed).rule != .weakGaitWalking)
        f.deviation = Self.c.weakGaitMinimumDeviation.nextDown
        #expect(Self.decide(f).rule != .weakGaitWalking)
    }

    @Test("5: a swaying phone with gait-sized energy is walking")
    func sway() {
        var f = Self.strong
        f.inputWobble = Self.c.gaitMinimumWobble
        f.inputDeviation = Self.c.gaitMinimumDeviation
        #expect(Self.decide(f).rule == .swayWalking && Self.decide(f).activity == .walking)
        #expect(Self.decide(f, reported: .automotive).rule != .swayWalking)
        var still = f
        still.inputWobble = Self.c.gaitMinimumWobble.nextDown
        #expect(Self.decide(still).rule != .swayWalking)
        still = f
        still.inputDeviation = Self.c.gaitMinimumDeviation.nextDown
        #expect(Self.decide(still).rule != .swayWalking)
    }

    @Test("6-7: without gait, vehicle speed is automotive and bicycle speed is cycling; gait wins over speed")
    func speedWithoutGait() {
        let f = Self.strong
        #expect(Self.decide(f, speed: Self.c.vehicleMinimumSpeed).rule == .speedVehicle)
        #expect(Self.decide(f, speed: Self.c.vehicleMinimumSpeed).activity == .automotive)
        #expect(Self.decide(f, speed: Self.c.vehicleMinimumSpeed.nextDown).rule == .speedNoGaitCycling)
        #expect(Self.decide(f, speed: Self.c.cyclingMinimumSpeed).activity == .cycling)
        #expect(Self.decide(f, speed: Self.c.cyclingMinimumSpeed.nextDown).rule == .strongAperiodic)
        #expect(Self.decide(Self.gait, speed: Self.c.vehicleMinimumSpeed).rule == .gaitWalking)
    }

    @Test("8-9: a tilted phone is handled (unknown); one turned in the hand without moving is stationary")
    func handling() {
        var f = Self.strong
        f.tilt = Self.c.handlingMinimumTilt
        #expect(Self.decide(f).rule == .handling && Self.decide(f).activity == .unknown)
        f.tilt = Self.c.handlingMinimumTilt.nextDown
        #expect(Self.decide(f).rule != .handling)

        // The direction spreads `handlingMinimumRotation` times the magnitude's deviation, too little energy for a
        // walking sway.
        var turned = Self.strong
        turned.inputDeviation = min(0.05, Self.c.gaitMinimumDeviation.nextDown)
        turned.inputWobble = Self.c.handlingMinimumRotation * turned.inputDeviation
        #expect(Self.decide(turned).rule == .handlingInPlace && Self.decide(turned).activity == .stationary)
        #expect(Self.decide(turned, reported: .automotive).rule != .handlingInPlace)
        turned.inputWobble = turned.inputWobble.nextDown
        #expect(Self.decide(turned).rule != .handlingInPlace)
    }

    @Test("10-11: aperiodic vibration of vehicle size is automotive; anything stronger is unknown")
    func vibration() {
        var f = Self.strong
        #expect(Self.decide(f).rule == .strongAperiodic && Self.decide(f).activity == .unknown)
        f.deviation = Self.c.vehicleMaximumDeviation.nextDown
        #expect(Self.decide(f).rule == .vibrationNoGait && Self.decide(f).activity == .automotive)
        #expect(Self.decide(f).confidence == .medium)
        f.deviation = (2 * Self.c.stationaryMaximumDeviation).nextDown
        #expect(Self.decide(f).confidence == .low)
    }

    @Test("L1-L6: below the rhythm rate the input energy decides, and running is never claimed")
    func lowRate() {
        var f = Self.strong
        f.inputRate = Self.c.rhythmMinimumInputRate.nextDown
        f.deviation = 0  // interpolated: the low-rate rules look at the input samples only
        f.inputDeviation = Self.c.lowRateStationaryMaximumDeviation.nextDown
        #expect(Self.decide(f).rule == .lowRateStill && Self.decide(f).activity == .stationary)
        #expect(Self.decide(f).confidence == .medium)
        #expect(Self.decide(f, speed: Self.c.vehicleMinimumSpeed).rule == .speedSmoothRide)
        f.inputDeviation = (Self.c.lowRateStationaryMaximumDeviation / 2).nextDown
        #expect(Self.decide(f).confidence == .high)
        // Low-rate stillness has its own threshold: the 20 Hz one (`stationaryMaximumDeviation`) does not move it.
        f.inputDeviation = Self.c.lowRateStationaryMaximumDeviation
        #expect(Self.decide(f).rule == .lowRateVibration)
        var looser = Self.c
        looser.stationaryMaximumDeviation = 10 * Self.c.lowRateStationaryMaximumDeviation
        #expect(ActivityRules.decide(f, speed: nil, reported: nil, looser).rule == .lowRateVibration)
        looser.lowRateStationaryMaximumDeviation = 2 * Self.c.lowRateStationaryMaximumDeviation
        #expect(ActivityRules.decide(f, speed: nil, reported: nil, looser).rule == .lowRateStill)
        f.inputDeviation = Self.c.lowRateGaitMinimumDeviation
        #expect(Self.decide(f).rule == .lowRateEnergyWalking && Self.decide(f).activity == .walking)
        #expect(Self.decide(f, speed: Self.c.vehicleMinimumSpeed).rule == .speedVehicle)
        #expect(Self.decide(f, reported: .automotive).rule == .lowRateVibration)
        f.inputDeviation = Self.c.lowRateGaitMinimumDeviation.nextDown
        #expect(Self.decide(f).rule == .lowRateVibration && Self.decide(f).activity == .automotive)
        f.inputDeviation = Self.c.vehicleMaximumDeviation
        #expect(Self.decide(f, reported: .automotive).rule == .strongAperiodic)
        if Self.c.gaitMinimumDeviation < Self.c.lowRateGaitMinimumDeviation {
            f.inputDeviation = Self.c.gaitMinimumDeviation
            f.inputWobble = Self.c.gaitMinimumWobble
            #expect(Self.decide(f).rule == .lowRateSwayWalking)
            f.inputWobble = Self.c.gaitMinimumWobble.nextDown
            #expect(Self.decide(f).rule != .lowRateSwayWalking)
        }
        // A rhythm that would be running above the rhythm rate is not looked at below it.
        var run = Self.gait
        run.inputRate = Self.c.rhythmMinimumInputRate.nextDown
        run.deviation = Self.c.runningMinimumDeviation
        run.stepFrequency = Self.c.runningMinimumCadence
        #expect(Self.decide(run).activity != .running)
        run.inputRate = Self.c.rhythmMinimumInputRate
        #expect(Self.decide(run).activity == .running)
    }

    @Test("1c: pedalling needs a crank period, |a| once a period, leg-size deviation, the phone turning, no heel strikes")
    func pedalling() {
        let f = Self.pedalling
        #expect(Self.decide(f).rule == .pedalling && Self.decide(f).activity == .cycling)
        #expect(Self.decide(f).confidence == .medium)
        var clear = f
        clear.periodicity = 0.5
        #expect(Self.decide(clear).confidence == .high)
        // Each condition from the other side: the window then falls to the gait rules (a stride at 1.67 steps/s).
        var g = f
        g.periodicity = Self.c.pedallingMinimumPeriodicity.nextDown
        #expect(Self.decide(g).rule == .gaitWalking)
        g = f
        g.deviation = Self.c.pedallingMinimumDeviation
        #expect(Self.decide(g).rule == .pedalling)
        g.deviation = Self.c.pedallingMinimumDeviation.nextDown
        #expect(Self.decide(g).rule != .pedalling)
        g = f
        g.inputWobble = Self.c.pedallingMinimumWobble.nextDown
        #expect(Self.decide(g).rule == .gaitWalking)
        g = f
        g.skewness = Self.c.pedallingMaximumSkewness.nextUp
        #expect(Self.decide(g).rule == .gaitWalking)
        // A step's period (a walker's rhythm) is below the crank's; a stride's has its strongest line at the steps.
        g = f
        g.period = Self.c.pedallingPeriod.lowerBound.nextDown
        g.dominantFrequency = 1 / g.period
        #expect(Self.decide(g).rule != .pedalling)
        g = f
        g.dominantFrequency = 2 / f.period
        #expect(Self.decide(g).rule != .pedalling)
        g = f
        g.period = Self.c.pedallingPeriod.upperBound.nextUp
        g.dominantFrequency = 1 / g.period
        #expect(Self.decide(g).rule != .pedalling)
    }

    @Test("1c: a fix's speed sets how sure pedalling is; beyond a bicycle's speed it is not pedalling")
    func pedallingWithSpeed() {
        let f = Self.pedalling
        #expect(Self.decide(f, speed: Self.c.cyclingMinimumSpeed).confidence == .high)
        #expect(Self.decide(f, speed: Self.c.vehicleMinimumSpeed.nextDown).confidence == .high)
        let slow = Self.decide(f, speed: Self.c.cyclingMinimumSpeed.nextDown)
        #expect(slow.rule == .pedalling && slow.confidence == .low)
        let fast = Self.decide(f, speed: Self.c.vehicleMinimumSpeed)
        #expect(fast.rule == .pedalling && fast.confidence == .low)
        // Beyond a bicycle's speed the slow rhythm is no walk either (the gait rules would take it for one): a
        // vehicle, as the speed says.
        let car = Self.decide(f, speed: Self.c.cyclingMaximumSpeed)
        #expect(car.rule == .speedVehicle && car.activity == .automotive && car.confidence == .high)
        // The rule-only model's ride context: a passenger's leg is not a bicycle.
        #expect(Self.decide(f, reported: .automotive).rule != .pedalling)
    }
}
