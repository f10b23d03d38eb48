extension DecimalParser {
    /// Parses the plain decimal number that starts at `cursor` — `[-]digits[.digits][(e|E)[+|-]digits]`
    /// with at least one digit — and moves `cursor` to the first byte after it. Returns nil, leaving
    /// `cursor` alone, for anything else, and for numbers that Clinger's fast path cannot round exactly
    /// (more than 19 significant digits, a mantissa above 2⁵³ or a power of ten beyond 10²²): the caller
    /// then parses the field with ``parseField(_:from:limit:)``, which handles every case.
    ///
    /// When it returns a value, that value is bit for bit the one ``parseField(_:from:limit:)`` gives (the
    /// same exact integer mantissa, the same single correctly rounded multiply or divide by an exact
    /// power of ten), so the result does not depend on which path read it.
    ///
    /// The digits are read eight at a time from unaligned 8-byte loads (SWAR), without a bounds check
    /// per byte. Requirements: the number is followed by a byte that is not a digit (a `,`, `\r` or
    /// `\n`) before the end of the readable memory, and 8 bytes can be loaded at any position up to
    /// and including that byte. O(length of the number).
    @inline(__always)
    static func scanPlainNumber(_ cursor: inout UnsafePointer<UInt8>) -> Double? {
        var position = cursor
        let negative = position.pointee == UInt8(ascii: "-")
        if negative { position += 1 }
        // Integer digits, 8 at a time. At most 19 digits fit a UInt64 exactly. One digit before the point,
        // the shape of most acceleration values in g, skips the word arithmetic.
        var mantissa: UInt64
        var run: Int
        let leading = position.pointee &- 48
        if leading <= 9 && position[1] == UInt8(ascii: ".") {
            (mantissa, run) = (UInt64(leading), 1)
        } else {
            (mantissa, run) = digitRun(position)
        }
        var digitCount = run
        position += run
        while run == 8 {
            let (value, count) = digitRun(position)
            run = count
            mantissa = mantissa &* integerPowersOfTen[count] &+ value
            digitCount += count
            position += count
            if digitCount > 19 { return nil }
        }
        var exponent = 0
        if position.pointee == UInt8(ascii: ".") {
            position += 1
            let integerDigits = digitCount
            repeat {
                let (value, count) = digitRun(position)
                run = count
                mantissa = mantissa &* integerPowersOfTen[count] &+ value
                digitCount += count
                position += count
                if digitCount > 19 { return nil }
            } while run == 8
            exponent = integerDigits - digitCount
        }
        if digitCount == 0 { return nil }
        if position.pointee | 0x20 == UInt8(ascii: "e") {
            position += 1
            var exponentNegative = false
            if position.pointee == UInt8(ascii: "-") || position.pointee == UInt8(ascii: "+") {
                exponentNegative = position.pointee == UInt8(ascii: "-")
                position += 1
            }
            var written = 0
            var exponentDigits = 0
            while true {
                let digit = position.pointee &- 48
                if digit > 9 { break }
                written = written * 10 + Int(digit)
                exponentDigits += 1
                position += 1
                if exponentDigits > 4 { return nil }
            }
            if exponentDigits == 0 { return nil }
            exponent += exponentNegative ? -written : written
        }
        let value: Double
        if mantissa == 0 {
            value = 0
        } else if mantissa <= 1 << 53 && exponent >= -22 && exponent <= 22 {
            let exact = Double(mantissa)
            value = exponent < 0 ? exact / powerOfTen(-exponent) : exact * powerOfTen(exponent)
        } else {
            return nil
        }
        cursor = position
        return negative ? -value : value
    }

    /// The value and count of the decimal digits at the start of the 8 bytes at `pointer` (0…8 digits).
    @inline(__always)
    private static func digitRun(_ pointer: UnsafePointer<UInt8>) -> (value: UInt64, count: Int) {
        // Digits become 0…9 in their byte; any other byte gets its top bit set by one of the two terms.
        let digits = UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
            ^ 0x3030_3030_3030_3030
        let notDigit = ((digits &+ 0x7676_7676_7676_7676) | digits) & 0x8080_8080_8080_8080
        let count = notDigit.trailingZeroBitCount >> 3
        // Keep the `count` digits, moved to the top bytes: the emptied low bytes read as leading zeros.
        // (`<<` by 64, for no digit, gives 0.)
        return (combineDigits(digits << UInt64((8 - count) * 8)), count)
    }

    /// The value of the `count` (1…8) decimal digits at `pointer`, known to be digits; the 8 bytes at
    /// `pointer` must be readable.
    @inline(__always)
    static func eightDigits(_ pointer: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        eightDigits(word: UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self)),
                    count: count)
    }

    /// The value of the `count` (1…8) decimal digits in the low bytes of `word` (ASCII, the leading
    /// digit in the lowest byte); the bytes above them are ignored.
    @inline(__always)
    static func eightDigits(word: UInt64, count: Int) -> UInt64 {
        combineDigits((word ^ 0x3030_3030_3030_3030) &<< UInt64((8 - count) * 8))
    }

    /// The value of eight digit bytes (0…9 each, the most significant at the lowest address).
    @inline(__always)
    private static func combineDigits(_ digits: UInt64) -> UInt64 {
        // Pairs, then fours, then all eight (the byte at the lowest address is the leading digit).
        let pairs = digits &* 10 &+ (digits >> 8)
        return ((pairs & 0x0000_00FF_0000_00FF) &* 0x000F_4240_0000_0064
            &+ ((pairs >> 16) & 0x0000_00FF_0000_00FF) &* 0x0000_2710_0000_0001) >> 32
    }

    /// 10⁰…10¹⁹, exact. A table, not a switch: a lookup costs no branch whatever the exponent.
    static let integerPowersOfTen: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
        10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
        1_000_000_000_000_000, 10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000,
        10_000_000_000_000_000_000,
    ]

    /// 10⁰…10²², each exactly representable as a `Double`.
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}
