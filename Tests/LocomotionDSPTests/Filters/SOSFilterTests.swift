import Foundation
import Testing
@testable import LocomotionDSP
import LocomotionTestSupport

@Suite struct SOSFilterTests {
    @Test func matchesScipySosfiltFromRestAndFromSteadyState() {
        let reference = ReferenceData.shared
        for case_ in reference.filtering {
            let sections = biquads(fromSOS: case_.sos)
            var filter = SOSFilter(sections: sections)
            var output = reference.signal
            filter.process(&output)
            #expect(maximumDifference(output, case_.sosfilt) < 1e-12, "\(case_.kind) sosfilt")

            filter.reset(steadyStateFor: reference.signal[0])
            output = reference.signal
            filter.process(&output)
            #expect(maximumDifference(output, case_.sosfilt_steady) < 1e-12, "\(case_.kind) sosfilt with zi·x0")
        }
    }

    @Test func zeroPhaseMatchesScipySosfiltfilt() {
        let reference = ReferenceData.shared
        for case_ in reference.filtering {
            let output = SOSFilter.zeroPhase(sections: biquads(fromSOS: case_.sos), reference.signal)
            #expect(maximumDifference(output, case_.sosfiltfilt) < 1e-12, "\(case_.kind) sosfiltfilt")
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 7])
    func streamingEqualsBufferBitForBit(order: Int) {
        let sections = Butterworth.lowPass(order: order, cutoff: 3, sampleRate: 50)
        var random = SplitMix64(seed: UInt64(order))
        let input = (0..<1000).map { _ in random.symmetric() }
        var streaming = SOSFilter(sections: sections)
        let streamed = input.map { streaming.process($0) }
        // Buffer path in uneven chunks, continuing state across calls.
        var buffered = SOSFilter(sections: sections)
        var output: [Double] = []
        var start = 0
        for chunk in [1, 7, 100, 333, 559] {
            var piece = Array(input[start..<(start + chunk)])
            buffered.process(&piece)
            output += piece
            start += chunk
        }
        #expect(output == streamed)
        // And the two carry the same state onwards.
        #expect(streaming.process(0.5) == buffered.process(0.5))
    }

    @Test func steadyStateResetRemovesTheStartTransient() {
        var filter = SOSFilter(sections: Butterworth.lowPass(order: 4, cutoff: 0.3, sampleRate: 100))
        filter.reset(steadyStateFor: 0.98)
        for _ in 0..<500 {
            #expect(abs(filter.process(0.98) - 0.98) < 1e-12)
        }
        var highPass = SOSFilter(sections: Butterworth.highPass(order: 3, cutoff: 0.5, sampleRate: 100))
        highPass.reset(steadyStateFor: 1.0)
        #expect(abs(highPass.process(1.0)) < 1e-12)
    }

    @Test func resetReturnsToRest() {
        var filter = SOSFilter(sections: Butterworth.lowPass(order: 2, cutoff: 5, sampleRate: 100))
        let first = (0..<50).map { filter.process(Double($0 % 7)) }
        filter.reset()
        let second = (0..<50).map { filter.process(Double($0 % 7)) }
        #expect(first == second)
    }

    @Test func sineGainMatchesDesignResponse() {
        // Steady-state amplitude of a filtered sine equals |H(f)|.
        let sampleRate = 100.0
        let sections = Butterworth.lowPass(order: 4, cutoff: 5, sampleRate: sampleRate)
        for frequency in [2.0, 5.0, 8.0] {
            var filter = SOSFilter(sections: sections)
            var signal = sine(frequency: frequency, sampleRate: sampleRate, count: 4000)
            filter.process(&signal)
            let tail = signal[2000...]
            let amplitude = tail.map(abs).max()!
            let expected = sections.magnitudeResponse(at: frequency, sampleRate: sampleRate)
            #expect(abs(amplitude - expected) < 2e-3, "f = \(frequency): \(amplitude) vs \(expected)")
        }
    }

    @Test func zeroPhaseHasNoDelayAndSquaredGain() {
        let sampleRate = 100.0
        let sections = Butterworth.lowPass(order: 2, cutoff: 5, sampleRate: sampleRate)
        let signal = sine(frequency: 5, sampleRate: sampleRate, count: 2000)
        let output = SOSFilter.zeroPhase(sections: sections, signal)
        // At the cutoff the forward-backward gain is (1/√2)² = 0.5, with zero phase.
        for index in 500..<1500 {
            #expect(abs(output[index] - 0.5 * signal[index]) < 1e-6)
        }
    }

    @Test func zeroPhaseHandlesShortSignals() {
        let sections = Butterworth.lowPass(order: 4, cutoff: 5, sampleRate: 100)
        #expect(SOSFilter.zeroPhase(sections: sections, []).isEmpty)
        #expect(maximumDifference(SOSFilter.zeroPhase(sections: sections, [2.0]), [2.0]) < 1e-12)
        let constant = SOSFilter.zeroPhase(sections: sections, [1.5, 1.5, 1.5])
        #expect(maximumDifference(constant, [1.5, 1.5, 1.5]) < 1e-12)
    }

    @Test func emptyCascadePassesThrough() {
        var filter = SOSFilter(sections: [])
        #expect(filter.process(3.25) == 3.25)
        var buffer = [1.0, 2.0]
        filter.process(&buffer)
        #expect(buffer == [1.0, 2.0])
    }
}
