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
/// Even N (every size the library uses by default): the N real points are packed as h = N/2
/// complex ones, `z[m] = x[2m] + i·x[2m+1]`, transformed by one ``ComplexFFTPlan`` of h points, and
/// unpacked with `X[k] = E[k] + W^k·O[k]`, where `E[k] = (Z[k] + Z̄[h−k])/2` and
/// `O[k] = (Z[k] − Z̄[h−k])/(2i)` are the spectra of the even and odd samples and `W = e^{−2πi/N}`:
/// half the work of a complex transform of N points. Each operation unpacks straight into what it
/// returns (a ``SpectrumSink``): the power spectrum, the split spectrum, or — for the
/// autocorrelation — the squared spectrum already packed for the inverse transform, which runs the
/// same steps backwards. Odd N: a complex transform of N points with zero imaginary parts.
///
/// Immutable and shared by copies of a `RealFFT`; buffers come from the caller: ``workspaceCount``
/// doubles, laid out as `z` (2P, P the complex plan's size), the complex plan's workspace, a
/// zero-padded copy of short input (N) and the spectrum packed for an inverse (2P).
final class SwiftRealFFTPlan: @unchecked Sendable {
    let size: Int
    /// Doubles of scratch space every operation needs.
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
        workspaceCount = 4 * complex.count + complex.workspaceCount + size
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

    private typealias Split = (re: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>)

    /// The workspace's regions (see the type's description).
    @inline(__always)
    private func regions(_ workspace: UnsafeMutablePointer<Double>) -> (z: Split, scratch: UnsafeMutablePointer<Double>,
                                                                        padded: UnsafeMutablePointer<Double>, packed: Split) {
        let points = complex.count
        let scratch = workspace + 2 &* points
        let padded = scratch + complex.workspaceCount
        let packed = padded + size
        return ((workspace, workspace + points), scratch, padded, (packed, packed + points))
    }

    // MARK: Operations

    /// Writes `|X[k]|²`, k = 0…N/2, of `input` (its first `count` values, zero-padded to N).
    func powerSpectrum(_ input: UnsafePointer<Double>, count: Int, into power: UnsafeMutablePointer<Double>,
                       workspace: UnsafeMutablePointer<Double>) {
        let z = forward(input, count: count, workspace: workspace)
        if size % 2 == 0 {
            unpack(z, into: PowerSink(power: power, half: size / 2))
        } else {
            for k in 0...(size / 2) { power[k] = z.re[k] * z.re[k] + z.im[k] * z.im[k] }
        }
    }

    /// Writes `X[k]`, k = 0…N/2, of `input` (zero-padded to N) into `real` and `imaginary`.
    func transform(_ input: UnsafePointer<Double>, count: Int, real: UnsafeMutablePointer<Double>,
                   imaginary: UnsafeMutablePointer<Double>, workspace: UnsafeMutablePointer<Double>) {
        let z = forward(input, count: count, workspace: workspace)
        if size % 2 == 0 {
            unpack(z, into: SplitSpectrumSink(re: real, im: imaginary, half: size / 2))
        } else {
            real.update(from: z.re, count: size / 2 + 1)
            imaginary.update(from: z.im, count: size / 2 + 1)
        }
    }

    /// Writes `scale·IFFT(|FFT(x)|²)` (unnormalised inverse) of `input` (zero-padded to N) into
    /// `output` (N values): ``powerSpectrum(_:count:into:workspace:)`` followed by
    /// ``inverse(real:imaginary:into:scale:workspace:)`` with zero imaginary parts — the same
    /// operations in the same order — without storing the power spectrum.
    func autocorrelation(_ input: UnsafePointer<Double>, count: Int, into output: UnsafeMutablePointer<Double>,
                         scale: Double, workspace: UnsafeMutablePointer<Double>) {
        let z = forward(input, count: count, workspace: workspace)
        let packed = regions(workspace).packed
        if size % 2 != 0 {
            for k in 0...(size / 2) { packed.re[k] = z.re[k] * z.re[k] + z.im[k] * z.im[k] }
            inverseOdd(real: packed.re, imaginary: nil, into: output, scale: scale, workspace: workspace)
            return
        }
        // Unpack, square and pack for the inverse in one pass.
        unpack(z, into: AutocorrelationSink(re: packed.re, im: packed.im, half: size / 2))
        inverseEven(packed: packed, into: output, scale: scale, workspace: workspace)
    }

    /// Writes `scale·Σₖ X[k]·e^{2πi·kn/N}` (over the Hermitian extension) of the N/2 + 1 bins given
    /// as `real`/`imaginary` (nil: all zero) into `output` (N values), as FFTW's c2r does: the
    /// imaginary parts of bin 0 and, for even N, bin N/2 are ignored.
    func inverse(real: UnsafePointer<Double>, imaginary: UnsafePointer<Double>?, into output: UnsafeMutablePointer<Double>,
                 scale: Double, workspace: UnsafeMutablePointer<Double>) {
        if size % 2 != 0 {
            inverseOdd(real: real, imaginary: imaginary, into: output, scale: scale, workspace: workspace)
            return
        }
        let z = regions(workspace).z
        if let imaginary {
            pack(real: real, imaginary: imaginary, into: z)
        } else {
            pack(real: real, imaginary: nil, into: z)
        }
        inverseEven(packed: z, into: output, scale: scale, workspace: workspace)
    }

    // MARK: Steps

    /// The complex transform of the packed input (even N) or of the input itself (odd N), left in
    /// the `z` region or at the start of the scratch region.
    @inline(__always)
    private func forward(_ input: UnsafePointer<Double>, count: Int, workspace: UnsafeMutablePointer<Double>) -> Split {
        let size = size
        let copied = min(count, size)
        let (z, scratch, padded, _) = regions(workspace)
        if size % 2 != 0 {
            z.re.update(from: input, count: copied)
            (z.re + copied).update(repeating: 0, count: size - copied)
            z.im.update(repeating: 0, count: size)
            return complex.transform(re: z.re, im: z.im, workspace: scratch)
        }
        // z[m] = x[2m] + i·x[2m+1]: the first pass reads the input as interleaved complex values,
        // from a zero-padded copy when the input is short. Input no longer than N/2 (an
        // autocorrelation's) leaves z's upper half zero, which the first pass can skip.
        let halfZero = copied <= size / 2 && complex.skipsZeroUpperHalf
        let needed = halfZero ? size / 2 : size
        var source = input
        if copied < needed {
            padded.update(from: input, count: copied)
            (padded + copied).update(repeating: 0, count: needed - copied)
            source = UnsafePointer(padded)
        }
        return complex.transform(interleaved: source, upperHalfZero: halfZero, re: z.re, im: z.im, workspace: scratch)
    }

    /// `X[k] = E[k] + W^k·O[k]` and `X[h−k] = conj(E[k] − W^k·O[k])` for h = N/2, k = 0…h/2, two
    /// values of k at a time in SIMD2 lanes (the mirrors h−k, h−k−1 loaded as one pair and swapped),
    /// handed to `sink`.
    @inline(__always)
    private func unpack<Sink: SpectrumSink>(_ z: Split, into sink: Sink) {
        let h = complex.count
        let re = UnsafePointer(z.re), im = UnsafePointer(z.im)
        let wRe = UnsafePointer(unpacking), wIm = UnsafePointer(unpacking + unpackingCount)
        sink.ends(first: re[0] + im[0], last: re[0] - im[0])
        @inline(__always)
        func load(_ pointer: UnsafePointer<Double>, _ index: Int) -> SIMD2<Double> {
            UnsafeRawPointer(pointer + index).loadUnaligned(as: SIMD2<Double>.self)
        }
        @inline(__always)
        func bins(_ k: Int, _ both: Bool) {
            let mirror = h &- k
            let zRe: SIMD2<Double>, zIm: SIMD2<Double>, yRe: SIMD2<Double>, yIm: SIMD2<Double>, w: SplitComplexPair
            if both {
                zRe = load(re, k)
                zIm = load(im, k)
                let mirroredRe = load(re, mirror &- 1), mirroredIm = load(im, mirror &- 1)
                yRe = SIMD2(mirroredRe.y, mirroredRe.x)
                yIm = SIMD2(mirroredIm.y, mirroredIm.x)
                w = SplitComplexPair(re: load(wRe, k), im: load(wIm, k))
            } else {
                zRe = SIMD2(repeating: re[k])
                zIm = SIMD2(repeating: im[k])
                yRe = SIMD2(repeating: re[mirror])
                yIm = SIMD2(repeating: im[mirror])
                w = SplitComplexPair(re: SIMD2(repeating: wRe[k]), im: SIMD2(repeating: wIm[k]))
            }
            // E = (Z[k] + conj Z[h−k]) / 2, O = (Z[k] − conj Z[h−k]) / 2i.
            let e = SplitComplexPair(re: 0.5 * (zRe + yRe), im: 0.5 * (zIm - yIm))
            let o = SplitComplexPair(re: 0.5 * (zIm + yIm), im: 0.5 * (yRe - zRe))
            let t = w * o
            let low = e + t
            let high = SplitComplexPair(re: e.re - t.re, im: t.im - e.im)
            sink.store(k: k, low: low, high: high, twiddle: w, both)
        }
        var k = 1
        while 2 &* (k &+ 1) < h {
            bins(k, true)
            k &+= 2
        }
        if 2 &* k < h {
            bins(k, false)
            k &+= 1
        }
        if 2 &* k == h {
            sink.middle(k: k, re: re[k], im: -im[k])
        }
    }

    /// Packs the bins for the inverse: `Z[k] = F + i·conj(W^k)·G` and `Z[h−k] = conj(F − i·conj(W^k)·G)`
    /// with `F = X[k] + conj X[h−k]`, `G = X[k] − conj X[h−k]` (= 2E + 2iO, so the unnormalised
    /// inverse of Z gives N·x), two values of k at a time like ``unpack(_:into:)``. `imaginary` nil
    /// means zero imaginary parts (a real spectrum, such as `|X|²`), and is not read.
    @inline(__always)
    private func pack(real: UnsafePointer<Double>, imaginary: UnsafePointer<Double>?, into z: Split) {
        let h = complex.count
        let wRe = UnsafePointer(unpacking), wIm = UnsafePointer(unpacking + unpackingCount)
        z.re[0] = real[0] + real[h]
        z.im[0] = real[0] - real[h]
        @inline(__always)
        func load(_ pointer: UnsafePointer<Double>, _ index: Int, _ both: Bool) -> SIMD2<Double> {
            both ? UnsafeRawPointer(pointer + index).loadUnaligned(as: SIMD2<Double>.self) : SIMD2(repeating: pointer[index])
        }
        @inline(__always)
        func reversed(_ pointer: UnsafePointer<Double>, _ mirror: Int, _ both: Bool) -> SIMD2<Double> {
            guard both else { return SIMD2(repeating: pointer[mirror]) }
            let pair = UnsafeRawPointer(pointer + (mirror &- 1)).loadUnaligned(as: SIMD2<Double>.self)
            return SIMD2(pair.y, pair.x)
        }
        @inline(__always)
        func bins(_ k: Int, _ both: Bool) {
            let mirror = h &- k
            let xRe = load(real, k, both), yRe = reversed(real, mirror, both)
            var xIm = SIMD2<Double>.zero, yIm = SIMD2<Double>.zero
            if let imaginary {
                xIm = load(imaginary, k, both)
                yIm = reversed(imaginary, mirror, both)
            }
            let fRe = xRe + yRe, fIm = xIm - yIm
            let gRe = xRe - yRe, gIm = xIm + yIm
            let cosine = load(wRe, k, both), sine = load(wIm, k, both)
            // P = conj(W^k)·G; i·P = (−P.im, P.re).
            let pRe = cosine * gRe + sine * gIm, pIm = cosine * gIm - sine * gRe
            let low = SplitComplexPair(re: fRe - pIm, im: fIm + pRe)
            let high = SplitComplexPair(re: fRe + pIm, im: pRe - fIm)  // lanes h−k, h−k−1
            if both {
                low.store(re: z.re, im: z.im, at: k)
                SplitComplexPair(re: SIMD2(high.re.y, high.re.x), im: SIMD2(high.im.y, high.im.x))
                    .store(re: z.re, im: z.im, at: mirror &- 1)
            } else {
                z.re[k] = low.re.x
                z.im[k] = low.im.x
                z.re[mirror] = high.re.x
                z.im[mirror] = high.im.x
            }
        }
        var k = 1
        while 2 &* (k &+ 1) < h {
            bins(k, true)
            k &+= 2
        }
        if 2 &* k < h {
            bins(k, false)
            k &+= 1
        }
        if 2 &* k == h {
            z.re[k] = 2 * real[k]
            z.im[k] = -2 * (imaginary?[k] ?? 0)
        }
    }

    /// The unnormalised inverse of the packed spectrum `packed` (h points, in the `z` or `packed`
    /// region; even N), unpacked as
    /// `output[2m] = scale·Re z[m]`, `output[2m+1] = scale·Im z[m]`.
    @inline(__always)
    private func inverseEven(packed: Split, into output: UnsafeMutablePointer<Double>, scale: Double,
                             workspace: UnsafeMutablePointer<Double>) {
        let h = complex.count
        // The inverse is the forward transform with real and imaginary parts exchanged, in and out.
        let z = complex.transform(re: packed.im, im: packed.re, workspace: regions(workspace).scratch)
        let real = UnsafePointer(z.im), imaginary = UnsafePointer(z.re)
        var m = 0
        while m &+ 1 < h {
            let a = UnsafeRawPointer(real + m).loadUnaligned(as: SIMD2<Double>.self) * scale
            let b = UnsafeRawPointer(imaginary + m).loadUnaligned(as: SIMD2<Double>.self) * scale
            UnsafeMutableRawPointer(output + 2 &* m).storeBytes(of: SIMD2(a.x, b.x), as: SIMD2<Double>.self)
            UnsafeMutableRawPointer(output + (2 &* m &+ 2)).storeBytes(of: SIMD2(a.y, b.y), as: SIMD2<Double>.self)
            m &+= 2
        }
        if m < h {
            output[2 &* m] = real[m] * scale
            output[2 &* m &+ 1] = imaginary[m] * scale
        }
    }

    /// Odd N: the Hermitian extension of the bins (imaginary parts zero when `imaginary` is nil; that
    /// of bin 0 ignored) through the inverse complex transform.
    private func inverseOdd(real: UnsafePointer<Double>, imaginary: UnsafePointer<Double>?,
                            into output: UnsafeMutablePointer<Double>, scale: Double,
                            workspace: UnsafeMutablePointer<Double>) {
        let size = size
        let (z, scratch, _, _) = regions(workspace)
        z.re[0] = real[0]
        z.im[0] = 0
        for k in 1...(size / 2) {
            let re = real[k], im = imaginary?[k] ?? 0
            z.re[k] = re
            z.im[k] = im
            z.re[size - k] = re
            z.im[size - k] = -im
        }
        let y = complex.transform(re: z.im, im: z.re, workspace: scratch)
        for n in 0..<size { output[n] = y.im[n] * scale }
    }
}
