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

/// A minimal complex number for filter design (not public: Locomotion has no complex API).
@usableFromInline
struct Complex: Sendable, Hashable {
    var real: Double
    var imaginary: Double

    init(_ real: Double, _ imaginary: Double = 0) {
        self.real = real
        self.imaginary = imaginary
    }

    var conjugate: Complex { Complex(real, -imaginary) }
    /// |z|, computed like numpy's `abs` (hypot, no overflow).
    var length: Double { hypot(real, imaginary) }
    var isReal: Bool { imaginary == 0 }

    static func + (l: Complex, r: Complex) -> Complex { Complex(l.real + r.real, l.imaginary + r.imaginary) }
    static func - (l: Complex, r: Complex) -> Complex { Complex(l.real - r.real, l.imaginary - r.imaginary) }
    static prefix func - (z: Complex) -> Complex { Complex(-z.real, -z.imaginary) }
    static func * (l: Complex, r: Complex) -> Complex {
        Complex(l.real * r.real - l.imaginary * r.imaginary, l.real * r.imaginary + l.imaginary * r.real)
    }
    static func * (l: Complex, r: Double) -> Complex { Complex(l.real * r, l.imaginary * r) }
    /// Smith's algorithm with a reciprocal, exactly as numpy's complex division loop, so that
    /// designs round like scipy's (section order depends on comparisons of pole radii).
    static func / (l: Complex, r: Complex) -> Complex {
        if abs(r.real) >= abs(r.imaginary) {
            if r.real == 0 && r.imaginary == 0 { return Complex(l.real / 0, l.imaginary / 0) }
            let ratio = r.imaginary / r.real
            let scale = 1.0 / (r.real + r.imaginary * ratio)
            return Complex((l.real + l.imaginary * ratio) * scale, (l.imaginary - l.real * ratio) * scale)
        } else {
            let ratio = r.real / r.imaginary
            let scale = 1.0 / (r.imaginary + r.real * ratio)
            return Complex((l.real * ratio + l.imaginary) * scale, (l.imaginary * ratio - l.real) * scale)
        }
    }

    /// e^{jθ}.
    static func exp(imaginary theta: Double) -> Complex { Complex(cos(theta), sin(theta)) }

    /// Principal square root (branch cut on the negative real axis), as numpy's `sqrt`.
    var squareRoot: Complex {
        if real == 0 && imaginary == 0 { return Complex(0, imaginary) }
        let t = ((abs(real) + length) / 2).squareRoot()
        if real >= 0 {
            return Complex(t, imaginary / (2 * t))
        } else {
            return Complex(abs(imaginary) / (2 * t), imaginary >= 0 ? t : -t)
        }
    }
}
