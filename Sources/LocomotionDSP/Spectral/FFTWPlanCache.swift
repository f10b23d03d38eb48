#if LOCOMOTION_FFTW
import CFFTW
import Foundation

/// The process-wide cache of FFTW plans, one per (size, direction); compiled only with FFTW (the
/// `FFTW` package trait, on Linux).
///
/// This is the one piece of global state in LocomotionDSP, and it is justified: FFTW's planner is
/// not thread-safe (every `fftw_plan_*` call must be serialised), while executing a plan with
/// `fftw_execute_dft_r2c/c2r` on any suitably aligned buffers is. Caching plans behind a lock lets
/// any number of `RealFFT` values on any threads share them, and planning is paid once per size.
/// Plans are planned with `FFTW_ESTIMATE`, which picks the algorithm without timing trial runs, so
/// the chosen algorithm — and thus every output bit — is the same on every run (`FFTW_MEASURE` can
/// choose differently from run to run). Plans live until the process ends (a few kB per size).
/// The Swift backend needs none of this: its plans are immutable values owned by the `RealFFT`s.
final class FFTWPlanCache: @unchecked Sendable {
    /// An FFTW plan pointer; immutable after creation and safe to execute concurrently.
    struct Plan: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    enum Direction: Hashable { case forward, inverse }

    private struct Key: Hashable {
        let size: Int
        let direction: Direction
    }

    static let shared = FFTWPlanCache()

    private let lock = NSLock()
    private var plans: [Key: Plan] = [:]

    /// FFTW_ESTIMATE from fftw3.h (the macro is not imported into Swift).
    private static let estimate: UInt32 = 1 << 6

    /// Runs `body` holding the planner lock: any other call of FFTW's planner (`fftw_plan_*`,
    /// `fftw_destroy_plan`) in the process — such as the tests', which plan FFTW directly — must go
    /// through here, or it races with the cache's planning.
    func withPlannerLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// The plan for a real transform of `size` points in `direction`, created on first use on
    /// scratch buffers from `fftw_alloc_*` (so it applies to any buffer aligned at least as well:
    /// `RealFFT`'s buffers are 64-byte aligned).
    func plan(size: Int, direction: Direction) -> Plan {
        lock.lock()
        defer { lock.unlock() }
        let key = Key(size: size, direction: direction)
        if let plan = plans[key] { return plan }
        let real = fftw_alloc_real(size)!
        let complex = fftw_alloc_complex(size / 2 + 1)!
        defer {
            fftw_free(real)
            fftw_free(complex)
        }
        let pointer: OpaquePointer?
        switch direction {
        case .forward: pointer = fftw_plan_dft_r2c_1d(Int32(size), real, complex, Self.estimate)
        case .inverse: pointer = fftw_plan_dft_c2r_1d(Int32(size), complex, real, Self.estimate)
        }
        guard let pointer else { fatalError("FFTW could not plan a transform of \(size) points") }
        let plan = Plan(pointer: pointer)
        plans[key] = plan
        return plan
    }
}
#endif
