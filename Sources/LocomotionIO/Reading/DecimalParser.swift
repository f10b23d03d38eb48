#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// Exact powers of ten representable in a Double: 10⁰…10²².
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Parses the whole of `bytes` (already trimmed of surrounding blanks).
    /// Accepts `[+-]digits[.digits][(e|E)[+-]digits]` and `.5`/`5.` forms. O(n).
    @inline(__always)
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Parsed {
        let count = bytes.count
        guard count > 0, let base = bytes.baseAddress else { return .invalid }
        var index = 0
        var negative = false
        if base[0] == UInt8(ascii: "-") || base[0] == UInt8(ascii: "+") {
            negative = base[0] == UInt8(ascii: "-")
            index = 1
        }
        let signLength = index
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var digitCount = 0
        var decimalExponent = 0
        // Integer part.
        while index < count {
            let digit = base[index] &- 48
            if digit > 9 { break }
            if mantissa != 0 || digit != 0 { significantDigits += 1 }
            if significantDigits <= 19 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
            } else {
                decimalExponent += 1
            }
            digitCount += 1
            index += 1
        }
        // Fraction.
        if index < count && base[index] == UInt8(ascii: ".") {
            index += 1
            while index < count {
                let digit = base[index] &- 48
                if digit > 9 { break }
                if mantissa != 0 || digit != 0 { significantDigits += 1 }
                if significantDigits <= 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    decimalExponent -= 1
                }
                digitCount += 1
                index += 1
            }
        }
        if digitCount == 0 {
            return parseSpecial(bytes, from: signLength)
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
            if exponentDigits == 0 { return .invalid }
            decimalExponent += exponentNegative ? -exponent : exponent
        }
        if index != count { return .invalid }
        if mantissa == 0 { return .number(negative ? -0.0 : 0.0) }
        if significantDigits <= 19 && mantissa <= (1 << 53) && decimalExponent >= -22 && decimalExponent <= 22 {
            var value = Double(mantissa)
            if decimalExponent < 0 {
                value /= powersOfTen[-decimalExponent]
            } else {
                value *= powersOfTen[decimalExponent]
            }
            return .number(negative ? -value : value)
        }
        return slowPath(bytes)
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
