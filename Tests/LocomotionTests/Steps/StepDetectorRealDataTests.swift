import LocomotionDSP
import Testing
import LocomotionTestSupport

@testable import Locomotion

/// A few real recordings with loose bounds, as a smoke test that the detector works on phone
/// data. The accuracy claim is the leave-one-user-out evaluation in Docs/accuracy.md
/// (Scripts/steps-evaluation.py), not these tests.
@Suite("StepDetector on real recordings")
struct StepDetectorRealDataTests {
    @Test(
        "Oxford walks: count within 5 % of the foot-switch truth, native and 50 Hz",
        .tags(.realData), .enabled(if: TestDatasets.isPresent("oxford-step-counter"), Comment(rawValue: TestDatasets.absence("oxford-step-counter"))),
        arguments: ["Samsung_Dario_Hard_FrontPocket_2", "Samsung_Carmelo_Hard_Purse_2"])
    func oxfordWalk(name: String) throws {
        let (samples, trueSteps) = try StepTestDatasets.oxford(name)
        try StepDetector.checkSamplingRate(of: samples)
        let counted = StepDetector.detect(samples).steps.count
        let error = abs(Double(counted - trueSteps)) / Double(trueSteps)
        #expect(error <= 0.05, "\(name): \(counted) counted, \(trueSteps) true")

        // Every fourth sample of a ~200 Hz trace: ~50 Hz, as CoreMotion would deliver.
        let decimated = stride(from: 0, to: samples.count, by: 4).map { samples[$0] }
        let counted50 = StepDetector.detect(decimated).steps.count
        let error50 = abs(Double(counted50 - trueSteps)) / Double(trueSteps)
        #expect(error50 <= 0.05, "\(name) at ~50 Hz: \(counted50) counted, \(trueSteps) true")
    }

    @Test(
        "a phone at rest and a car ride give (almost) no steps",
        .tags(.realData), .enabled(if: TestDatasets.isPresent("us-tm2017"), Comment(rawValue: TestDatasets.absence("us-tm2017"))),
        arguments: ["Damiano_Still_1484659419340", "Damiano_Car_1485092954647"])
    func stillAndCar(name: String) throws {
        let samples = try StepTestDatasets.usTransportationMode(name)
        try StepDetector.checkSamplingRate(of: samples)
        let minutes = (samples.last!.time - samples.first!.time) / 60
        let counted = StepDetector.detect(samples).steps.count
        // Loose: the target over all still/vehicle data is 0.5/min; allow 2/min on one session.
        #expect(Double(counted) <= 2 * minutes, "\(name): \(counted) steps in \(minutes) min")
    }

    @Test(
        "a 3–4 Hz session is refused as too sparse",
        .tags(.realData), .enabled(if: TestDatasets.isPresent("us-tm2017"), Comment(rawValue: TestDatasets.absence("us-tm2017"))))
    func sparseSessionRefused() throws {
        let samples = try StepTestDatasets.usTransportationMode("andrea_Walking_1481223778668")
        #expect(throws: StepDetectionError.self) { try StepDetector.checkSamplingRate(of: samples) }
        #expect(StepDetector.detect(samples).steps.isEmpty)
    }
}
