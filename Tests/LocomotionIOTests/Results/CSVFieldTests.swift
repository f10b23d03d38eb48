import Testing
@testable import LocomotionIO

/// Text cells that a spreadsheet would run as formulas are neutralised; numbers never are.
@Suite struct CSVFieldTests {
    @Test("a text cell beginning with = + - @ tab or CR gets a leading apostrophe (OWASP); others are as before",
          arguments: [("=HYPERLINK(\"http://x\")", "\"'=HYPERLINK(\"\"http://x\"\")\""), ("+41 79", "'+41 79"), ("-dash", "'-dash"),
                      ("@SUM(A1)", "'@SUM(A1)"), ("\tx", "'\tx"), ("=1,2", "\"'=1,2\""), ("p01", "p01"), ("a,b", "\"a,b\""),
                      ("-", "-"), ("", ""), ("é=1", "é=1")])
    func neutralised(text: String, written: String) {
        #expect(csvField(text) == written)
    }

    @Test("numeric columns are written as they are, negative ones too; text columns of the same row are neutralised")
    func numbersUntouched() {
        let line = TableRows.line([.text("-p1"), .number("-12.5"), .number("-1e-3"), .text("walking")], table: .segments, format: .csv)
        #expect(line == "'-p1,-12.5,-1e-3,walking\n")
    }
}
