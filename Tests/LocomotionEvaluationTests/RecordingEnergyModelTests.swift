import LocomotionEvaluation
import Testing

@Suite struct RecordingEnergyModelTests {
    @Test func energySavedIsTheShareOfAlwaysHighAccuracyEnergyNotSpent() {
        let model = RecordingEnergyModel(highAccuracyMilliwatts: 150, lowPowerMilliwatts: 5)
        // Half the time in each mode at 150 and 5 mW: spent (150 + 5) / 2 of 150 per second.
        let half = model.energySavedShare(highAccuracySeconds: 50, lowPowerSeconds: 50)
        #expect(abs(half - (1 - 155.0 / 300)) < 1e-12)
        #expect(model.energySavedShare(highAccuracySeconds: 100, lowPowerSeconds: 0) == 0)
        #expect(RecordingEnergyModel(highAccuracyMilliwatts: 150, lowPowerMilliwatts: 0)
            .energySavedShare(highAccuracySeconds: 0, lowPowerSeconds: 100) == 1)
        #expect(model.energySavedShare(highAccuracySeconds: 0, lowPowerSeconds: 0) == 0)
        #expect(RecordingEnergyModel(highAccuracyMilliwatts: 0, lowPowerMilliwatts: 0)
            .energySavedShare(highAccuracySeconds: 10, lowPowerSeconds: 10) == 0)
    }
}
