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

/// The real DFT of N points in Swift, the transform behind ``RealFFT`` when FFTW is not used.
///
/// Even N (every size the library uses by default): the N real points are packed as N/2 complex
/// ones, `z[m] = x[2m] + i·x[2m+1]`, transformed by one ``ComplexFFTPlan`` of N/2 points, and
/// unpacked with `X[k] = E[k] + W^k·O[k]`, where `E[k] = (Z[k] + Z̄[N/2−k])/2` and
/// `O[k] = (Z[k] − Z̄[N/2−k])/(2i)` are the spectra of the even and odd samples and `W = e^{−2πi/N}`:
/// half the work of a complex transform of N points. Odd N: a complex transform of N points with zero
/// imaginary parts. The inverse runs the same steps backwards.
///
/// Immutable and shared by copies of a `RealFFT`; buffers come from the caller.
final class SwiftRealFFTPlan: @unchecked Sendable {
    let size: Int
    /// Doubles of scratch space ``forward(_:count:into:workspace:)`` and ``inverse(_:into:workspace:)`` need.
    let workspaceCount: Int
    private let complex: ComplexFFTPlan
    /// Even N: `W^k` for k = 0…N/4 (real parts, then imaginary), the unpacking twiddles.
    private let unpacking: UnsafeMutablePointer<Double>
    private let unpackingCount: Int

    init(size: Int) {
        precondition(size >= 2, "a real FFT needs at least 2 points")
        self.size = size
        let isEven = size % 2 == 0
        complex = ComplexFFTPlan(count: isEven ? size / 2 : size)
        workspaceCount = 2 * complex.count + complex.workspaceCount
        unpackingCount = isEven ? size / 4 + 1 : 0
        unpacking = .allocate(capacity: max(2 * unpackingCount, 1))
        for k in 0..<unpackingCount {
            let angle = -2 * Double.pi * Double(k) / Double(size)
            unpacking[k] = cos(angle)
            unpacking[unpackingCount + k] = sin(angle)
        }
    }

    deinit {
        unpacking.deallocate()
    }

    /// Writes `X[k]`, k = 0…N/2, as interleaved (real, imaginary) pairs into `spectrum` (N + 2
    /// doubles) from the first `min(count, N)` values of `input`, zero-padded to N. O(N log N).
    func forward(_ input: UnsafePointer<Double>, count: Int, into spectrum: UnsafeMutablePointer<Double>,
                 workspace: UnsafeMutablePointer<Double>) {
        let size = size, points = complex.count
        let copied = min(count, size)
        let zRe = workspace, zIm = workspace + points, scratch = workspace + 2 * points
        if size % 2 != 0 {
            zRe.update(from: input, count: copied)
            (zRe + copied).update(repeating: 0, count: size - copied)
            zIm.update(repeating: 0, count: size)
            let z = complex.transform(re: zRe, im: zIm, workspace: scratch)
            for k in 0...(size / 2) {
                spectrum[2 * k] = z.re[k]
                spectrum[2 * k + 1] = z.im[k]
            }
            return
        }
        // Pack: even samples as real parts, odd samples as imaginary parts.
        let pairs = copied / 2
        for m in 0..<pairs {
            zRe[m] = input[2 * m]
            zIm[m] = input[2 * m + 1]
        }
        if pairs < points {
            zRe[pairs] = copied % 2 == 1 ? input[copied - 1] : 0
            zIm[pairs] = 0
            (zRe + pairs + 1).update(repeating: 0, count: points - pairs - 1)
            (zIm + pairs + 1).update(repeating: 0, count: points - pairs - 1)
        }
        let z = complex.transform(re: zRe, im: zIm, workspace: scratch)
        unpack(re: z.re, im: z.im, into: spectrum)
    }

    /// `X[k] = E[k] + W^k·O[k]` and `X[h−k] = conj(E[k] − W^k·O[k])` for h = N/2, k = 0…h/2.
    @inline(__always)
    private func unpack(re: UnsafePointer<Double>, im: UnsafePointer<Double>, into spectrum: UnsafeMutablePointer<Double>) {
        let h = complex.count
        let wRe = UnsafePointer(unpacking), wIm = UnsafePointer(unpacking + unpackingCount)
        spectrum[0] = re[0] + im[0]
        spectrum[1] = 0
        spectrum[2 * h] = re[0] - im[0]
        spectrum[2 * h + 1] = 0
        var k = 1
        while 2 * k < h {
            let mirror = h - k
            // E = (Z[k] + conj Z[h−k]) / 2, O = (Z[k] − conj Z[h−k]) / 2i.
            let eRe = 0.5 * (re[k] + re[mirror]), eIm = 0.5 * (im[k] - im[mirror])
            let oRe = 0.5 * (im[k] + im[mirror]), oIm = -0.5 * (re[k] - re[mirror])
            let tRe = wRe[k] * oRe - wIm[k] * oIm, tIm = wRe[k] * oIm + wIm[k] * oRe
            spectrum[2 * k] = eRe + tRe
            spectrum[2 * k + 1] = eIm + tIm
            spectrum[2 * mirror] = eRe - tRe
            spectrum[2 * mirror + 1] = tIm - eIm
            k += 1
        }
        if 2 * k == h {
            spectrum[2 * k] = re[k]
            spectrum[2 * k + 1] = -im[k]
        }
    }

    /// Writes the unnormalised inverse `N·x[n] = Σₖ X[k]·e^{2πi·kn/N}` (over the Hermitian extension)
    /// of the N/2 + 1 interleaved bins in `spectrum` into `signal` (N doubles), as FFTW's c2r does:
    /// the imaginary parts of bin 0 and, for even N, bin N/2 are ignored. O(N log N).
    func inverse(_ spectrum: UnsafePointer<Double>, into signal: UnsafeMutablePointer<Double>,
                 workspace: UnsafeMutablePointer<Double>) {
        let size = size, points = complex.count
        let zRe = workspace, zIm = workspace + points, scratch = workspace + 2 * points
        if size % 2 != 0 {
            // The Hermitian extension Y; the inverse is the forward transform with re and im exchanged.
            zRe[0] = spectrum[0]
            zIm[0] = 0
            for k in 1...(size / 2) {
                zRe[k] = spectrum[2 * k]
                zIm[k] = spectrum[2 * k + 1]
                zRe[size - k] = spectrum[2 * k]
                zIm[size - k] = -spectrum[2 * k + 1]
            }
            let y = complex.transform(re: zIm, im: zRe, workspace: scratch)
            signal.update(from: y.im, count: size)
            return
        }
        let h = points
        let wRe = UnsafePointer(unpacking), wIm = UnsafePointer(unpacking + unpackingCount)
        // Z[k] = F + i·conj(W^k)·G with F = X[k] + conj X[h−k], G = X[k] − conj X[h−k]
        // (= 2E + 2iO, so the unnormalised inverse of Z gives N·x); Z[h−k] = conj(F − i·conj(W^k)·G).
        let first = spectrum[0], last = spectrum[2 * h]
        zRe[0] = first + last
        zIm[0] = first - last
        var k = 1
        while 2 * k < h {
            let mirror = h - k
            let xRe = spectrum[2 * k], xIm = spectrum[2 * k + 1]
            let yRe = spectrum[2 * mirror], yIm = spectrum[2 * mirror + 1]
            let fRe = xRe + yRe, fIm = xIm - yIm
            let gRe = xRe - yRe, gIm = xIm + yIm
            // conj(W^k)·G, then times i.
            let pRe = wRe[k] * gRe + wIm[k] * gIm, pIm = wRe[k] * gIm - wIm[k] * gRe
            let tRe = -pIm, tIm = pRe
            zRe[k] = fRe + tRe
            zIm[k] = fIm + tIm
            zRe[mirror] = fRe - tRe
            zIm[mirror] = tIm - fIm
            k += 1
        }
        if 2 * k == h {
            zRe[k] = 2 * spectrum[2 * k]
            zIm[k] = -2 * spectrum[2 * k + 1]
        }
        let z = complex.transform(re: zIm, im: zRe, workspace: scratch)
        // Exchanged on the way out: z.im holds the real parts (even samples), z.re the imaginary (odd).
        for m in 0..<h {
            signal[2 * m] = z.im[m]
            signal[2 * m + 1] = z.re[m]
        }
    }
}
