/// The measurements of one analysis window that the activity rules look at.
///
/// All come from the magnitude |a| of acceleration including gravity, resampled to the classifier's rate,
/// except `tilt`, which comes from the direction of the mean acceleration (gravity).
package struct ActivityFeatures: Sendable, Hashable, Codable {
    /// Mean of |a| in g (≈ 1 for any phone at rest).
    package var mean: Double
    /// Standard deviation of |a| in g: how hard the body or vehicle shakes the phone.
    package var deviation: Double
    /// Frequency of the highest peak of the |a| power spectrum (Hz), DC excluded.
    package var dominantFrequency: Double
    /// Share of the non-DC power in the dominant peak (0…1): near 1 for a clean rhythm, small for broadband motion.
    package var dominantPower: Double
    /// Normalised spectral entropy (0…1): 1 for white noise, low for a single tone.
    package var spectralEntropy: Double
    /// Power of |a| between 0.5 and 3 Hz in g² (gait fundamentals, body sway).
    package var lowBandPower: Double
    /// Power of |a| between 3 and 8 Hz in g² (heel-strike harmonics, road and engine vibration).
    package var highBandPower: Double
    /// Highest normalised autocorrelation peak of |a| at lags 0.25–2 s (−1…1): how periodic the motion is.
    package var periodicity: Double
    /// Lag of that peak in seconds (a step or a stride period).
    package var period: Double
    /// Angle in degrees between the mean acceleration direction of the first and the last second of the window:
    /// how much the phone turned.
    package var tilt: Double
    /// Step frequency in Hz estimated from the dominant frequency (doubled when the stride dominates).
    package var stepFrequency: Double
    /// Input samples per second in the window (Hz), counted before resampling: what the phone really delivered.
    package var inputRate: Double
    /// Standard deviation of |a| (g) over the input samples of the window, before resampling. Unlike
    /// `deviation` it does not shrink when a low-rate input is interpolated up to the classifier's rate.
    package var inputDeviation: Double
    /// Spread of the direction of the input samples' acceleration in degrees (about the root-mean-square angle
    /// of a sample from the window's mean direction): a walker's phone sways with the body by 5–30° at any
    /// sampling rate, a phone riding in a vehicle stays within a few degrees.
    package var inputWobble: Double
    /// Skewness of |a| in the window (the third standardised moment, dimensionless): heel strikes make brief
    /// high peaks (positive, 0.2–1 when walking), a leg turning the cranks swings |a| smoothly, its sharpest
    /// excursions being dips (negative); 0 when |a| does not vary.
    package var skewness: Double
    /// Ground speed (m/s) from the latest fix the window used, or nil when it had none.
    package var speed: Double?

    /// Creates features from their values (units as documented on each property).
    package init(mean: Double, deviation: Double, dominantFrequency: Double, dominantPower: Double,
                spectralEntropy: Double, lowBandPower: Double, highBandPower: Double, periodicity: Double,
                period: Double, tilt: Double, stepFrequency: Double, inputRate: Double = 0, inputDeviation: Double = 0,
                inputWobble: Double = 0, skewness: Double = 0, speed: Double? = nil) {
        self.mean = mean
        self.deviation = deviation
        self.dominantFrequency = dominantFrequency
        self.dominantPower = dominantPower
        self.spectralEntropy = spectralEntropy
        self.lowBandPower = lowBandPower
        self.highBandPower = highBandPower
        self.periodicity = periodicity
        self.period = period
        self.tilt = tilt
        self.stepFrequency = stepFrequency
        self.inputRate = inputRate
        self.inputDeviation = inputDeviation
        self.inputWobble = inputWobble
        self.skewness = skewness
        self.speed = speed
    }

    /// The values by name, for an `ActivityExplanation`.
    package var dictionary: [String: Double] {
        var values = [
            "mean_g": mean, "deviation_g": deviation, "dominant_frequency_hz": dominantFrequency,
            "dominant_power": dominantPower, "spectral_entropy": spectralEntropy,
            "low_band_power_g2": lowBandPower, "high_band_power_g2": highBandPower,
            "periodicity": periodicity, "period_s": period, "tilt_deg": tilt, "step_frequency_hz": stepFrequency,
            "input_rate_hz": inputRate, "input_deviation_g": inputDeviation, "input_wobble_deg": inputWobble,
            "skewness": skewness,
        ]
        if let speed { values["speed_mps"] = speed }
        return values
    }
}

extension ActivityFeatures {
    private enum CodingKeys: String, CodingKey {
        case mean, deviation, dominantFrequency, dominantPower, spectralEntropy, lowBandPower, highBandPower
        case periodicity, period, tilt, stepFrequency, inputRate, inputDeviation, inputWobble, skewness, speed
    }

    /// Decodes features; those written before `skewness` and `speed` existed (snapshots of earlier versions) read
    /// as 0 and nil.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(mean: try c.decode(Double.self, forKey: .mean),
                  deviation: try c.decode(Double.self, forKey: .deviation),
                  dominantFrequency: try c.decode(Double.self, forKey: .dominantFrequency),
                  dominantPower: try c.decode(Double.self, forKey: .dominantPower),
                  spectralEntropy: try c.decode(Double.self, forKey: .spectralEntropy),
                  lowBandPower: try c.decode(Double.self, forKey: .lowBandPower),
                  highBandPower: try c.decode(Double.self, forKey: .highBandPower),
                  periodicity: try c.decode(Double.self, forKey: .periodicity),
                  period: try c.decode(Double.self, forKey: .period),
                  tilt: try c.decode(Double.self, forKey: .tilt),
                  stepFrequency: try c.decode(Double.self, forKey: .stepFrequency),
                  inputRate: try c.decodeIfPresent(Double.self, forKey: .inputRate) ?? 0,
                  inputDeviation: try c.decodeIfPresent(Double.self, forKey: .inputDeviation) ?? 0,
                  inputWobble: try c.decodeIfPresent(Double.self, forKey: .inputWobble) ?? 0,
                  skewness: try c.decodeIfPresent(Double.self, forKey: .skewness) ?? 0,
                  speed: try c.decodeIfPresent(Double.self, forKey: .speed))
    }
}
