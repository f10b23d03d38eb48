/// Brings an XML document's bytes to checked UTF-8 before ``XMLScanner`` reads them.
///
/// Handles what GPX files carry: a UTF-8 byte order mark (dropped), UTF-16 with
/// or without a byte order mark (transcoded), and an XML declaration naming
/// ISO-8859-1 / Latin-1 / Windows-1252 (transcoded, the last read as Latin-1:
/// GPX only takes numbers and times from the text, which are ASCII in every
/// one of these). Then every byte is checked: the result is well-formed UTF-8
/// without the control characters XML forbids, or an ``InputError`` names the
/// line and column of the first bad byte. O(n) time and one copy at most.
enum XMLEncoding {
    /// `bytes` as checked UTF-8, or the reason they cannot be.
    static func utf8(_ bytes: [UInt8], file: String) throws(InputError) -> [UInt8] {
        var text = bytes
        if text.starts(with: [0xEF, 0xBB, 0xBF]) {
            text.removeFirst(3)
        } else if let bigEndian = utf16ByteOrder(text) {
            text = try transcodeUTF16(text, bigEndian: bigEndian, file: file)
        } else if let name = declaredEncoding(text) {
            switch name.lowercased() {
            case "utf-8", "utf8", "us-ascii", "ascii":
                break
            case "iso-8859-1", "iso_8859-1", "iso8859-1", "latin1", "latin-1", "l1", "windows-1252", "cp1252":
                text = latin1ToUTF8(text)
            default:
                throw InputError(file: file, line: 1, problem: "unsupported GPX encoding \"\(name)\"",
                                 hint: "convert the file to UTF-8, e.g. `iconv -f \(name) -t UTF-8`")
            }
        }
        try validate(text, file: file)
        return text
    }

    /// True for big-endian, false for little-endian UTF-16, nil when the bytes
    /// are not UTF-16 (by byte order mark, or by a leading `<` in 16 bits).
    private static func utf16ByteOrder(_ bytes: [UInt8]) -> Bool? {
        guard bytes.count >= 2 else { return nil }
        switch (bytes[0], bytes[1]) {
        case (0xFE, 0xFF), (0x00, 0x3C): return true
        case (0xFF, 0xFE), (0x3C, 0x00): return false
        default: return nil
        }
    }

    private static func transcodeUTF16(_ bytes: [UInt8], bigEndian: Bool, file: String) throws(InputError) -> [UInt8] {
        guard bytes.count.isMultiple(of: 2) else {
            throw InputError(file: file, problem: "truncated GPX: a UTF-16 file with an odd number of bytes")
        }
        var units = [UInt16]()
        units.reserveCapacity(bytes.count / 2)
        for index in stride(from: 0, to: bytes.count, by: 2) {
            let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(UInt16(high) << 8 | UInt16(low))
        }
        if units.first == 0xFEFF { units.removeFirst() }
        var result = [UInt8]()
        result.reserveCapacity(units.count)
        let failed = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true) {
            result.append($0)
        }
        guard !failed else {
            throw InputError(file: file, problem: "malformed GPX: the UTF-16 text has an unpaired surrogate",
                             hint: "re-export the file, or convert it to UTF-8")
        }
        return result
    }

    /// The `encoding` named by a leading `<?xml … ?>` declaration, if any.
    private static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: Array("<?xml".utf8)) else { return nil }
        let end = bytes.prefix(512).firstIndex(of: UInt8(ascii: ">")) ?? min(bytes.count, 512)
        let declaration = bytes[..<end]
        let key = Array("encoding".utf8)
        guard let keyStart = declaration.indices.first(where: { declaration[$0...].starts(with: key) }) else { return nil }
        var index = keyStart + key.count
        func skipSpace() { while index < end, [0x20, 0x09, 0x0A, 0x0D].contains(declaration[index]) { index += 1 } }
        skipSpace()
        guard index < end, declaration[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        skipSpace()
        guard index < end, declaration[index] == UInt8(ascii: "\"") || declaration[index] == UInt8(ascii: "'") else { return nil }
        let quote = declaration[index]
        let valueStart = index + 1
        guard let valueEnd = declaration[valueStart...].firstIndex(of: quote) else { return nil }
        return String(decoding: declaration[valueStart..<valueEnd], as: UTF8.self)
    }

    private static func latin1ToUTF8(_ bytes: [UInt8]) -> [UInt8] {
        var result = [UInt8]()
        result.reserveCapacity(bytes.count)
        for byte in bytes {
            if byte < 0x80 {
                result.append(byte)
            } else {
                result.append(0xC0 | byte >> 6)
                result.append(0x80 | byte & 0x3F)
            }
        }
        return result
    }

    /// Checks that `bytes` are UTF-8 (no overlong forms, surrogates or values past
    /// U+10FFFF) holding only characters XML allows (no C0 controls but tab, LF
    /// and CR; no U+FFFE / U+FFFF).
    static func validate(_ bytes: [UInt8], file: String) throws(InputError) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                guard byte >= 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else {
                    throw problem(at: index, in: bytes, file: file, "control character 0x\(hex(byte)) is not allowed in XML")
                }
                index += 1
                continue
            }
            // The allowed range of the second byte depends on the first (Unicode Table 3-7).
            let length: Int, second: ClosedRange<UInt8>
            switch byte {
            case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            default: throw problem(at: index, in: bytes, file: file, "byte 0x\(hex(byte)) is not UTF-8")
            }
            guard index + length <= bytes.count, second.contains(bytes[index + 1]),
                  bytes[index + 2 ..< index + length].allSatisfy({ (0x80...0xBF).contains($0) }) else {
                throw problem(at: index, in: bytes, file: file, "byte 0x\(hex(byte)) starts an invalid UTF-8 sequence")
            }
            if byte == 0xEF, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE {
                throw problem(at: index, in: bytes, file: file, "U+FFFE and U+FFFF are not allowed in XML")
            }
            index += length
        }
    }

    private static func problem(at offset: Int, in bytes: [UInt8], file: String, _ text: String) -> InputError {
        var cursor = XMLLineCursor()
        let (line, column) = cursor.location(of: offset, in: bytes)
        return InputError(file: file, line: line, column: column, problem: "malformed GPX: \(text)",
                          hint: "GPX is UTF-8 unless its XML declaration names another encoding; re-export or convert the file")
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }
}
