import Testing

import Foundation

@testable import Locomotion

/// The meter computes its score lazily, 8 lags per SIMD step and with the last best lag block first;
/// these tests hold it to the plain definition (every hop, every lag, one at a time), bit for bit.
@Suite("PeriodicityMeter matches the direct autocorrelation")
struct PeriodicityMeterTests {
    /// The direct computation the meter replaces: a ring of exactly `windowCount` values, scored in
    /// full at every hop.
    struct Reference {
        var ring: [Double]
        var writeIndex = 0
        var sinceUpdate = 0
        let hop: Int
        let lags: ClosedRange<Int>
        var score = 0.0

        init(windowCount: Int, hop: Int, lags: ClosedRange<Int>) {
            ring = [Double](repeating: 0, count: windowCount)
            self.hop = hop
            self.lags = lags
        }

        mutating func append(_ value: Double) -> Bool {
            ring[writeIndex] = value
            writeIndex = (writeIndex + 1) % ring.count
            sinceUpdate += 1
            guard sinceUpdate >= hop else { return false }
            sinceUpdate = 0
            let count = ring.count
            var sum = 0.0
            for value in ring { sum += value }
            let mean = sum / Double(count)
            var window = [Double](repeating: 0, count: count)
            var energy = 0.0
            for index in 0..<count {
                window[index] = ring[(writeIndex + index) % count] - mean
                energy += window[index] * window[index]
            }
            guard energy > 1e-12 * Double(count) else {
                score = 0
                return true
            }
            var best = -1.0
            for lag in lags {
                var product = 0.0
                for index in 0..<(count - lag) { product += window[index] * window[index + lag] }
                best = max(best, product / energy * Double(count) / Double(count - lag))
            }
            score = best
            return true
        }
    }

    /// Deterministic test signal: a noisy oscillation whose period, amplitude and offset drift, with
    /// still stretches (exact constants: the silent-window path).
    struct Signal {
        var state: UInt64
        var index = 0

        mutating func uniform() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }

        mutating func next() -> Double {
            index += 1
            if (index / 400) % 5 == 4 { return 1 }  // still: a constant window
            let period = 20 + 15 * sin(Double(index) / 900)
            let amplitude = 0.05 + 0.5 * uniform() * uniform()
            return 1 + amplitude * sin(2 * Double.pi * Double(index) / period) + 0.2 * (uniform() - 0.5)
        }
    }

    @Test("same answers as scoring every hop in full",
          arguments: [(300, 25, 15...100), (64, 7, 1...63), (100, 1, 5...12), (37, 10, 3...30)])
    func matchesReference(windowCount: Int, hop: Int, lags: ClosedRange<Int>) {
        var meter = PeriodicityMeter(windowCount: windowCount, hop: hop, lags: lags)
        var reference = Reference(windowCount: windowCount, hop: hop, lags: lags)
        var signal = Signal(state: UInt64(windowCount * 1000 + hop))
        var mismatches = 0
        for index in 0..<3000 {
            if index == 1501 {
                meter.reset()
                reference = Reference(windowCount: windowCount, hop: hop, lags: lags)
            }
            let value = signal.next()
            #expect(meter.append(value) == reference.append(value))
            // Ask as the detector does: sometimes nothing, sometimes one or two thresholds, sometimes the score.
            switch index % 7 {
            case 0, 3:
                for threshold in [0.42, 0.7] where meter.reaches(threshold) != (reference.score >= threshold) {
                    mismatches += 1
                }
            case 5:
                if meter.score() != reference.score { mismatches += 1 }
                if meter.reaches(0.7) != (reference.score >= 0.7) { mismatches += 1 }
            default:
                break
            }
        }
        #expect(mismatches == 0)
    }
}
