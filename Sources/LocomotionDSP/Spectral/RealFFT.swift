/// The discrete Fourier transform of real input of a fixed ``size``.
///
/// `X[k] = Σₙ x[n]·e^{−2πi·kn/N}` for `k = 0…N/2` (``binCount`` bins; the others are conjugates),
/// unnormalised like `numpy.fft.rfft`. Bin `k` is at frequency `k·sampleRate/N` Hz.
///
/// Two backends compute it (``Backend``): FFTW (r2c/c2r, in builds with the package trait `FFTW`
/// on Linux — the default there) and the package's own FFT in Swift (everywhere else, and on request).
/// They agree to 1e-12 of the largest bin. Any size ≥ 2 works with either; both are fastest for
/// products of 2, 3 and 5, and the Swift backend costs O(N log N) for every size (Bluestein for
/// sizes with a prime factor above 31).
///
/// A value type with copy-on-write storage that owns aligned buffers: a copy shares them until
/// either is used, then gets its own, so values holding a `RealFFT` stay `Sendable` and
/// independent. The Swift backend's plan (twiddles, factorisation) is made once per value and shared
/// by its copies; FFTW's plans are made once per size for the whole process (see `FFTWPlanCache`).
///
/// - Complexity: O(N log N) per transform, no allocation once the output arrays have the right counts.
public struct RealFFT: Sendable {
    /// Number of input points N.
    public let size: Int
    /// Number of output bins, `N/2 + 1`.
    public var binCount: Int { size / 2 + 1 }
    /// The implementation computing this transform.
    /// - Complexity: O(1).
    public var backend: Backend { storage.backend }

    private var storage: Storage

    /// Creates a transform of `size ≥ 2` points computed by `backend` (default: FFTW where this
    /// build has it, else the Swift FFT).
    ///
    /// - Precondition: `size ≥ 2` and `backend.isAvailable`.
    /// - Complexity: O(N) for the Swift backend's plan (O(N log N) when it needs Bluestein); FFTW
    ///   plans a size on its first use in the process.
    public init(size: Int, backend: Backend = .default) {
        precondition(size >= 2, "RealFFT needs at least 2 points")
        self.size = size
        storage = Storage(size: size, backend: backend)
    }

    /// Writes the power spectrum `|X[k]|²` for `k = 0…N/2` into `power` (resized to ``binCount`` if
    /// needed). `input` is zero-padded or truncated to ``size`` points.
    /// - Complexity: O(N log N).
    public mutating func powerSpectrum(_ input: [Double], into power: inout [Double]) {
        let bins = binCount
        if power.count != bins { power = [Double](repeating: 0, count: bins) }
        makeUnique()
        input.withUnsafeBufferPointer { input in
            power.withUnsafeMutableBufferPointer { storage.powerSpectrum(input, into: $0.baseAddress!) }
        }
    }

    /// Writes the complex spectrum `X[k]`, `k = 0…N/2`, into `real` and `imaginary` (each resized to
    /// ``binCount`` if needed). `input` is zero-padded or truncated to ``size`` points.
    /// - Complexity: O(N log N).
    public mutating func transform(_ input: [Double], real: inout [Double], imaginary: inout [Double]) {
        let bins = binCount
        if real.count != bins { real = [Double](repeating: 0, count: bins) }
        if imaginary.count != bins { imaginary = [Double](repeating: 0, count: bins) }
        makeUnique()
        input.withUnsafeBufferPointer { input in
            real.withUnsafeMutableBufferPointer { real in
                imaginary.withUnsafeMutableBufferPointer { imaginary in
                    storage.transform(input, real: real.baseAddress!, imaginary: imaginary.baseAddress!)
                }
            }
        }
    }

    /// The inverse transform: writes `x[n] = (1/N)·Σₖ X[k]·e^{2πi·kn/N}` of the Hermitian spectrum
    /// given by its ``binCount`` bins into `output` (resized to ``size`` if needed), so that
    /// `inverse(transform(x)) == x` up to rounding. The imaginary parts of bin 0 (and of bin N/2 for
    /// even N) are ignored. Missing bins are zero.
    /// - Complexity: O(N log N).
    public mutating func inverse(real: [Double], imaginary: [Double], into output: inout [Double]) {
        if output.count != size { output = [Double](repeating: 0, count: size) }
        makeUnique()
        real.withUnsafeBufferPointer { real in
            imaginary.withUnsafeBufferPointer { imaginary in
                output.withUnsafeMutableBufferPointer { storage.inverse(real: real, imaginary: imaginary, into: $0.baseAddress!) }
            }
        }
    }

    /// Writes `IFFT(|FFT(x)|²)` of `input` (zero-padded or truncated to ``size`` points) into `output`
    /// (resized to ``size`` if needed): the circular autocorrelation `Σₙ x[n]·x[(n+ℓ) mod N]` for lags
    /// `ℓ = 0…N−1`, which is the linear one for lags `ℓ < N − count + 1` when the input is shorter
    /// than N (so N ≥ 2·count gives every lag of the linear autocorrelation, as ``FeatureExtractor``
    /// uses it). The same operations, in the same order, as ``transform(_:real:imaginary:)``,
    /// squaring each bin as `re·re + im·im`, and ``inverse(real:imaginary:into:)`` with zero imaginary
    /// parts, without the intermediate arrays (the Swift backend does the squaring while unpacking).
    /// - Complexity: O(N log N); no allocation once `output` has the right count.
    public mutating func autocorrelation(of input: [Double], into output: inout [Double]) {
        if output.count != size { output = [Double](repeating: 0, count: size) }
        makeUnique()
        input.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { storage.autocorrelation(input, into: $0.baseAddress!) }
        }
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(copying: storage)
        }
    }
}
