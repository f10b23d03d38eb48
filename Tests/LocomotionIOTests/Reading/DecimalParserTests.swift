import Testing
@testable import LocomotionIO
import LocomotionTestSupport

@Suite struct DecimalParserTests {
    private func parse(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { bytes in
            if case .number(let value) = DecimalParser.parse(bytes) { return value }
            return nil
        }
    }

    private func isNonFinite(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            if case .nonFinite = DecimalParser.parse(bytes) { return true }
            return false
        }
    }

    @Test(arguments: ["0", "-0.5", "+3", ".25", "7.", "1e3", "1E-3", "-2.5e+2", "12345678901234567890123",
                      "0.000000000000000000000000001", "1699920000.019427", "9007199254740993", "4.9e-324",
                      "1.7976931348623157e308", "0.30000000000000004"])
    func agreesWithSwift(text: String) {
        #expect(parse(text)?.bitPattern == Double(text)?.bitPattern, "\(text)")
    }

    @Test(arguments: ["", "-", ".", "e5", "1e", "1e+", "--1", "1.5.3", "1,5", "0x10", "12a", "1 2"])
    func rejectsNonNumbers(text: String) {
        #expect(parse(text) == nil, "\(text)")
        #expect(!isNonFinite(text))
    }

    @Test func nonFiniteSpellings() {
        for text in ["nan", "-NaN", "inf", "+Infinity", "1e400"] { #expect(isNonFinite(text), "\(text)") }
    }

    @Test func fieldsWithBlanksAndQuotes() throws {
        let trace = try Trace.read(path: temporaryFile("timestamp , x ,y, z\n 0 , 0.01,\"-0.98\",0.03 \n"))
        #expect(trace.samples.first?.acceleration.y == -0.98)
        #expect(trace.samples.first?.acceleration.z == 0.03)
    }
}
