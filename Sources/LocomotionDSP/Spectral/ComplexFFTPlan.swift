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

/// The forward complex DFT `X[k] = Σₙ x[n]·e^{−2πi·kn/N}` of ``count`` points, in Swift, on split
/// arrays (real parts in one buffer, imaginary parts in another).
///
/// Mixed-radix Stockham autosort (no bit reversal): `N` is factored into radices 4, 2, 3 and 5 (and
/// any other prime up to ``largestDirectRadix``, by a generic odd-radix butterfly); each stage reads
/// one buffer and writes the other. Sizes with a larger prime factor go through Bluestein's chirp-z
/// transform on a 5-smooth length ≥ 2N − 1, so every size costs O(N log N).
///
/// Immutable after creation (twiddles are computed once, each from its own angle — no recurrence, so
/// the error does not grow with N) and shared by every copy of the `RealFFT` that made it; the
/// caller supplies the buffers, so one plan serves any number of threads.
final class ComplexFFTPlan: @unchecked Sendable {
    /// Points N.
    let count: Int
    /// Doubles of scratch space ``transform(re:im:workspace:)`` needs.
    let workspaceCount: Int

    /// Primes up to this are butterflies of their own (O(p) per point); a larger prime factor
    /// switches the whole transform to Bluestein (about three FFTs of ≥ 2N points). At 31 the generic
    /// butterfly costs ≈ 2·31 real multiply-adds per point, about what Bluestein costs per point of N.
    static let largestDirectRadix = 31

    /// One Stockham pass: `radix`-point butterflies on `count / radix` pairs of (row, column), where
    /// `stride` is the product of the radices before it and `span = count / (stride · radix)`.
    struct Stage {
        let radix: Int
        let stride: Int
        let span: Int
        /// Offset in `constants` of the twiddles: real parts of `w^{j·t}` at `(t − 1)·span + j`
        /// (t = 1…radix−1, j < span), then the imaginary parts in a block of the same size.
        let twiddles: Int
        /// Offset in `constants` of `cos(2πr/radix)` then `sin(2πr/radix)`, r < radix (generic radix only).
        let rotations: Int
    }

    private let stages: [Stage]
    private let constants: UnsafeMutablePointer<Double>
    private let constantCount: Int
    private let bluestein: BluesteinFFT?

    /// Plans a transform of `count ≥ 1` points. O(N) time and memory (Bluestein: O(N log N)).
    init(count: Int) {
        precondition(count >= 1, "a complex FFT needs at least one point")
        self.count = count
        guard let radices = Self.radices(of: count) else {
            let bluestein = BluesteinFFT(count: count)
            self.bluestein = bluestein
            stages = []
            constants = .allocate(capacity: 0)
            constantCount = 0
            workspaceCount = bluestein.workspaceCount
            return
        }
        bluestein = nil
        var stages: [Stage] = []
        var offset = 0
        var stride = 1
        for radix in radices {
            let span = count / (stride * radix)
            let twiddleCount = span > 1 ? 2 * (radix - 1) * span : 0
            let rotationCount = radix > 5 ? 2 * radix : 0
            stages.append(Stage(radix: radix, stride: stride, span: span, twiddles: offset, rotations: offset + twiddleCount))
            offset += twiddleCount + rotationCount
            stride *= radix
        }
        constantCount = offset
        constants = .allocate(capacity: max(offset, 1))
        for stage in stages {
            let length = stage.radix * stage.span  // the sub-transform this stage splits
            if stage.span > 1 {
                let block = (stage.radix - 1) * stage.span
                for t in 1..<stage.radix {
                    for j in 0..<stage.span {
                        let angle = -2 * Double.pi * Double((j * t) % length) / Double(length)
                        constants[stage.twiddles + (t - 1) * stage.span + j] = cos(angle)
                        constants[stage.twiddles + block + (t - 1) * stage.span + j] = sin(angle)
                    }
                }
            }
            if stage.radix > 5 {
                for r in 0..<stage.radix {
                    let angle = 2 * Double.pi * Double(r) / Double(stage.radix)
                    constants[stage.rotations + r] = cos(angle)
                    constants[stage.rotations + stage.radix + r] = sin(angle)
                }
            }
        }
        self.stages = stages
        workspaceCount = 2 * count
    }

    deinit {
        constants.deallocate()
    }

    /// The radices of a mixed-radix factorisation of `count` — 4s first, then a 2, 3s, 5s and other
    /// primes up to ``largestDirectRadix`` — or nil when a larger prime divides it. Even radices come
    /// first so that every later stage has an even stride and stores whole SIMD pairs.
    static func radices(of count: Int) -> [Int]? {
        var rest = count
        var radices: [Int] = []
        while rest % 4 == 0 { radices.append(4); rest /= 4 }
        if rest % 2 == 0 { radices.append(2); rest /= 2 }
        var prime = 3
        while rest > 1 {
            if prime > largestDirectRadix { return nil }
            while rest % prime == 0 { radices.append(prime); rest /= prime }
            prime += 2
        }
        return radices
    }

    /// Transforms the `count` points in `re`/`im` (both overwritten) and returns where the result is:
    /// either `re`/`im` themselves or the first `2·count` doubles of `workspace` (real parts, then
    /// imaginary). `workspace` holds ``workspaceCount`` doubles. O(N log N), no allocation.
    ///
    /// The inverse transform (unnormalised, `e^{+2πi·kn/N}`) is this one with the real and imaginary
    /// buffers exchanged on the way in and on the way out.
    @inline(__always)
    func transform(
        re: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>, workspace: UnsafeMutablePointer<Double>
    ) -> (re: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>) {
        if let bluestein {
            bluestein.transform(re: re, im: im, workspace: workspace)
            return (re, im)
        }
        var source = (re: re, im: im)
        var target = (re: workspace, im: workspace + count)
        for stage in stages {
            run(stage, from: SplitBuffer(re: source.re, im: source.im), to: SplitBuffer(re: target.re, im: target.im))
            swap(&source, &target)
        }
        return source
    }

    /// ``transform(re:im:workspace:)`` with the result always in `re`/`im`.
    func transformInPlace(re: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>, workspace: UnsafeMutablePointer<Double>) {
        let result = transform(re: re, im: im, workspace: workspace)
        if result.re != re {
            re.update(from: result.re, count: count)
            im.update(from: result.im, count: count)
        }
    }

    /// Whether ``transform(interleaved:upperHalfZero:re:im:workspace:)`` can skip a zero upper half:
    /// the first pass has radix 4 or 2 (the upper half is then whole butterfly inputs).
    var skipsZeroUpperHalf: Bool {
        guard bluestein == nil, let first = stages.first, first.span > 1 else { return false }
        return first.radix == 4 || first.radix == 2
    }

    /// The transform of the `count` complex values stored interleaved (real, imaginary) at `input`
    /// (left untouched): the first pass reads them directly. With `upperHalfZero` (allowed when
    /// ``skipsZeroUpperHalf``), values `count/2…count−1` are zero and `input` need hold only the
    /// first `count/2` — as for a real input half as long as the transform, zero-padded. `re`/`im`
    /// are scratch of `count` doubles each. Returns where the result is, as ``transform(re:im:workspace:)``.
    @inline(__always)
    func transform(
        interleaved input: UnsafePointer<Double>, upperHalfZero: Bool,
        re: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>, workspace: UnsafeMutablePointer<Double>
    ) -> (re: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>) {
        guard bluestein == nil, let first = stages.first else {
            for index in 0..<count {
                re[index] = input[2 &* index]
                im[index] = input[2 &* index &+ 1]
            }
            return transform(re: re, im: im, workspace: workspace)
        }
        var source = (re: workspace, im: workspace + count)
        var target = (re: re, im: im)
        let firstTarget = SplitBuffer(re: source.re, im: source.im)
        let interleaved = InterleavedSource(values: input)
        if upperHalfZero {
            precondition(skipsZeroUpperHalf, "the first pass cannot skip a zero upper half")
            let butterflies = ButterflyStage(
                source: interleaved, target: firstTarget, stride: 1, span: first.span,
                twiddles: UnsafePointer(constants + first.twiddles))
            if first.radix == 4 { butterflies.radix4UpperHalfZero() } else { butterflies.radix2UpperHalfZero() }
        } else {
            run(first, from: interleaved, to: firstTarget)
        }
        for stage in stages.dropFirst() {
            run(stage, from: SplitBuffer(re: source.re, im: source.im), to: SplitBuffer(re: target.re, im: target.im))
            swap(&source, &target)
        }
        return source
    }

    @inline(__always)
    private func run<Source: ButterflySource>(_ stage: Stage, from source: Source, to target: SplitBuffer) {
        let twiddles = UnsafePointer(constants + stage.twiddles)
        let butterflies = ButterflyStage(
            source: source, target: target, stride: stage.stride, span: stage.span, twiddles: twiddles)
        switch stage.radix {
        case 2: butterflies.radix2()
        case 3: butterflies.radix3()
        case 4: butterflies.radix4()
        case 5: butterflies.radix5()
        default: butterflies.oddRadix(stage.radix, rotations: UnsafePointer(constants + stage.rotations))
        }
    }
}
