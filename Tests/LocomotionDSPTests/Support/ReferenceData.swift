import Foundation
import LocomotionDSP

/// The scipy reference vectors written by `Scripts/butterworth_reference.py`.
struct ReferenceData: Decodable {
    struct Design: Decodable {
        var kind: String
        var order: Int
        var frequencies: [Double]
        var fs: Double
        var sos: [[Double]]
    }
    struct Filtering: Decodable {
        var kind: String
        var order: Int
        var frequencies: [Double]
        var fs: Double
        var sos: [[Double]]
        var sosfilt: [Double]
        var sosfilt_steady: [Double]
        var sosfiltfilt: [Double]
    }
    struct Window: Decodable {
        var name: String
        var count: Int
        var values: [Double]
    }
    var scipy: String
    var designs: [Design]
    var signal: [Double]
    var filtering: [Filtering]
    var windows: [Window]

    static let shared: ReferenceData = {
        guard let url = Bundle.module.url(forResource: "dsp_reference", withExtension: "json", subdirectory: "Resources")
        else { fatalError("dsp_reference.json missing from the test bundle") }
        do {
            return try JSONDecoder().decode(ReferenceData.self, from: Data(contentsOf: url))
        } catch {
            fatalError("dsp_reference.json unreadable: \(error)")
        }
    }()
}

/// Builds sections from scipy `sos` rows `[b0, b1, b2, a0, a1, a2]`.
func biquads(fromSOS rows: [[Double]]) -> [Biquad] {
    rows.map { Biquad(b0: $0[0] / $0[3], b1: $0[1] / $0[3], b2: $0[2] / $0[3], a1: $0[4] / $0[3], a2: $0[5] / $0[3]) }
}

/// Designs a Butterworth filter from a reference case description.
func design(kind: String, order: Int, frequencies: [Double], fs: Double) -> [Biquad] {
    switch kind {
    case "lowpass": Butterworth.lowPass(order: order, cutoff: frequencies[0], sampleRate: fs)
    case "highpass": Butterworth.highPass(order: order, cutoff: frequencies[0], sampleRate: fs)
    case "bandpass": Butterworth.bandPass(order: order, low: frequencies[0], high: frequencies[1], sampleRate: fs)
    default: fatalError("unknown filter kind \(kind)")
    }
}

/// Largest absolute difference between two equally long arrays (∞ if the counts differ).
func maximumDifference(_ a: [Double], _ b: [Double]) -> Double {
    guard a.count == b.count else { return .infinity }
    return zip(a, b).map { abs($0 - $1) }.max() ?? 0
}

/// `count` samples of `amplitude·sin(2π·frequency·n/sampleRate + phase)`.
func sine(frequency: Double, sampleRate: Double, count: Int, amplitude: Double = 1, phase: Double = 0) -> [Double] {
    (0..<count).map { amplitude * sin(2 * Double.pi * frequency * Double($0) / sampleRate + phase) }
}

/// A reproducible pseudo-random sequence in [−1, 1) (SplitMix64), for tests that need "noise".
struct SplitMix64 {
    var state: UInt64
    /// The next 64 random bits.
    mutating func nextBits() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The next value in [−1, 1).
    mutating func next() -> Double {
        Double(nextBits() >> 11) / Double(1 << 52) - 1
    }
}
