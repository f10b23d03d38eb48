import PropertyBased
import Testing
@testable import LocomotionIO
import LocomotionTestSupport

/// The SWAR fast path of the number parser against Swift's own correctly rounded `Double(String)`.
@Suite struct DecimalParserFastPathTests {
    /// Runs the fast path on `text` followed by `terminator` and the read padding the parser may load.
    private func scan(_ text: String, terminator: String = "\n") -> (value: Double, length: Int)? {
        var bytes = Array((text + terminator).utf8)
        bytes += [UInt8](repeating: 0, count: LineSource.readPadding)
        return bytes.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress!
            guard let value = DecimalParser.scanPlainNumber(&cursor) else { return nil }
            return (value, cursor - buffer.baseAddress!)
        }
    }

    /// The general parser on `text` alone.
    private func parse(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { bytes in
            if case .number(let value) = DecimalParser.parse(bytes) { return value }
            return nil
        }
    }

    /// A random decimal string: sign, integer digits, fraction, exponent, in the shapes trace files
    /// hold (mostly short) and beyond them (up to 24 digits, exponents up to ±400).
    private static func decimalText(_ random: inout SplitMix64) -> String {
        func digits(_ count: Int) -> String {
            String((0..<count).map { _ in Character(String(random.next() % 10)) })
        }
        var text = ""
        switch random.next() % 4 {
        case 0: text += "-"
        case 1 where random.next() % 4 == 0: text += "+"
        default: break
        }
        let long = random.next() % 4 == 0
        let integerDigits = Int(random.next() % (long ? 25 : 11))
        text += digits(integerDigits)
        if random.next() % 5 != 0 {
            text += "."
            text += digits(Int(random.next() % (long ? 25 : 9)) + (integerDigits == 0 ? 1 : 0))
        } else if integerDigits == 0 {
            text += digits(1)
        }
        if random.next() % 4 == 0 {
            text += random.next() % 2 == 0 ? "e" : "E"
            switch random.next() % 3 {
            case 0: text += "-"
            case 1: text += "+"
            default: break
            }
            text += String(random.next() % (random.next() % 4 == 0 ? 400 : 30))
        }
        return text
    }

    /// Wherever the fast path gives a value it is `Double(text)` bit for bit, it stops right after the
    /// number, and the general parser agrees; and it does take the common short shapes.
    @Test func agreesWithSwiftBitForBit() async {
        await propertyCheck(count: 200, input: Gen.uint64()) { seed in
            var random = SplitMix64(seed: seed)
            for _ in 0..<50 {
                let text = Self.decimalText(&random)
                guard let expected = Double(text) else {
                    #expect(scan(text) == nil, "fast path accepted \(text)")
                    continue
                }
                #expect(parse(text)?.bitPattern == expected.bitPattern || !expected.isFinite, "general parser: \(text)")
                if let (value, length) = scan(text, terminator: random.next() % 2 == 0 ? "," : "\r") {
                    #expect(value.bitPattern == expected.bitPattern, "\(text): \(value) ≠ \(expected)")
                    #expect(length == text.utf8.count, "\(text): stopped after \(length) bytes")
                }
            }
        }
    }

    /// Numbers as phones and Locomotion write them take the fast path (the property above would pass
    /// vacuously if it declined everything).
    @Test(arguments: ["0", "-0", "1699920000.002978", "0.1644", "-0.012", "9.80665", "-12.5", "7.", ".25",
                      "1e-05", "-2.5E+2", "123456789012345", "0.000001", "4503599627370.5"])
    func takesCommonShapes(text: String) throws {
        let (value, length) = try #require(scan(text))
        #expect(value.bitPattern == Double(text)!.bitPattern)
        #expect(length == text.utf8.count)
    }

    /// Shapes it leaves to the general parser (which still reads the valid ones).
    @Test(arguments: ["+1", "1.5.3", "", "-", ".", "e5", "1e", "1e+", "nan", "inf", " 1",
                      "12345678901234567890", "9007199254740993", "1e23", "1.5e-30", "123456789.123456789e-20"])
    func declinesOtherShapes(text: String) {
        if let (_, length) = scan(text, terminator: ",") {
            // A valid prefix may be read, but then it must not be the whole field.
            #expect(length < text.utf8.count, "\(text)")
        }
    }

    /// The eight-digit chunks: every run length 0…8 at every offset, and runs that cross chunks.
    @Test func digitRunsOfEveryLength() throws {
        for length in 1...19 {
            var text = ""
            for index in 0..<length { text += String((index * 7 + length) % 10) }
            for fraction in [nil, 0, 3, 8, 9] as [Int?] {
                var full = text
                if let fraction { full += "." + String(repeating: "5", count: fraction) }
                guard length + (fraction ?? 0) <= 19, let expected = Double(full) else { continue }
                if let (value, count) = scan(full) {
                    #expect(value.bitPattern == expected.bitPattern, "\(full)")
                    #expect(count == full.utf8.count)
                } else {
                    #expect(length + (fraction ?? 0) > 15, "\(full) declined")
                }
            }
        }
    }
}
