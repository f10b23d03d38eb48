/// One thing ``XMLScanner`` found in a document. Names and text are byte ranges
/// into the scanner's ``XMLScanner/bytes``, so scanning allocates nothing per event.
enum XMLEvent: Equatable {
    /// A start tag; its attributes are ``XMLScanner/attributes`` until the next
    /// event. An empty-element tag (`<a/>`) is a `start` followed by its `end`.
    case start(name: Range<Int>)
    /// An end tag, or the end of an empty-element tag.
    case end(name: Range<Int>)
    /// Character data between tags. `literal` text is a CDATA section's content,
    /// taken as is; other text may hold references (``XMLScanner/text(_:literal:)``
    /// resolves them).
    case text(Range<Int>, literal: Bool)
}
