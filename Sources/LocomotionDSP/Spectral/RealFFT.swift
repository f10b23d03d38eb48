import CFFTW

/// The discrete Fourier transform of real input of a fixed ``size``, computed by FFTW (r2c).
///
/// `X[k] = Σₙ x[n]·e^{−2πi·kn/N}` for `k = 0…N/2` (``binCount`` bins; the others are conjugates),
/// unnormalised like `numpy.fft.rfft`. Bin `k` is at frequency `k·sampleRate/N` Hz.
///
/// A value type with copy-on-write storage that owns FFTW-aligned buffers: a copy shares them until
/// either is used, then gets its own, so values holding a `RealFFT` stay `Sendable` and
/// independent. Plans are created once per size for the whole process (see `FFTWPlanCache`).
/// Any size ≥ 2 works; FFTW is fastest for products of small primes.
/// Cost: O(N log N) per transform, no allocation once the output arrays have the right counts.
public struct RealFFT: Sendable {
    /// Number of input points N.
    public let size: Int
    /// Number of output bins, `N/2 + 1`.
    public var binCount: Int { size / 2 + 1 }

    @usableFromInline internal var storage: Storage

    /// Creates a transform of `size ≥ 2` points (plans it if no transform of that size exists yet).
    public init(size: Int) {
        precondition(size >= 2, "RealFFT needs at least 2 points")
        self.size = size
        storage = Storage(size: size)
    }

    /// Writes the power spectrum `|X[k]|²` for `k = 0…N/2` into `power` (resized to ``binCount`` if
    /// needed). `input` is zero-padded or truncated to ``size`` points. O(N log N).
    public mutating func powerSpectrum(_ input: [Double], into power: inout [Double]) {
        let bins = binCount
        if power.count != bins { power = [Double](repeating: 0, count: bins) }
        let output = forward(input)
        power.withUnsafeMutableBufferPointer { power in
            // fftw_complex is a homogeneous (Double, Double) tuple, so viewing the output as
            // interleaved Doubles is allowed. Two bins at a time: |X|² = re² + im² in SIMD lanes.
            UnsafeMutableRawPointer(output).withMemoryRebound(to: Double.self, capacity: 2 * bins) { values in
                let destination = power.baseAddress!
                var k = 0
                while k + 1 < bins {
                    let re = SIMD2(values[2 * k], values[2 * k + 2])
                    let im = SIMD2(values[2 * k + 1], values[2 * k + 3])
                    let squares = re * re + im * im
                    destination[k] = squares.x
                    destination[k + 1] = squares.y
                    k += 2
                }
                if k < bins {
                    destination[k] = values[2 * k] * values[2 * k] + values[2 * k + 1] * values[2 * k + 1]
                }
            }
        }
    }

    /// Writes the complex spectrum `X[k]`, `k = 0…N/2`, into `real` and `imaginary` (each resized to
    /// ``binCount`` if needed). `input` is zero-padded or truncated to ``size`` points. O(N log N).
    public mutating func transform(_ input: [Double], real: inout [Double], imaginary: inout [Double]) {
        let bins = binCount
        if real.count != bins { real = [Double](repeating: 0, count: bins) }
        if imaginary.count != bins { imaginary = [Double](repeating: 0, count: bins) }
        let output = forward(input)
        real.withUnsafeMutableBufferPointer { re in
            imaginary.withUnsafeMutableBufferPointer { im in
                for k in 0..<bins {
                    re[k] = output[k].0
                    im[k] = output[k].1
                }
            }
        }
    }

    /// The inverse transform: writes `x[n] = (1/N)·Σₖ X[k]·e^{2πi·kn/N}` of the Hermitian spectrum
    /// given by its ``binCount`` bins into `output` (resized to ``size`` if needed), so that
    /// `inverse(transform(x)) == x` up to rounding. The imaginary parts of bin 0 (and of bin N/2 for
    /// even N) are ignored. Missing bins are zero. O(N log N).
    public mutating func inverse(real: [Double], imaginary: [Double], into output: inout [Double]) {
        makeUnique()
        let bins = binCount, size = size
        if output.count != size { output = [Double](repeating: 0, count: size) }
        let spectrum = storage.complex, signal = storage.real
        for k in 0..<bins {
            spectrum[k] = (k < real.count ? real[k] : 0, k < imaginary.count ? imaginary[k] : 0)
        }
        fftw_execute_dft_c2r(storage.inversePlan.pointer, spectrum, signal)
        let scale = 1 / Double(size)
        output.withUnsafeMutableBufferPointer { output in
            for n in 0..<size { output[n] = signal[n] * scale }
        }
    }

    /// Writes `IFFT(|FFT(x)|²)` of `input` (zero-padded or truncated to ``size`` points) into `output`
    /// (resized to ``size`` if needed): the circular autocorrelation `Σₙ x[n]·x[(n+ℓ) mod N]`, which is
    /// the linear one for lags `ℓ < N − count + 1` when the input is shorter than N. The same
    /// operations, in the same order, as ``transform(_:real:imaginary:)``, squaring each bin as
    /// `re·re + im·im` and ``inverse(real:imaginary:into:)`` with zero imaginary parts, without
    /// the intermediate arrays. O(N log N), no allocation once `output` has the right count.
    internal mutating func autocorrelation(of input: [Double], into output: inout [Double]) {
        let bins = binCount, size = size
        if output.count != size { output = [Double](repeating: 0, count: size) }
        let spectrum = forward(input)
        for k in 0..<bins {
            let (re, im) = spectrum[k]
            spectrum[k] = (re * re + im * im, 0)
        }
        let signal = storage.real
        fftw_execute_dft_c2r(storage.inversePlan.pointer, spectrum, signal)
        let scale = 1 / Double(size)
        output.withUnsafeMutableBufferPointer { output in
            for n in 0..<size { output[n] = signal[n] * scale }
        }
    }

    /// Runs the forward plan on `input` and returns the storage's complex buffer.
    private mutating func forward(_ input: [Double]) -> UnsafeMutablePointer<fftw_complex> {
        makeUnique()
        let signal = storage.real, size = size
        input.withUnsafeBufferPointer { input in
            let copied = min(input.count, size)
            if copied > 0 { signal.update(from: input.baseAddress!, count: copied) }
            if copied < size { (signal + copied).update(repeating: 0, count: size - copied) }
        }
        fftw_execute_dft_r2c(storage.forwardPlan.pointer, signal, storage.complex)
        return storage.complex
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(size: size)
        }
    }

    /// FFTW-aligned buffers and the plans that use them. Never shared between values while in use
    /// (copy-on-write via `makeUnique`), hence `@unchecked Sendable`.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        let real: UnsafeMutablePointer<Double>
        let complex: UnsafeMutablePointer<fftw_complex>
        let forwardPlan: FFTWPlanCache.Plan
        private var cachedInversePlan: FFTWPlanCache.Plan?
        let size: Int

        init(size: Int) {
            self.size = size
            real = fftw_alloc_real(size)!
            complex = fftw_alloc_complex(size / 2 + 1)!
            forwardPlan = FFTWPlanCache.shared.plan(size: size, direction: .forward)
        }

        /// The c2r plan, fetched on first use (most users only transform forwards).
        var inversePlan: FFTWPlanCache.Plan {
            if let cachedInversePlan { return cachedInversePlan }
            let plan = FFTWPlanCache.shared.plan(size: size, direction: .inverse)
            cachedInversePlan = plan
            return plan
        }

        deinit {
            fftw_free(real)
            fftw_free(complex)
        }
    }
}
