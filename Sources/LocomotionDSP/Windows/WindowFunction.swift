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

/// A taper applied to a window before its Fourier transform, to reduce spectral leakage.
///
/// Coefficients are periodic ("DFT-even"), like `scipy.signal.get_window(name, count)` whose
/// default is `fftbins=True`: `w[n]` for `n = 0…N−1` is the symmetric window of length `N + 1`
/// without its last point, which is the right choice for spectral analysis.
public enum WindowFunction: Sendable, Hashable, Codable, CaseIterable {
    /// `w[n] = 1`.
    case rectangular
    /// `w[n] = 0.5 − 0.5·cos(2πn/N)`: sidelobes −31 dB, main lobe ±2 bins.
    case hann
    /// `w[n] = 0.54 − 0.46·cos(2πn/N)`: sidelobes −43 dB, main lobe ±2 bins.
    case hamming

    /// The `count` coefficients of the window.
    /// - Complexity: O(count), allocates the result.
    public func coefficients(count: Int) -> [Double] {
        guard count > 0 else { return [] }
        let (a0, a1): (Double, Double)
        switch self {
        case .rectangular: return [Double](repeating: 1, count: count)
        case .hann: (a0, a1) = (0.5, 0.5)
        case .hamming: (a0, a1) = (0.54, 0.46)
        }
        if count == 1 { return [1] }
        return (0..<count).map { n in a0 - a1 * cos(2 * Double.pi * Double(n) / Double(count)) }
    }
}
