import Foundation

/// A small, obviously correct pure-Swift Fourier transform to cross-check `RealFFT` (FFTW):
/// recursive radix-2 Cooley–Tukey for powers of two, the O(N²) definition otherwise.
enum ReferenceFFT {
    /// `X[k] = Σₙ x[n]·e^{−2πi·kn/N}` for all k = 0…N−1, as (real, imaginary).
    static func transform(_ real: [Double], _ imaginary: [Double]? = nil) -> (real: [Double], imaginary: [Double]) {
        let n = real.count
        let imaginary = imaginary ?? [Double](repeating: 0, count: n)
        if n <= 1 { return (real, imaginary) }
        guard n % 2 == 0 else { return dft(real, imaginary) }
        let even = transform(stride(from: 0, to: n, by: 2).map { real[$0] }, stride(from: 0, to: n, by: 2).map { imaginary[$0] })
        let odd = transform(stride(from: 1, to: n, by: 2).map { real[$0] }, stride(from: 1, to: n, by: 2).map { imaginary[$0] })
        var outReal = [Double](repeating: 0, count: n), outImaginary = outReal
        for k in 0..<(n / 2) {
            let angle = -2 * Double.pi * Double(k) / Double(n)
            let (c, s) = (cos(angle), sin(angle))
            let tr = c * odd.real[k] - s * odd.imaginary[k]
            let ti = c * odd.imaginary[k] + s * odd.real[k]
            outReal[k] = even.real[k] + tr
            outImaginary[k] = even.imaginary[k] + ti
            outReal[k + n / 2] = even.real[k] - tr
            outImaginary[k + n / 2] = even.imaginary[k] - ti
        }
        return (outReal, outImaginary)
    }

    /// The definition, O(N²).
    static func dft(_ real: [Double], _ imaginary: [Double]) -> (real: [Double], imaginary: [Double]) {
        let n = real.count
        var outReal = [Double](repeating: 0, count: n), outImaginary = outReal
        for k in 0..<n {
            for m in 0..<n {
                let angle = -2 * Double.pi * Double((k * m) % n) / Double(n)
                outReal[k] += real[m] * cos(angle) - imaginary[m] * sin(angle)
                outImaginary[k] += real[m] * sin(angle) + imaginary[m] * cos(angle)
            }
        }
        return (outReal, outImaginary)
    }
}
