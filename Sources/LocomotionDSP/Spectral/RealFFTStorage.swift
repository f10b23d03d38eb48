#if LOCOMOTION_FFTW
import CFFTW
#endif

extension RealFFT {
    /// The buffers of one ``RealFFT`` and the plan that transforms them, with each operation written
    /// for either backend: FFTW transforms into an interleaved spectrum that the operation then reads;
    /// the Swift FFT unpacks its result straight into the operation's output.
    ///
    /// FFTW's `signal` (N doubles) and `spectrum` (N/2 + 1 interleaved (re, im) pairs, the layout of
    /// `fftw_complex`) are 64-byte aligned, at least as aligned as the `fftw_alloc` buffers FFTW's
    /// plans were made on, so FFTW's new-array execute functions accept them. Never shared between
    /// values while in use (copy-on-write in `RealFFT`), hence `@unchecked Sendable`.
    final class Storage: @unchecked Sendable {
        let size: Int
        let backend: Backend
        /// The time-domain buffer of FFTW's r2c input and c2r output (N doubles).
        private let signal: UnsafeMutablePointer<Double>
        /// FFTW's N/2 + 1 bins as interleaved (real, imaginary) pairs; the bins given to the Swift FFT's inverse.
        private let spectrum: UnsafeMutablePointer<Double>
        private let swiftPlan: SwiftRealFFTPlan?
        private let workspace: UnsafeMutablePointer<Double>
        #if LOCOMOTION_FFTW
        private let forwardPlan: FFTWPlanCache.Plan?
        private var cachedInversePlan: FFTWPlanCache.Plan?
        #endif

        private static let alignment = 64

        private static func allocate(_ count: Int) -> UnsafeMutablePointer<Double> {
            let raw = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1) * MemoryLayout<Double>.stride, alignment: alignment)
            return raw.initializeMemory(as: Double.self, repeating: 0, count: max(count, 1))
        }

        /// New buffers and a plan: the Swift plan is made here (O(N)), FFTW's taken from the shared cache.
        convenience init(size: Int, backend: Backend) {
            precondition(backend.isAvailable, "RealFFT backend \(backend) is not in this build (it needs the package trait FFTW, on Linux)")
            self.init(size: size, backend: backend, swiftPlan: backend == .swift ? SwiftRealFFTPlan(size: size) : nil)
        }

        /// New buffers sharing `other`'s plan (the copy in copy-on-write).
        convenience init(copying other: Storage) {
            self.init(size: other.size, backend: other.backend, swiftPlan: other.swiftPlan)
        }

        private init(size: Int, backend: Backend, swiftPlan: SwiftRealFFTPlan?) {
            self.size = size
            self.backend = backend
            self.swiftPlan = swiftPlan
            signal = Self.allocate(size)
            spectrum = Self.allocate(2 * (size / 2 + 1))
            workspace = Self.allocate(swiftPlan?.workspaceCount ?? 0)
            #if LOCOMOTION_FFTW
            forwardPlan = backend == .fftw ? FFTWPlanCache.shared.plan(size: size, direction: .forward) : nil
            #endif
        }

        deinit {
            UnsafeMutableRawPointer(signal).deallocate()
            UnsafeMutableRawPointer(spectrum).deallocate()
            UnsafeMutableRawPointer(workspace).deallocate()
        }

        // MARK: Operations (output counts are the caller's responsibility; input is zero-padded or truncated to N)

        /// Writes `|X[k]|²`, k = 0…N/2, into `power`.
        @inline(__always)
        func powerSpectrum(_ input: UnsafeBufferPointer<Double>, into power: UnsafeMutablePointer<Double>) {
            if let swiftPlan {
                swiftPlan.powerSpectrum(base(input), count: input.count, into: power, workspace: workspace)
                return
            }
            #if LOCOMOTION_FFTW
            fftwForward(input)
            let values = spectrum, bins = size / 2 + 1
            // Two bins at a time: |X|² = re² + im² in SIMD lanes.
            var k = 0
            while k + 1 < bins {
                let re = SIMD2(values[2 * k], values[2 * k + 2])
                let im = SIMD2(values[2 * k + 1], values[2 * k + 3])
                let squares = re * re + im * im
                power[k] = squares.x
                power[k + 1] = squares.y
                k += 2
            }
            if k < bins { power[k] = values[2 * k] * values[2 * k] + values[2 * k + 1] * values[2 * k + 1] }
            #endif
        }

        /// Writes `X[k]`, k = 0…N/2, into `real` and `imaginary`.
        @inline(__always)
        func transform(_ input: UnsafeBufferPointer<Double>, real: UnsafeMutablePointer<Double>, imaginary: UnsafeMutablePointer<Double>) {
            if let swiftPlan {
                swiftPlan.transform(base(input), count: input.count, real: real, imaginary: imaginary, workspace: workspace)
                return
            }
            #if LOCOMOTION_FFTW
            fftwForward(input)
            for k in 0..<(size / 2 + 1) {
                real[k] = spectrum[2 * k]
                imaginary[k] = spectrum[2 * k + 1]
            }
            #endif
        }

        /// Writes `(1/N)·IFFT(|FFT(x)|²)` into `output` (N values).
        @inline(__always)
        func autocorrelation(_ input: UnsafeBufferPointer<Double>, into output: UnsafeMutablePointer<Double>) {
            let scale = 1 / Double(size)
            if let swiftPlan {
                swiftPlan.autocorrelation(base(input), count: input.count, into: output, scale: scale, workspace: workspace)
                return
            }
            #if LOCOMOTION_FFTW
            fftwForward(input)
            for k in 0..<(size / 2 + 1) {
                let re = spectrum[2 * k], im = spectrum[2 * k + 1]
                spectrum[2 * k] = re * re + im * im
                spectrum[2 * k + 1] = 0
            }
            fftw_execute_dft_c2r(inversePlan.pointer, UnsafeMutablePointer<fftw_complex>(OpaquePointer(spectrum)), signal)
            for n in 0..<size { output[n] = signal[n] * scale }
            #endif
        }

        /// Writes `(1/N)·Σₖ X[k]·e^{2πi·kn/N}` of the bins `real`/`imaginary` (missing bins are zero;
        /// the imaginary parts of bin 0 and, for even N, bin N/2 are ignored) into `output` (N values).
        func inverse(real: UnsafeBufferPointer<Double>, imaginary: UnsafeBufferPointer<Double>, into output: UnsafeMutablePointer<Double>) {
            let bins = size / 2 + 1, scale = 1 / Double(size)
            if let swiftPlan {
                // Straight from the caller's arrays when they hold every bin (an empty imaginary array is
                // all zero); otherwise from `spectrum`, real parts then imaginary parts, zero-filled.
                if real.count >= bins && (imaginary.count >= bins || imaginary.isEmpty) {
                    swiftPlan.inverse(real: real.baseAddress!, imaginary: imaginary.isEmpty ? nil : imaginary.baseAddress!,
                                      into: output, scale: scale, workspace: workspace)
                    return
                }
                for k in 0..<bins {
                    spectrum[k] = k < real.count ? real[k] : 0
                    spectrum[bins + k] = k < imaginary.count ? imaginary[k] : 0
                }
                swiftPlan.inverse(real: spectrum, imaginary: spectrum + bins, into: output, scale: scale, workspace: workspace)
                return
            }
            #if LOCOMOTION_FFTW
            // Interleaved (re, im) bins: the bins given, then zeros — loops without a test per bin (a select per
            // element kept the packing from vectorising; it cost more than the transform's butterflies).
            let realCount = min(real.count, bins), imaginaryCount = min(imaginary.count, bins)
            if realCount == bins && imaginaryCount == bins {
                for k in 0..<bins {
                    spectrum[2 &* k] = real[k]
                    spectrum[2 &* k &+ 1] = imaginary[k]
                }
            } else {
                for k in 0..<realCount { spectrum[2 &* k] = real[k] }
                for k in realCount..<bins { spectrum[2 &* k] = 0 }
                for k in 0..<imaginaryCount { spectrum[2 &* k &+ 1] = imaginary[k] }
                for k in imaginaryCount..<bins { spectrum[2 &* k &+ 1] = 0 }
            }
            fftw_execute_dft_c2r(inversePlan.pointer, UnsafeMutablePointer<fftw_complex>(OpaquePointer(spectrum)), signal)
            for n in 0..<size { output[n] = signal[n] * scale }
            #endif
        }

        /// The input's first element, or any valid address when it is empty (nothing is read then).
        @inline(__always)
        private func base(_ input: UnsafeBufferPointer<Double>) -> UnsafePointer<Double> {
            input.baseAddress ?? UnsafePointer(signal)
        }

        #if LOCOMOTION_FFTW
        /// Copies `input` (zero-padded or truncated) into ``signal`` and runs the r2c plan into ``spectrum``.
        @inline(__always)
        private func fftwForward(_ input: UnsafeBufferPointer<Double>) {
            let copied = min(input.count, size)
            if copied > 0 { signal.update(from: input.baseAddress!, count: copied) }
            if copied < size { (signal + copied).update(repeating: 0, count: size - copied) }
            fftw_execute_dft_r2c(forwardPlan!.pointer, signal, UnsafeMutablePointer<fftw_complex>(OpaquePointer(spectrum)))
        }

        /// FFTW's c2r plan, fetched on first use (most users only transform forwards).
        private var inversePlan: FFTWPlanCache.Plan {
            if let cachedInversePlan { return cachedInversePlan }
            let plan = FFTWPlanCache.shared.plan(size: size, direction: .inverse)
            cachedInversePlan = plan
            return plan
        }
        #endif
    }
}
