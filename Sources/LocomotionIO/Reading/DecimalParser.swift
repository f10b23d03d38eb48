import Foundation

/// Parses decimal numbers from raw bytes, correctly rounded.
///
/// Most trace values have at most 15 significant digits and a small exponent;
/// those take Clinger's fast path (one exact integer conversion and one
/// correctly rounded multiply or divide by an exact power of ten). Anything
/// else is handed to the C library's `strtod`, which is correctly rounded too,
/// so every value written by Swift's shortest round-trip formatting reads back
/// bit for bit.
enum DecimalParser {
    /// The outcome for one field.
    enum Parsed {
        case number(Double)
        /// `nan`, `inf`, `infinity` (any case, optional sign): a number, but not finite.
        case nonFinite
        /// Not a decimal number.
        case invalid
    }

    /// Exact powers of ten representable in a Double: 10⁰…10²² (a switch
    /// compiles to a table without the lazy-global check of a static array).
    @inline(__always)
    static func powerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    /// Parses the whole of `bytes` (already trimmed of surrounding blanks).
    /// Accepts `[+-]digits[.digits][(e|E)[+-]digits]` and `.5`/`5.` forms. O(n).
    @inline(__always)
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Parsed {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return .invalid }
        let (parsed, end) = parseField(base, from: 0, limit: bytes.count)
        return end == bytes.count ? parsed : .invalid
    }

    /// Parses the CSV field that starts at `from` in one pass: blanks, the
    /// number, blanks, then a comma or `limit` must follow. Returns the result
    /// and the index of the comma (or `limit`) that ends the field. A quoted
    /// field is unquoted first. O(length of the field).
    @inline(__always)
    static func parseField(_ base: UnsafePointer<UInt8>, from: Int, limit count: Int) -> (Parsed, end: Int) {
        var index = from
        while index < count && CSVBytes.isBlank(base[index]) { index += 1 }
        if index < count && base[index] == 0x22 { return quotedField(base, from: from, limit: count) }
        let numberStart = index
        var negative = false
        if index < count && (base[index] == UInt8(ascii: "-") || base[index] == UInt8(ascii: "+")) {
            negative = base[index] == UInt8(ascii: "-")
            index += 1
        }
        let signEnd = index
        // Up to 19 digits cannot overflow a UInt64 (10¹⁹ − 1 < 2⁶⁴); longer
        // numbers (rare) go to strtod.
        var mantissa: UInt64 = 0
        while index < count {
            let digit = base[index] &- 48
            if digit > 9 { break }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            index += 1
        }
        var digitCount = index - signEnd
        var decimalExponent = 0
        if index < count && base[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < count {
                let digit = base[index] &- 48
                if digit > 9 { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                index += 1
            }
            decimalExponent = fractionStart - index
            digitCount += index - fractionStart
        }
        if digitCount == 0 {
            var end = index
            while end < count && base[end] != 0x2C { end += 1 }
            var trimmedEnd = end
            while trimmedEnd > signEnd && CSVBytes.isBlank(base[trimmedEnd - 1]) { trimmedEnd -= 1 }
            return (parseSpecial(UnsafeBufferPointer(start: base + signEnd, count: trimmedEnd - signEnd), from: 0), end)
        }
        // Exponent.
        if index < count && (base[index] | 0x20) == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count && (base[index] == UInt8(ascii: "-") || base[index] == UInt8(ascii: "+")) {
                exponentNegative = base[index] == UInt8(ascii: "-")
                index += 1
            }
            var exponent = 0
            var exponentDigits = 0
            while index < count {
                let digit = base[index] &- 48
                if digit > 9 { break }
                if exponent < 100_000 { exponent = exponent * 10 + Int(digit) }
                exponentDigits += 1
                index += 1
            }
            if exponentDigits == 0 { return (.invalid, fieldEnd(base, from: index, limit: count)) }
            decimalExponent += exponentNegative ? -exponent : exponent
        }
        let numberEnd = index
        while index < count && CSVBytes.isBlank(base[index]) { index += 1 }
        if index < count && base[index] != 0x2C { return (.invalid, fieldEnd(base, from: index, limit: count)) }
        if digitCount > 19 {
            return (slowPath(UnsafeBufferPointer(start: base + numberStart, count: numberEnd - numberStart)), index)
        }
        if mantissa == 0 { return (.number(negative ? -0.0 : 0.0), index) }
        if mantissa <= (1 << 53) && decimalExponent >= -22 && decimalExponent <= 22 {
            var value = Double(mantissa)
            if decimalExponent < 0 {
                value /= powerOfTen(-decimalExponent)
            } else {
                value *= powerOfTen(decimalExponent)
            }
            return (.number(negative ? -value : value), index)
        }
        return (slowPath(UnsafeBufferPointer(start: base + numberStart, count: numberEnd - numberStart)), index)
    }

    /// The index of the comma that ends the field containing `from`, or `limit`.
    @inline(__always)
    static func fieldEnd(_ base: UnsafePointer<UInt8>, from: Int, limit: Int) -> Int {
        var index = from
        while index < limit && base[index] != 0x2C { index += 1 }
        return index
    }

    /// A field in double quotes: unquote (no embedded commas), then parse.
    private static func quotedField(_ base: UnsafePointer<UInt8>, from: Int, limit: Int) -> (Parsed, end: Int) {
        let end = fieldEnd(base, from: from, limit: limit)
        let bytes = CSVBytes.trimmed(base, from, end)
        guard let inner = bytes.baseAddress, bytes.count > 0, inner[0] != 0x22 else { return (.invalid, end) }
        let (parsed, innerEnd) = parseField(inner, from: 0, limit: bytes.count)
        return (innerEnd == bytes.count ? parsed : .invalid, end)
    }

    /// `strtod` on a NUL-terminated copy; the syntax was already checked.
    private static func slowPath(_ bytes: UnsafeBufferPointer<UInt8>) -> Parsed {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { text in
            for index in 0..<bytes.count { text[index] = CChar(bitPattern: bytes[index]) }
            text[bytes.count] = 0
            var endPointer: UnsafeMutablePointer<CChar>?
            let value = strtod(text.baseAddress!, &endPointer)
            guard let endPointer, endPointer - text.baseAddress! == bytes.count else { return .invalid }
            // strtod saturates to ±inf on overflow: such a value is not finite.
            return value.isFinite ? .number(value) : .nonFinite
        }
    }

    /// `nan`, `inf`, `infinity` in any case after an optional sign.
    private static func parseSpecial(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> Parsed {
        let length = bytes.count - offset
        guard length == 3 || length == 8 else { return .invalid }
        var lowered: [UInt8] = []
        lowered.reserveCapacity(length)
        for index in offset..<bytes.count { lowered.append(bytes[index] | 0x20) }
        switch lowered {
        case Array("nan".utf8), Array("inf".utf8), Array("infinity".utf8): return .nonFinite
        default: return .invalid
        }
    }
}
