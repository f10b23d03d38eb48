/// A streaming cascade of second-order sections (biquads), with its state kept between calls.
///
/// Each section runs the direct-form-I difference equation
/// `y[n] = b0·x[n] + b1·x[n−1] + b2·x[n−2] − a2·y[n−2] − a1·y[n−1]` (summed in that order, so the
/// feedback term through `y[n−1]` comes last and the recursive dependency is one multiply and one
/// add long). Section k's output history is section k+1's input history, so the whole cascade keeps
/// `2·(sections + 1)` numbers of state. Output equals `scipy.signal.sosfilt` to rounding (≈1e-15
/// relative; scipy uses transposed direct form II, which rounds differently).
///
/// ``process(_:)-(Double)`` on one sample and ``process(_:)-([Double])`` on a buffer perform the very
/// same floating-point operations in the same order, so their results are bit-identical.
/// Neither allocates. Cost: 5 multiplies and 4 adds per section per sample.
///
/// The filter is `Codable`: its sections and its state (each stage's last two values) are encoded, so a filter
/// decoded from a snapshot continues bit for bit where the encoded one stopped.
public struct SOSFilter: Sendable {
    /// The sections, in processing order.
    package let sections: [Biquad]
    /// Coefficients and state, shared copy-on-write between copies of the filter.
    @usableFromInline internal var storage: Storage

    /// Creates a filter at rest (zero state) from its sections. An empty cascade passes input through.
    public init(sections: [Biquad]) {
        self.sections = sections
        storage = Storage(sections: sections)
    }

    /// Flat buffers (no per-sample array bookkeeping): coefficients [b0, b1, b2, a1, a2] per section,
    /// and per stage (the input, then each section's output) the pair (v[n−1], v[n−2]). A pair is
    /// one 16-byte value so that the per-sample path stores and reloads it whole (two 8-byte stores
    /// followed by a 16-byte load would defeat the CPU's store-to-load forwarding).
    @usableFromInline
    internal final class Storage: @unchecked Sendable {
        @usableFromInline let sectionCount: Int
        @usableFromInline let coefficients: UnsafeMutablePointer<Double>
        @usableFromInline let history: UnsafeMutablePointer<SIMD2<Double>>

        init(sections: [Biquad]) {
            sectionCount = sections.count
            coefficients = .allocate(capacity: max(1, 5 * sections.count))
            history = .allocate(capacity: sections.count + 1)
            for (s, section) in sections.enumerated() {
                (coefficients + 5 * s).initialize(from: [section.b0, section.b1, section.b2, section.a1, section.a2], count: 5)
            }
            history.initialize(repeating: .zero, count: sections.count + 1)
        }

        @usableFromInline
        init(copying other: Storage) {
            sectionCount = other.sectionCount
            coefficients = .allocate(capacity: max(1, 5 * sectionCount))
            history = .allocate(capacity: sectionCount + 1)
            coefficients.initialize(from: other.coefficients, count: 5 * sectionCount)
            history.initialize(from: other.history, count: sectionCount + 1)
        }

        deinit {
            coefficients.deallocate()
            history.deallocate()
        }
    }

    /// Gives this value its own storage before a mutation if a copy shares it.
    @inlinable @inline(__always)
    internal mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(copying: storage)
        }
    }

    /// One section's output. Shared by the per-sample and the buffer paths so that both round alike.
    @inlinable @inline(__always)
    internal static func step(
        _ x: Double, _ x1: Double, _ x2: Double, _ y1: Double, _ y2: Double,
        _ b0: Double, _ b1: Double, _ b2: Double, _ a1: Double, _ a2: Double
    ) -> Double {
        let feedForward = b0 * x + b1 * x1 + b2 * x2 - a2 * y2
        return feedForward - a1 * y1
    }

    /// Filters one sample and returns the cascade's output.
    /// - Complexity: O(sections), no allocation.
    @inlinable @inline(__always)
    public mutating func process(_ x: Double) -> Double {
        makeUnique()
        let c = storage.coefficients, h = storage.history
        var input = x
        for s in 0..<storage.sectionCount {
            let k = 5 * s
            let inputHistory = h[s], outputHistory = h[s + 1]
            let output = SOSFilter.step(input, inputHistory.x, inputHistory.y, outputHistory.x, outputHistory.y,
                                        c[k], c[k + 1], c[k + 2], c[k + 3], c[k + 4])
            h[s] = SIMD2(input, inputHistory.x)
            input = output
        }
        let last = storage.sectionCount
        h[last] = SIMD2(input, h[last].x)
        return input
    }

    /// Filters `buffer` in place, continuing from (and updating) the current state.
    /// Bit-identical to calling ``process(_:)-(Double)`` on each element in turn.
    /// - Complexity: O(count · sections), no allocation.
    public mutating func process(_ buffer: inout [Double]) {
        buffer.withUnsafeMutableBufferPointer { process($0) }
    }

    /// Filters the samples of `buffer` in place; see ``process(_:)-([Double])``.
    public mutating func process(_ buffer: UnsafeMutableBufferPointer<Double>) {
        guard !buffer.isEmpty else { return }
        makeUnique()
        let sectionCount = storage.sectionCount
        let c = UnsafeBufferPointer(start: storage.coefficients, count: 5 * sectionCount)
        let h = storage.history
        // Sections run two at a time over the buffer with their state in registers: the two
        // recursions are independent within an iteration, so the CPU overlaps them. Each group reads
        // its input history from the group before it *as it was before this buffer*, so that history
        // is carried forward rather than read back from h.
        var inputHistory = (h[0].x, h[0].y)
        var s = 0
        while s + 1 < sectionCount {
            inputHistory = SOSFilter.runPair(buffer, c, h, section: s, input: inputHistory)
            s += 2
        }
        if s < sectionCount {
            inputHistory = SOSFilter.runSingle(buffer, c, h, section: s, input: inputHistory)
        }
        if sectionCount == 0 {
            // An empty cascade still records its input history (as the per-sample path).
            let n = buffer.count
            h[0] = SIMD2(buffer[n - 1], n >= 2 ? buffer[n - 2] : inputHistory.0)
        }
    }

    /// Runs sections `s` and `s + 1` over the buffer. `input` is the history of the sections'
    /// input before the buffer; returns the history of their output before the buffer (the next
    /// group's input history) and stores the histories after the buffer in `h`.
    @inline(__always)
    private static func runPair(
        _ buffer: UnsafeMutableBufferPointer<Double>, _ c: UnsafeBufferPointer<Double>,
        _ h: UnsafeMutablePointer<SIMD2<Double>>, section s: Int, input: (Double, Double)
    ) -> (Double, Double) {
        let k = 5 * s
        let b0 = c[k], b1 = c[k + 1], b2 = c[k + 2], a1 = c[k + 3], a2 = c[k + 4]
        let d0 = c[k + 5], d1 = c[k + 6], d2 = c[k + 7], e1 = c[k + 8], e2 = c[k + 9]
        var (x1, x2) = input
        var y1 = h[s + 1].x, y2 = h[s + 1].y, z1 = h[s + 2].x, z2 = h[s + 2].y
        let outputBefore = (z1, z2)
        let base = buffer.baseAddress!
        for i in 0..<buffer.count {
            let x = base[i]
            let y = step(x, x1, x2, y1, y2, b0, b1, b2, a1, a2)
            let z = step(y, y1, y2, z1, z2, d0, d1, d2, e1, e2)
            x2 = x1; x1 = x
            y2 = y1; y1 = y
            z2 = z1; z1 = z
            base[i] = z
        }
        h[s] = SIMD2(x1, x2); h[s + 1] = SIMD2(y1, y2); h[s + 2] = SIMD2(z1, z2)
        return outputBefore
    }

    /// Runs section `s` alone over the buffer; see `runPair`.
    @inline(__always)
    private static func runSingle(
        _ buffer: UnsafeMutableBufferPointer<Double>, _ c: UnsafeBufferPointer<Double>,
        _ h: UnsafeMutablePointer<SIMD2<Double>>, section s: Int, input: (Double, Double)
    ) -> (Double, Double) {
        let k = 5 * s
        let b0 = c[k], b1 = c[k + 1], b2 = c[k + 2], a1 = c[k + 3], a2 = c[k + 4]
        var (x1, x2) = input
        var y1 = h[s + 1].x, y2 = h[s + 1].y
        let outputBefore = (y1, y2)
        let base = buffer.baseAddress!
        for i in 0..<buffer.count {
            let x = base[i]
            let y = step(x, x1, x2, y1, y2, b0, b1, b2, a1, a2)
            x2 = x1; x1 = x
            y2 = y1; y1 = y
            base[i] = y
        }
        h[s] = SIMD2(x1, x2); h[s + 1] = SIMD2(y1, y2)
        return outputBefore
    }

    /// Returns the filter to rest (zero state).
    /// - Complexity: O(sections).
    public mutating func reset() {
        makeUnique()
        storage.history.update(repeating: .zero, count: storage.sectionCount + 1)
    }

    /// Sets the state to the steady state reached after `value` has been the input forever,
    /// so that a constant input of `value` produces a constant output from the first sample on
    /// (no start-up transient). The same condition as `scipy.signal.sosfilt_zi(sos) * value`.
    /// - Complexity: O(sections).
    public mutating func reset(steadyStateFor value: Double) {
        makeUnique()
        let h = storage.history
        var level = value
        h[0] = SIMD2(level, level)
        for (s, section) in sections.enumerated() {
            level *= section.dcGain
            h[s + 1] = SIMD2(level, level)
        }
    }

    /// Zero-phase filtering: the signal is filtered forwards, then the result backwards, so the
    /// phase shifts cancel and the magnitude response is squared (a Butterworth of order N
    /// becomes −6 dB at its cutoff).
    ///
    /// Matches `scipy.signal.sosfiltfilt(sos, signal)` with its defaults (`padtype="odd"`,
    /// `padlen = 3·(2·sections + 1 − min(#{b2 = 0}, #{a2 = 0}))`): the signal is extended at both
    /// ends by its point reflection about the end sample, each pass starts from the steady state
    /// for its first input, and the padding is removed. Where scipy raises because the signal is not
    /// longer than `padlen`, this uses `padlen = count − 1` instead. O(count · sections); allocates
    /// the result and one padded copy.
    public static func zeroPhase(sections: [Biquad], _ signal: [Double]) -> [Double] {
        let count = signal.count
        guard count > 0 else { return [] }
        let zeroB2 = sections.filter { $0.b2 == 0 }.count
        let zeroA2 = sections.filter { $0.a2 == 0 }.count
        let defaultPadding = 3 * (2 * sections.count + 1 - min(zeroB2, zeroA2))
        let padding = min(defaultPadding, count - 1)

        var extended = [Double]()
        extended.reserveCapacity(count + 2 * padding)
        let first = signal[0], last = signal[count - 1]
        for index in stride(from: padding, to: 0, by: -1) { extended.append(2 * first - signal[index]) }
        extended.append(contentsOf: signal)
        for index in stride(from: count - 2, to: count - 2 - padding, by: -1) { extended.append(2 * last - signal[index]) }

        var filter = SOSFilter(sections: sections)
        filter.reset(steadyStateFor: extended[0])
        filter.process(&extended)
        extended.reverse()
        filter.reset(steadyStateFor: extended[0])
        filter.process(&extended)
        extended.reverse()
        return Array(extended[padding..<(padding + count)])
    }
}

extension SOSFilter: Codable {
    private enum CodingKeys: String, CodingKey {
        case sections
        /// Per stage (the input, then each section's output): v[n−1], v[n−2], flattened.
        case history
    }

    /// Decodes a filter with its state.
    /// - Throws: `DecodingError.dataCorrupted` when the history does not hold two values per stage.
    /// - Complexity: O(sections).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let sections = try container.decode([Biquad].self, forKey: .sections)
        let history = try container.decode([Double].self, forKey: .history)
        guard history.count == 2 * (sections.count + 1) else {
            throw DecodingError.dataCorruptedError(
                forKey: .history, in: container,
                debugDescription: "\(history.count) history values for \(sections.count) sections; expected \(2 * (sections.count + 1))")
        }
        self.init(sections: sections)
        for stage in 0...sections.count {
            storage.history[stage] = SIMD2(history[2 * stage], history[2 * stage + 1])
        }
    }

    /// Encodes the sections and the state.
    /// - Complexity: O(sections).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sections, forKey: .sections)
        var history: [Double] = []
        history.reserveCapacity(2 * (storage.sectionCount + 1))
        for stage in 0...storage.sectionCount {
            history.append(storage.history[stage].x)
            history.append(storage.history[stage].y)
        }
        try container.encode(history, forKey: .history)
    }
}
