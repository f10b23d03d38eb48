import Locomotion

/// A model of the sensor energy a recording drew in each recording mode, to say what low power saved: power figures
/// (milliwatts) for high-accuracy and for low-power recording — assumptions to be replaced by a device's own
/// measurements, never measurements themselves.
package struct RecordingEnergyModel: Sendable, Hashable, Codable {
    /// Power drawn while recording at high accuracy, mW.
    package var highAccuracyMilliwatts: Double
    /// Power drawn while recording at low power, mW.
    package var lowPowerMilliwatts: Double

    /// Default power figures: a phone's GNSS receiver tracking continuously (the dominant cost of high-accuracy
    /// recording) plus a 50 Hz accelerometer, against network positioning with the accelerometer at 10 Hz.
    package static let defaultHighAccuracyMilliwatts = 150.0
    package static let defaultLowPowerMilliwatts = 5.0

    package init(highAccuracyMilliwatts: Double = defaultHighAccuracyMilliwatts,
                lowPowerMilliwatts: Double = defaultLowPowerMilliwatts) {
        self.highAccuracyMilliwatts = highAccuracyMilliwatts
        self.lowPowerMilliwatts = lowPowerMilliwatts
    }

    /// The share of the energy of always-high-accuracy recording that the modes saved, 0…1:
    /// `1 − (P_h·T_h + P_l·T_l) / (P_h·(T_h + T_l))` for `highAccuracySeconds` T_h and `lowPowerSeconds` T_l, gaps
    /// excluded (nothing records then); 0 without recorded time or with P_h = 0.
    /// - Complexity: O(1).
    package func energySavedShare(highAccuracySeconds: Double, lowPowerSeconds: Double) -> Double {
        let covered = highAccuracySeconds + lowPowerSeconds
        guard covered > 0, highAccuracyMilliwatts > 0 else { return 0 }
        let spent = highAccuracyMilliwatts * highAccuracySeconds + lowPowerMilliwatts * lowPowerSeconds
        return 1 - spent / (highAccuracyMilliwatts * covered)
    }
}
