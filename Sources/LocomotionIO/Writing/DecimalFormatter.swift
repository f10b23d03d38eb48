/// Writes Doubles as the shortest decimal text that reads back to the same
/// value, without allocating in the common case.
///
/// Values that are whole multiples of 10⁻⁶ (sensor readings, timestamps with
/// microsecond resolution) are written in fixed point by integer arithmetic;
/// that text denotes exactly m·10⁻⁶, whose correctly rounded value is the
/// original Double, so the round trip is exact. Anything else falls back to
/// Swift's `description`, which is the shortest round-tripping form.
package enum DecimalFormatter {
    @inline(__always)
    package static func append(_ value: Double, to buffer: inout [UInt8]) {
        let magnitude = value.magnitude
        let scaled = (magnitude * 1e6).rounded()
        if scaled < 9_007_199_254_740_992, scaled / 1e6 == magnitude {
            let micros = UInt64(scaled)
            if value.sign == .minus { buffer.append(UInt8(ascii: "-")) }
            appendInteger(micros / 1_000_000, to: &buffer)
            var fraction = micros % 1_000_000
            if fraction != 0 {
                buffer.append(UInt8(ascii: "."))
                var digits = 6
                while fraction % 10 == 0 {
                    fraction /= 10
                    digits -= 1
                }
                var divisor: UInt64 = 1
                for _ in 1..<digits { divisor *= 10 }
                while divisor > 0 {
                    buffer.append(UInt8(truncatingIfNeeded: 48 + (fraction / divisor) % 10))
                    divisor /= 10
                }
            }
            return
        }
        buffer.append(contentsOf: value.description.utf8)
    }

    @inline(__always)
    package static func appendInteger(_ value: UInt64, to buffer: inout [UInt8]) {
        if value < 10 {
            buffer.append(UInt8(truncatingIfNeeded: 48 + value))
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { storage in
            while rest > 0 {
                storage[count] = UInt8(truncatingIfNeeded: 48 + rest % 10)
                rest /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { buffer.append(storage[index]) }
        }
    }
}
