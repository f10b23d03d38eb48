/// A ring buffer of the last ``size`` values of a stream that says when the next analysis window
/// is due: when it first fills, then every ``hop`` values.
///
/// With `size = 256` and `hop = 128` at 50 Hz, windows are 5.12 s long and overlap by half.
/// ``append(_:)`` is O(1) and ``copyWindow(into:)`` O(size); neither allocates (after the
/// destination buffer has the right count). `Codable`: a decoded window holds the same values and is due at the
/// same sample as the encoded one.
public struct SlidingWindow: Sendable {
    /// Number of values in a window.
    public let size: Int
    /// Number of new values between consecutive windows.
    public let hop: Int
    @usableFromInline internal var storage: [Double]
    /// Index where the next value is written (the oldest value once full).
    @usableFromInline internal var writeIndex = 0
    @usableFromInline internal var heldCount = 0
    @usableFromInline internal var sinceLastWindow = 0

    /// Creates an empty window of `size ≥ 1` values advancing by `hop ≥ 1` values.
    public init(size: Int, hop: Int) {
        precondition(size >= 1 && hop >= 1, "SlidingWindow needs size ≥ 1 and hop ≥ 1")
        self.size = size
        self.hop = hop
        storage = [Double](repeating: 0, count: size)
    }

    /// Number of values held, at most ``size``.
    public var count: Int { heldCount }

    /// Whether ``size`` values have been appended since creation or ``reset()``.
    public var isFull: Bool { count == size }

    /// Appends `value`, dropping the oldest when full. Returns `true` when a window is ready:
    /// on the value that fills the buffer, and on every `hop`-th value after that.
    /// - Complexity: O(1).
    @inlinable
    public mutating func append(_ value: Double) -> Bool {
        storage[writeIndex] = value
        writeIndex += 1
        if writeIndex == size { writeIndex = 0 }
        if heldCount < size {
            heldCount += 1
            return heldCount == size
        }
        sinceLastWindow += 1
        if sinceLastWindow == hop {
            sinceLastWindow = 0
            return true
        }
        return false
    }

    /// Copies the window, oldest value first, into `buffer`, which is resized to ``size`` if needed
    /// (allocating only then). Before the window is full the missing oldest values are 0.
    /// - Complexity: O(size).
    public func copyWindow(into buffer: inout [Double]) {
        if buffer.count != size {
            buffer = [Double](repeating: 0, count: size)
        }
        // Two block copies (memcpy), not element loops: this runs for every window of every axis.
        buffer.withUnsafeMutableBufferPointer { destination in
            storage.withUnsafeBufferPointer { source in
                let to = destination.baseAddress!, from = source.baseAddress!
                if count < size {
                    let missing = size - count
                    to.update(repeating: 0, count: missing)
                    (to + missing).update(from: from, count: count)
                } else {
                    let tail = size - writeIndex
                    to.update(from: from + writeIndex, count: tail)
                    (to + tail).update(from: from, count: writeIndex)
                }
            }
        }
    }

    /// Empties the window (e.g. at a gap); the next window is due when it is full again.
    public mutating func reset() {
        writeIndex = 0
        heldCount = 0
        sinceLastWindow = 0
    }
}

extension SlidingWindow: Codable {
    private enum CodingKeys: String, CodingKey {
        /// The values held, oldest first (at most `size`).
        case size, hop, values, sinceLastWindow
    }

    /// Decodes a window with its values.
    /// - Throws: `DecodingError.dataCorrupted` when the size, hop, values or position are inconsistent.
    /// - Complexity: O(size).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let size = try container.decode(Int.self, forKey: .size)
        let hop = try container.decode(Int.self, forKey: .hop)
        let values = try container.decode([Double].self, forKey: .values)
        let sinceLastWindow = try container.decode(Int.self, forKey: .sinceLastWindow)
        guard size >= 1, hop >= 1, values.count <= size, (0..<hop).contains(sinceLastWindow),
              values.count == size || sinceLastWindow == 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .values, in: container,
                debugDescription: "inconsistent window: size \(size), hop \(hop), \(values.count) values, \(sinceLastWindow) since the last window")
        }
        self.init(size: size, hop: hop)
        for value in values { _ = append(value) }
        self.sinceLastWindow = sinceLastWindow
    }

    /// Encodes the size, the hop, the values held (oldest first) and the position of the next window.
    /// - Complexity: O(size).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(size, forKey: .size)
        try container.encode(hop, forKey: .hop)
        var window: [Double] = []
        copyWindow(into: &window)
        try container.encode(Array(window.suffix(count)), forKey: .values)
        try container.encode(sinceLastWindow, forKey: .sinceLastWindow)
    }
}
