/// A small, strict, streaming XML tokenizer: enough XML for GPX, and nothing that
/// can crash, hang or reach outside the document.
///
/// It reads elements, attributes (either quote style), character data, CDATA
/// sections, comments, processing instructions, an XML declaration and a
/// DOCTYPE (skipped: its entities are never expanded, so a reference to one is an
/// error, not a billion laughs or a read of a local file), the five predefined
/// entities and numeric character references. Names keep their namespace
/// prefix (``localName(_:)`` drops it). It checks well-formedness as it goes:
/// matching end tags, one root element, nothing but whitespace, comments and
/// processing instructions outside it, quoted attribute values without `<`,
/// unique attribute names, defined references to allowed characters, no `]]>`
/// in text and no `--` in comments. Nesting is bounded (``maximumDepth``, as in
/// libxml2) and so are the attributes of one element.
///
/// Every problem is an ``InputError`` naming the file, line and column; a
/// document that ends early is "truncated GPX". Each call to ``next()`` does
/// work proportional to the bytes it consumes, so a document is O(n) in time;
/// memory is the element stack and one element's attributes.
struct XMLScanner {
    /// The deepest nesting of elements accepted.
    static let maximumDepth = 256
    /// The most attributes accepted on one element (the duplicate check is quadratic in them).
    static let maximumAttributes = 512

    /// The document, as checked UTF-8 (``XMLEncoding``).
    let bytes: [UInt8]
    /// The path named in errors.
    let file: String
    /// The current start tag's attributes: name and raw value (between the quotes).
    private(set) var attributes: [(name: Range<Int>, value: Range<Int>)] = []

    private var position = 0
    private var openElements: [Range<Int>] = []
    private var pendingEnd: Range<Int>?
    private var sawRoot = false
    private var sawDoctype = false
    private var lines = XMLLineCursor()

    /// Scans `bytes` (any encoding ``XMLEncoding`` reads), reporting problems as in `file`.
    init(_ bytes: [UInt8], file: String) throws(InputError) {
        self.bytes = try XMLEncoding.utf8(bytes, file: file)
        self.file = file
        if self.bytes.starts(with: Array("<?xml".utf8)), self.bytes.count > 5,
           Self.isSpace(self.bytes[5]) || self.bytes[5] == UInt8(ascii: "?") {
            try skipDeclaration()
        }
    }

    // MARK: Events

    /// The next event, or nil at the end of a well-formed document.
    mutating func next() throws(InputError) -> XMLEvent? {
        if let name = pendingEnd {
            pendingEnd = nil
            openElements.removeLast()
            return .end(name: name)
        }
        while position < bytes.count {
            guard bytes[position] == UInt8(ascii: "<") else {
                if openElements.isEmpty {
                    guard Self.isSpace(bytes[position]) else {
                        throw sawRoot ? error(at: position, "text after the root element ends")
                            : error(at: position, "not a GPX file: text where an XML tag was expected", malformed: false)
                    }
                    position += 1
                    continue
                }
                let start = position
                try scanText()
                return .text(start..<position, literal: false)
            }
            guard position + 1 < bytes.count else { throw truncated() }
            switch bytes[position + 1] {
            case UInt8(ascii: "?"):
                try skipProcessingInstruction()
            case UInt8(ascii: "!"):
                if matches("<!--") {
                    try skipComment()
                } else if matches("<![CDATA[") {
                    guard !openElements.isEmpty else { throw error(at: position, "a CDATA section outside the root element") }
                    return .text(try scanCDATA(), literal: true)
                } else if matches("<!DOCTYPE") {
                    guard !sawRoot, !sawDoctype else { throw error(at: position, "a DOCTYPE is allowed only once, before the root element") }
                    try skipDoctype()
                } else {
                    throw position + 9 > bytes.count ? truncated() : error(at: position, "expected a comment, CDATA section or DOCTYPE after `<!`")
                }
            case UInt8(ascii: "/"):
                return .end(name: try scanEndTag())
            default:
                return .start(name: try scanStartTag())
            }
        }
        if !openElements.isEmpty { throw truncated() }
        guard sawRoot else { throw InputError(file: file, problem: "not a GPX file: there is no root element") }
        return nil
    }

    // MARK: Reading names and text

    /// The name without its namespace prefix (`gpxtpx:hr` → `hr`).
    func localName(_ name: Range<Int>) -> String {
        let start = bytes[name].lastIndex(of: UInt8(ascii: ":")).map { $0 + 1 } ?? name.lowerBound
        return String(decoding: bytes[start..<name.upperBound], as: UTF8.self)
    }

    /// The qualified name as written.
    func name(_ name: Range<Int>) -> String {
        String(decoding: bytes[name], as: UTF8.self)
    }

    /// The raw value of the current start tag's attribute `name` (qualified name as written), if present.
    func attribute(_ name: String) -> Range<Int>? {
        attributes.first { bytes[$0.name].elementsEqual(name.utf8) }?.value
    }

    /// Character data with references resolved; in an attribute value (`attribute: true`)
    /// tab, LF and CR written literally become spaces, as XML normalises them. The
    /// references were checked while scanning, so this cannot fail.
    func text(_ range: Range<Int>, literal: Bool, attribute: Bool = false) -> String {
        if literal || !bytes[range].contains(where: { $0 == UInt8(ascii: "&") || (attribute && $0 < 0x20) }) {
            return String(decoding: bytes[range], as: UTF8.self)
        }
        var result = [UInt8]()
        result.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&"), let (scalar, end) = reference(at: index) {
                result.append(contentsOf: String(Character(scalar)).utf8)
                index = end
            } else {
                result.append(attribute && byte < 0x20 ? 0x20 : byte)
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Line and column of a byte offset (for the reader's own errors).
    mutating func location(of offset: Int) -> (line: Int, column: Int) {
        lines.location(of: offset, in: bytes)
    }

    /// The line the document's last character is on.
    var lastLine: Int {
        bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) } - (bytes.last == 0x0A ? 1 : 0)
    }

    // MARK: Markup

    private mutating func scanStartTag() throws(InputError) -> Range<Int> {
        let tagStart = position
        position += 1
        let name = try scanName("an element name after `<`")
        attributes.removeAll(keepingCapacity: true)
        var selfClosing = false
        while true {
            let hadSpace = skipSpace()
            guard position < bytes.count else { throw truncated() }
            let byte = bytes[position]
            if byte == UInt8(ascii: ">") {
                position += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                guard position + 1 < bytes.count else { throw truncated() }
                guard bytes[position + 1] == UInt8(ascii: ">") else { throw error(at: position, "expected `>` after `/` in <\(self.name(name))>") }
                position += 2
                selfClosing = true
                break
            }
            guard hadSpace else { throw error(at: position, "expected a space, `>` or `/>` in <\(self.name(name))>") }
            let attributeName = try scanName("an attribute name, `>` or `/>` in <\(self.name(name))>")
            skipSpace()
            guard position < bytes.count else { throw truncated() }
            guard bytes[position] == UInt8(ascii: "=") else {
                throw error(at: position, "expected `=` after attribute \(self.name(attributeName)) in <\(self.name(name))>")
            }
            position += 1
            skipSpace()
            guard position < bytes.count else { throw truncated() }
            let quote = bytes[position]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw error(at: position, "the value of attribute \(self.name(attributeName)) must be in quotes")
            }
            position += 1
            let valueStart = position
            while true {
                guard position < bytes.count else { throw truncated() }
                let byte = bytes[position]
                if byte == quote { break }
                if byte == UInt8(ascii: "<") { throw error(at: position, "`<` in the value of attribute \(self.name(attributeName))") }
                if byte == UInt8(ascii: "&") { try checkReference() } else { position += 1 }
            }
            let value = valueStart..<position
            position += 1
            if attributes.contains(where: { bytes[$0.name] == bytes[attributeName] }) {
                throw error(at: attributeName.lowerBound, "attribute \(self.name(attributeName)) appears twice in <\(self.name(name))>")
            }
            guard attributes.count < Self.maximumAttributes else {
                throw error(at: attributeName.lowerBound, "more than \(Self.maximumAttributes) attributes in <\(self.name(name))>")
            }
            attributes.append((attributeName, value))
        }
        if openElements.isEmpty {
            guard !sawRoot else { throw error(at: tagStart, "a second root element <\(self.name(name))> after the first one ends") }
            sawRoot = true
        }
        guard openElements.count < Self.maximumDepth else {
            throw error(at: tagStart, "elements nested more than \(Self.maximumDepth) deep")
        }
        openElements.append(name)
        if selfClosing { pendingEnd = name }
        return name
    }

    private mutating func scanEndTag() throws(InputError) -> Range<Int> {
        let tagStart = position
        position += 2
        let name = try scanName("an element name after `</`")
        skipSpace()
        guard position < bytes.count else { throw truncated() }
        guard bytes[position] == UInt8(ascii: ">") else { throw error(at: position, "expected `>` to end </\(self.name(name))>") }
        position += 1
        guard let open = openElements.last else {
            throw error(at: tagStart, "</\(self.name(name))> ends an element that was never started")
        }
        guard bytes[open] == bytes[name] else {
            let (line, _) = location(of: open.lowerBound)
            throw error(at: tagStart, "</\(self.name(name))> does not match <\(self.name(open))> (line \(line))")
        }
        openElements.removeLast()
        return name
    }

    /// Character data up to the next `<`, checking references and `]]>`.
    private mutating func scanText() throws(InputError) {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "<"):
                return
            case UInt8(ascii: "&"):
                try checkReference()
            case UInt8(ascii: "]") where matches("]]>"):
                throw error(at: position, "`]]>` is not allowed in text")
            default:
                position += 1
            }
        }
    }

    private mutating func scanCDATA() throws(InputError) -> Range<Int> {
        let start = position + 9
        guard let end = find("]]>", from: start) else { throw truncated() }
        position = end + 3
        return start..<end
    }

    private mutating func skipComment() throws(InputError) {
        guard let dashes = find("--", from: position + 4) else { throw truncated() }
        guard dashes + 2 < bytes.count else { throw truncated() }
        guard bytes[dashes + 2] == UInt8(ascii: ">") else { throw error(at: dashes, "`--` is not allowed inside a comment") }
        position = dashes + 3
    }

    private mutating func skipProcessingInstruction() throws(InputError) {
        let start = position
        position += 2
        let target = try scanName("a processing-instruction name after `<?`")
        if bytes[target].count == 3, String(decoding: bytes[target], as: UTF8.self).lowercased() == "xml" {
            throw error(at: start, "the XML declaration `<?xml …?>` is allowed only at the very start of the file")
        }
        guard position < bytes.count else { throw truncated() }
        guard matches("?>") || Self.isSpace(bytes[position]) else {
            throw error(at: position, "expected a space or `?>` after <?\(name(target))")
        }
        guard let end = find("?>", from: position) else { throw truncated() }
        position = end + 2
    }

    /// The `<?xml version=… encoding=… standalone=…?>` at offset 0 (its encoding was handled by ``XMLEncoding``).
    private mutating func skipDeclaration() throws(InputError) {
        guard let end = find("?>", from: 5) else { throw truncated() }
        guard find("version", from: 5).map({ $0 < end }) == true else {
            throw error(at: 0, "the XML declaration has no version")
        }
        position = end + 2
    }

    /// `<!DOCTYPE …>` with an optional internal subset, skipped (quotes and comments respected).
    private mutating func skipDoctype() throws(InputError) {
        sawDoctype = true
        position += 9
        var inSubset = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                guard let close = bytes[(position + 1)...].firstIndex(of: byte) else { throw truncated() }
                position = close + 1
            } else if inSubset, matches("<!--") {
                try skipComment()
            } else if byte == UInt8(ascii: "[") {
                inSubset = true
                position += 1
            } else if byte == UInt8(ascii: "]") {
                inSubset = false
                position += 1
            } else if byte == UInt8(ascii: ">"), !inSubset {
                position += 1
                return
            } else {
                position += 1
            }
        }
        throw truncated()
    }

    // MARK: Pieces

    /// An XML name at `position` (letters, digits, `_ : - .` and any non-ASCII character; not starting with a digit, `-` or `.`).
    private mutating func scanName(_ expected: String) throws(InputError) -> Range<Int> {
        let start = position
        guard position < bytes.count else { throw truncated() }
        guard Self.isNameStart(bytes[position]) else { throw error(at: position, "expected \(expected)") }
        position += 1
        while position < bytes.count, Self.isNameStart(bytes[position]) || Self.isNameTail(bytes[position]) {
            position += 1
        }
        guard position < bytes.count else { throw truncated() }
        return start..<position
    }

    /// Checks the reference at `position` (an `&`) and moves past it.
    private mutating func checkReference() throws(InputError) {
        guard let (_, end) = reference(at: position) else {
            guard let semicolon = bytes[position...].prefix(40).firstIndex(of: UInt8(ascii: ";")) else {
                if bytes.count - position < 40, !bytes[position...].contains(UInt8(ascii: "<")) { throw truncated() }
                throw error(at: position, "`&` must start a reference such as &amp;, &#38; or &#x26;", hint: "write a literal & as &amp;")
            }
            let written = String(decoding: bytes[position...semicolon], as: UTF8.self)
            if written.hasPrefix("&#") {
                throw error(at: position, "\(written) is not a reference to a character XML allows")
            }
            if written.count > 2, written.dropFirst().dropLast().allSatisfy({ $0.isLetter || $0.isNumber || "_:-.".contains($0) }) {
                throw error(at: position, "undefined entity \(written)",
                            hint: "GPX uses only &amp; &lt; &gt; &quot; &apos; and numeric references; DTD entities are not expanded")
            }
            throw error(at: position, "`&` must start a reference such as &amp;, &#38; or &#x26;", hint: "write a literal & as &amp;")
        }
        position = end
    }

    /// The character a reference at `index` (an `&`) stands for and the offset after its `;`,
    /// or nil when it is not a predefined entity or a reference to a character XML allows.
    private func reference(at index: Int) -> (Unicode.Scalar, Int)? {
        var cursor = index + 1
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "#") {
            cursor += 1
            let radix: UInt32 = cursor < bytes.count && bytes[cursor] == UInt8(ascii: "x") ? 16 : 10
            if radix == 16 { cursor += 1 }
            var value: UInt32 = 0
            let digitsStart = cursor
            while cursor < bytes.count, let digit = Self.digit(bytes[cursor], radix: radix) {
                value = value * radix + digit
                guard value <= 0x10FFFF else { return nil }
                cursor += 1
            }
            guard cursor > digitsStart, cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";"),
                  let scalar = Unicode.Scalar(value), Self.isAllowedCharacter(value) else { return nil }
            return (scalar, cursor + 1)
        }
        let entities: [(String, Unicode.Scalar)] = [("amp;", "&"), ("lt;", "<"), ("gt;", ">"), ("quot;", "\""), ("apos;", "'")]
        for (name, scalar) in entities where bytes[cursor...].starts(with: name.utf8) {
            return (scalar, cursor + name.utf8.count)
        }
        return nil
    }

    private static func digit(_ byte: UInt8, radix: UInt32) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// XML 1.0's `Char` production (for character references).
    private static func isAllowedCharacter(_ value: UInt32) -> Bool {
        value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = position
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
        return position > start
    }

    private func matches(_ text: String) -> Bool {
        bytes[position...].starts(with: text.utf8)
    }

    /// The offset of the next `text` at or after `start`. O(distance).
    private func find(_ text: String, from start: Int) -> Int? {
        let pattern = Array(text.utf8)
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0], bytes[index..<index + pattern.count].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    private static func isNameTail(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    // MARK: Errors

    private mutating func error(at offset: Int, _ problem: String, hint: InputError.Hint? = nil, malformed: Bool = true) -> InputError {
        let (line, column) = location(of: offset)
        return InputError(file: file, line: line, column: column, problem: malformed ? "malformed GPX: \(problem)" : problem, hint: hint)
    }

    private func truncated() -> InputError {
        InputError(file: file, line: max(1, lastLine), problem: "truncated GPX: the file ends before </gpx>",
                   hint: "the recording was probably cut off; repair the end of the file or re-export it")
    }
}
