import Foundation
import LocomotionDSP

/// The scipy reference vectors written by `Scripts/generate/butterworth-reference.py`.
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
