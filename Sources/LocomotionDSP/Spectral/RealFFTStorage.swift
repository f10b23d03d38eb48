#if LOCOMOTION_FFTW
import CFFTW
#endif

extension RealFFT {
    /// The buffers of one ``RealFFT`` and the plan that transforms them, for either backend.
    ///
    /// `signal` (N doubles) and `spectrum` (N/2 + 1 interleaved (re, im) pairs, the layout of
    /// `fftw_complex`) are 64-byte aligned, at least as aligned as the `fftw_alloc` buffers FFTW's
    /// plans were made on, so FFTW's new-array execute functions accept them. Never shared between
    /// values while in use (copy-on-write in `RealFFT`), hence `@unchecked Sendable`.
    final class Storage: @unchecked Sendable {
        let size: Int
        let backend: Backend
        /// The time-domain buffer: FFTW's r2c input and c2r output; the Swift inverse's output.
        let signal: UnsafeMutablePointer<Double>
        /// The N/2 + 1 bins as interleaved (real, imaginary) pairs.
        let spectrum: UnsafeMutablePointer<Double>
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

        /// Writes the spectrum of `input` (zero-padded or truncated to N points) into ``spectrum``.
        @inline(__always)
        func forward(_ input: UnsafeBufferPointer<Double>) {
            let copied = min(input.count, size)
            if let swiftPlan {
                swiftPlan.forward(input.baseAddress ?? UnsafePointer(signal), count: copied, into: spectrum, workspace: workspace)
                return
            }
            #if LOCOMOTION_FFTW
            if copied > 0 { signal.update(from: input.baseAddress!, count: copied) }
            if copied < size { (signal + copied).update(repeating: 0, count: size - copied) }
            fftw_execute_dft_r2c(forwardPlan!.pointer, signal, UnsafeMutablePointer<fftw_complex>(OpaquePointer(spectrum)))
            #endif
        }

        /// Writes the unnormalised inverse (N times the signal) of ``spectrum`` into ``signal``; the
        /// imaginary parts of bin 0 and of bin N/2 (even N) are ignored. ``spectrum`` is left undefined.
        @inline(__always)
        func inverse() {
            if let swiftPlan {
                swiftPlan.inverse(spectrum, into: signal, workspace: workspace)
                return
            }
            #if LOCOMOTION_FFTW
            fftw_execute_dft_c2r(inversePlan.pointer, UnsafeMutablePointer<fftw_complex>(OpaquePointer(spectrum)), signal)
            #endif
        }

        #if LOCOMOTION_FFTW
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
