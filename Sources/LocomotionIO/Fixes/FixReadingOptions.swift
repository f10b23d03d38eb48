/// How to read a file of location fixes.
public struct FixReadingOptions: Sendable, Hashable {
    /// Skip bad rows, points or sentences (recording each in ``FixFile/warnings``)
    /// instead of stopping at the first with an ``InputError``.
    public var lenient: Bool
    /// The format, or nil to detect it from the extension and the contents.
    public var format: FixFormat?

    public init(lenient: Bool = false, format: FixFormat? = nil) {
        self.lenient = lenient
        self.format = format
    }
}
