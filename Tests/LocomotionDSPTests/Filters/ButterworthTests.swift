import Foundation
import Testing
@testable import LocomotionDSP

@Suite struct ButterworthTests {
    @Test func matchesScipyDesignsSectionBySection() {
        let reference = ReferenceData.shared
        #expect(reference.designs.count > 80)
        for case_ in reference.designs {
            let expected = biquads(fromSOS: case_.sos)
            let actual = design(kind: case_.kind, order: case_.order, frequencies: case_.frequencies, fs: case_.fs)
            #expect(actual.count == expected.count, "\(case_.kind) order \(case_.order) \(case_.frequencies)")
            guard actual.count == expected.count else { continue }
            for (a, e) in zip(actual, expected) {
                let difference = maximumDifference([a.b0, a.b1, a.b2, a.a1, a.a2], [e.b0, e.b1, e.b2, e.a1, e.a2])
                #expect(difference <= 1e-12,
                        "\(case_.kind) order \(case_.order) \(case_.frequencies) @\(case_.fs): Δ = \(difference)")
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 8])
    func lowPassIsMinus3dBAtCutoffAndUnityAtDC(order: Int) {
        let sections = Butterworth.lowPass(order: order, cutoff: 5, sampleRate: 100)
        #expect(sections.count == (order + 1) / 2)
        #expect(abs(sections.magnitudeResponse(at: 0, sampleRate: 100) - 1) < 1e-12)
        #expect(abs(sections.magnitudeResponse(at: 5, sampleRate: 100) - 1 / 2.0.squareRoot()) < 1e-12)
        // Monotonic roll-off: |H| at 2 fc (pre-warped) within the analog bound 1/√(1+ (Ω/Ωc)^(2N)).
        let warpedRatio = tan(Double.pi * 10 / 100) / tan(Double.pi * 5 / 100)
        let expected = 1 / (1 + pow(warpedRatio, Double(2 * order))).squareRoot()
        #expect(abs(sections.magnitudeResponse(at: 10, sampleRate: 100) - expected) < 1e-12)
    }

    @Test(arguments: [1, 2, 4, 6])
    func highPassIsMinus3dBAtCutoffAndUnityAtNyquist(order: Int) {
        let sections = Butterworth.highPass(order: order, cutoff: 2, sampleRate: 50)
        #expect(sections.magnitudeResponse(at: 0, sampleRate: 50) < 1e-12)
        #expect(abs(sections.magnitudeResponse(at: 25, sampleRate: 50) - 1) < 1e-12)
        #expect(abs(sections.magnitudeResponse(at: 2, sampleRate: 50) - 1 / 2.0.squareRoot()) < 1e-12)
    }

    @Test(arguments: [1, 2, 3, 4])
    func bandPassIsMinus3dBAtBothEdgesAndUnityAtCentre(order: Int) {
        let sampleRate = 50.0, low = 0.5, high = 3.0
        let sections = Butterworth.bandPass(order: order, low: low, high: high, sampleRate: sampleRate)
        #expect(sections.count == order)
        // The digital centre is the geometric mean of the pre-warped edges.
        let warpedCentre = (tan(Double.pi * low / sampleRate) * tan(Double.pi * high / sampleRate)).squareRoot()
        let centre = atan(warpedCentre) * sampleRate / Double.pi
        #expect(abs(sections.magnitudeResponse(at: centre, sampleRate: sampleRate) - 1) < 1e-12)
        for edge in [low, high] {
            #expect(abs(sections.magnitudeResponse(at: edge, sampleRate: sampleRate) - 1 / 2.0.squareRoot()) < 1e-12)
        }
        #expect(sections.magnitudeResponse(at: 0, sampleRate: sampleRate) < 1e-12)
    }
}
