#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(ucrt)
import ucrt
#elseif canImport(WASILibc)
import WASILibc
#endif

/// One second-order section (biquad) of an IIR filter, with `a0` normalised to 1.
///
/// The difference equation is
/// `y[n] = b0·x[n] + b1·x[n−1] + b2·x[n−2] − a1·y[n−1] − a2·y[n−2]`,
/// i.e. one row `[b0, b1, b2, 1, a1, a2]` of a `scipy.signal` `sos` array.
/// Its transfer function is `H(z) = (b0 + b1 z⁻¹ + b2 z⁻²) / (1 + a1 z⁻¹ + a2 z⁻²)`.
public struct Biquad: Sendable, Hashable, Codable {
    /// Feed-forward coefficient of x[n].
    public var b0: Double
    /// Feed-forward coefficient of x[n−1].
    public var b1: Double
    /// Feed-forward coefficient of x[n−2].
    public var b2: Double
    /// Feedback coefficient of y[n−1] (sign as in `1 + a1 z⁻¹ + a2 z⁻²`).
    public var a1: Double
    /// Feedback coefficient of y[n−2].
    public var a2: Double

    /// Creates a section from its five normalised coefficients.
    @inlinable
    public init(b0: Double, b1: Double, b2: Double, a1: Double, a2: Double) {
        self.b0 = b0
        self.b1 = b1
        self.b2 = b2
        self.a1 = a1
        self.a2 = a2
    }

    /// Gain at DC, `H(1) = (b0 + b1 + b2) / (1 + a1 + a2)`: the section's steady-state
    /// output for a constant input of 1.
    /// - Complexity: O(1).
    @inlinable
    public var dcGain: Double { (b0 + b1 + b2) / (1 + a1 + a2) }

    /// The complex frequency response `H(e^{jω})` at `frequency` (Hz) for `sampleRate` (Hz),
    /// as (real, imaginary).
    /// - Complexity: O(1).
    public func response(at frequency: Double, sampleRate: Double) -> (real: Double, imaginary: Double) {
        let omega = 2 * Double.pi * frequency / sampleRate
        // z⁻¹ = e^{−jω}, z⁻² = e^{−2jω}
        let c1 = cos(omega), s1 = -sin(omega)
        let c2 = cos(2 * omega), s2 = -sin(2 * omega)
        let numerator = Complex(b0 + b1 * c1 + b2 * c2, b1 * s1 + b2 * s2)
        let denominator = Complex(1 + a1 * c1 + a2 * c2, a1 * s1 + a2 * s2)
        let h = numerator / denominator
        return (h.real, h.imaginary)
    }
}

extension Array where Element == Biquad {
    /// Magnitude of the cascade's frequency response, `|Π H_k(e^{jω})|`, at `frequency` (Hz)
    /// for `sampleRate` (Hz).
    /// - Complexity: O(sections).
    public func magnitudeResponse(at frequency: Double, sampleRate: Double) -> Double {
        var magnitude = 1.0
        for section in self {
            let h = section.response(at: frequency, sampleRate: sampleRate)
            magnitude *= (h.real * h.real + h.imaginary * h.imaginary).squareRoot()
        }
        return magnitude
    }
}
