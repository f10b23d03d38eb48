/// A trace source whose gaps of at most a limit are written out as repeats (``GapRepeater``,
/// ``TraceReadingOptions/repeatGapLimit``): the one `next()` step of ``TraceInput`` and ``SplitTraceSource``. Without
/// a limit the base's rows pass as they are.
///
/// - Complexity: O(1) per row handed out, plus the repeats written (``GapRepeater``).
struct GapRepeatingSource<Base: TraceSource>: TraceSource {
    /// The source read (the readers' own properties are read through it).
    private(set) var base: Base
    /// Nil reads the rows as they are.
    private var repeater: GapRepeater?

    /// Reads `base`, filling its gaps of at most `limit` seconds (nil: none).
    init(_ base: Base, repeatingGapsUpTo limit: Double?) {
        self.base = base
        repeater = limit.map { GapRepeater(limit: $0) }
    }

    var file: String { base.file }
    var hasLabels: Bool { base.hasLabels }
    var warnings: [InputWarning] { base.warnings }
    var skippedRowCount: Int { base.skippedRowCount }

    @inline(__always)
    mutating func next() throws(InputError) -> TraceRow? {
        guard repeater != nil else { return try base.next() }
        if let held = repeater!.nextHeldRow() { return held }
        guard let row = try base.next() else { return nil }
        return repeater!.take(row)
    }
}
