extension RealFFT {
    /// The implementation that computes a ``RealFFT``.
    ///
    /// Both give the same spectra to within 1e-12 of the largest bin (tested on random inputs at every
    /// size the library uses) and the same decisions everywhere in Locomotion (the test suite runs
    /// once with each). They differ in licence, platforms and speed; `Docs/dsp.md` has the figures.
    public enum Backend: String, Sendable, Hashable, CaseIterable {
        /// FFTW 3, a system library under GPL-2.0-or-later. Present only in builds with the package
        /// trait `FFTW` (on by default) on Linux; a binary that contains it is a combined work under the GPL.
        case fftw
        /// The package's own mixed-radix FFT in Swift (Bluestein for sizes with a prime factor above 31),
        /// under the package's licence. Present in every build, on every platform.
        case swift

        /// Whether this build contains the backend.
        /// - Complexity: O(1).
        public var isAvailable: Bool {
            switch self {
            case .swift: true
            case .fftw:
                #if LOCOMOTION_FFTW
                true
                #else
                false
                #endif
            }
        }

        /// The backends this build contains: `[.fftw, .swift]` with the `FFTW` trait on Linux, else `[.swift]`.
        /// - Complexity: O(1).
        public static var available: [Backend] { allCases.filter(\.isAvailable) }

        /// The backend ``RealFFT/init(size:backend:)`` and ``FeatureExtractor`` use: ``fftw`` where
        /// available, else ``swift``.
        /// - Complexity: O(1).
        public static var `default`: Backend { Backend.fftw.isAvailable ? .fftw : .swift }
    }
}
