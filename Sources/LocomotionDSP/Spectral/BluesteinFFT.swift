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

/// Bluestein's chirp-z algorithm: the DFT of any length N as a circular convolution of length
/// M ≥ 2N − 1 (5-smooth, so ``ComplexFFTPlan`` does it by mixed radix), for lengths with a prime
/// factor too large for a butterfly of its own.
///
/// With `kn = (k² + n² − (k−n)²)/2` the DFT becomes `X[k] = c[k]·Σₙ (x[n]·c[n])·c̄[k−n]`,
/// `c[n] = e^{−πi·n²/N}`: multiply by the chirp, convolve with its conjugate (FFT, product with the
/// precomputed spectrum of the conjugate chirp, inverse FFT), multiply by the chirp again.
/// The angles are reduced exactly (`n² mod 2N` in integers) before `cos`/`sin`, so the chirp is as
/// accurate at N = 10⁴ as at N = 10. Cost ≈ two FFTs of M points plus O(M).
final class BluesteinFFT: @unchecked Sendable {
    let count: Int
    /// Convolution length M.
    let length: Int
    let workspaceCount: Int
    private let plan: ComplexFFTPlan
    /// `c[n]` (real parts, then imaginary), n < N.
    private let chirp: UnsafeMutablePointer<Double>
    /// DFT_M of the conjugate chirp wrapped onto M points, divided by M (the inverse's normalisation).
    private let kernel: UnsafeMutablePointer<Double>

    init(count: Int) {
        self.count = count
        let length = Self.smoothLength(atLeast: 2 * count - 1)
        self.length = length
        plan = ComplexFFTPlan(count: length)
        workspaceCount = 2 * length + plan.workspaceCount
        chirp = .allocate(capacity: 2 * count)
        kernel = .allocate(capacity: 2 * length)
        kernel.initialize(repeating: 0, count: 2 * length)
        let twiceCount = 2 * count
        for n in 0..<count {
            let angle = Double.pi * Double((n * n) % twiceCount) / Double(count)
            chirp[n] = cos(angle)
            chirp[count + n] = -sin(angle)
            // The conjugate chirp at lags n and −n (≡ M − n).
            kernel[n] = cos(angle)
            kernel[length + n] = sin(angle)
            if n > 0 {
                kernel[length - n] = cos(angle)
                kernel[2 * length - n] = sin(angle)
            }
        }
        let scratch = UnsafeMutablePointer<Double>.allocate(capacity: plan.workspaceCount)
        defer { scratch.deallocate() }
        plan.transformInPlace(re: kernel, im: kernel + length, workspace: scratch)
        let scale = 1 / Double(length)
        for index in 0..<(2 * length) { kernel[index] *= scale }
    }

    deinit {
        chirp.deallocate()
        kernel.deallocate()
    }

    /// The smallest `2^a·3^b·5^c ≥ minimum`.
    static func smoothLength(atLeast minimum: Int) -> Int {
        var best = Int.max
        var five = 1
        while five < 2 * minimum {
            var three = five
            while three < 2 * minimum {
                var length = three
                while length < minimum { length *= 2 }
                best = min(best, length)
                three *= 3
            }
            five *= 5
        }
        return best
    }

    /// Transforms `re`/`im` (N points) in place. `workspace` holds ``workspaceCount`` doubles.
    func transform(re: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>, workspace: UnsafeMutablePointer<Double>) {
        let count = count, length = length
        let aRe = workspace, aIm = workspace + length, scratch = workspace + 2 * length
        let chirpRe = chirp, chirpIm = chirp + count
        for n in 0..<count {
            aRe[n] = re[n] * chirpRe[n] - im[n] * chirpIm[n]
            aIm[n] = re[n] * chirpIm[n] + im[n] * chirpRe[n]
        }
        (aRe + count).update(repeating: 0, count: length - count)
        (aIm + count).update(repeating: 0, count: length - count)
        plan.transformInPlace(re: aRe, im: aIm, workspace: scratch)
        let kernelRe = kernel, kernelIm = kernel + length
        for k in 0..<length {
            let real = aRe[k] * kernelRe[k] - aIm[k] * kernelIm[k]
            aIm[k] = aRe[k] * kernelIm[k] + aIm[k] * kernelRe[k]
            aRe[k] = real
        }
        // The inverse: the forward transform with real and imaginary parts exchanged.
        plan.transformInPlace(re: aIm, im: aRe, workspace: scratch)
        for k in 0..<count {
            re[k] = aRe[k] * chirpRe[k] - aIm[k] * chirpIm[k]
            im[k] = aRe[k] * chirpIm[k] + aIm[k] * chirpRe[k]
        }
    }
}
