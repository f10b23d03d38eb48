import Locomotion
import Testing
@_spi(Harness) @testable import LocomotionIO

/// Reads `bytes` as GPX (through ``XMLScanner``), returning the fixes or the error.
private func readGPX(_ bytes: [UInt8], lenient: Bool = false) -> Result<FixFile, InputError> {
    Result { () throws(InputError) in
        try FixReader.parse(bytes, file: "t.gpx", options: FixReadingOptions(lenient: lenient, format: .gpx))
    }
}

private func readGPX(_ text: String, lenient: Bool = false) -> Result<FixFile, InputError> {
    readGPX(Array(text.utf8), lenient: lenient)
}

private func gpxError(_ text: String) -> InputError? {
    if case .failure(let error) = readGPX(text) { return error }
    return nil
}

private func gpxError(_ bytes: [UInt8]) -> InputError? {
    if case .failure(let error) = readGPX(bytes) { return error }
    return nil
}

private let point = #"<trkpt lat="47.5" lon="8.25"><time>2023-11-14T22:13:20Z</time></trkpt>"#
private let expected = LocationFix(time: 1_700_000_000, latitude: 47.5, longitude: 8.25)

/// All events of a document, names and text decoded, for checking the tokenizer itself.
private func events(_ text: String) throws -> [String] {
    var scanner = try XMLScanner(Array(text.utf8), file: "x.xml")
    var result: [String] = []
    while let event = try scanner.next() {
        switch event {
        case .start(let name):
            let attributes = scanner.attributes.map { "\(scanner.name($0.name))=\(scanner.text($0.value, literal: false, attribute: true))" }
            result.append("<\(scanner.name(name))\(attributes.map { " " + $0 }.joined())>")
        case .end(let name):
            result.append("</\(scanner.name(name))>")
        case .text(let range, let literal):
            result.append("'\(scanner.text(range, literal: literal))'")
        }
    }
    return result
}

@Suite("XML scanner")
struct XMLScannerTests {
    @Test("events: declaration, comments, processing instructions, CDATA, references, both quote styles")
    func tokens() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8" standalone="no" ?>
            <!-- a comment with <tags> & ampersands -->
            <?xml-stylesheet href="s.xsl"?><?pi?>
            <!DOCTYPE gpx [ <!ENTITY e "]>"> <!-- ] --> ]>
            <a x='1' y = "a&amp;b&#9;c&#x41;"><b/>t&lt;&gt;&quot;&apos;&#233;<![CDATA[<raw & ]]]]>end</a>
            <!-- after -->
            """
        #expect(try events(text) == [
            "<a x=1 y=a&b\tcA>", "<b>", "</b>", "'t<>\"'é'", "'<raw & ]]'", "'end'", "</a>",
        ])
    }

    @Test("a literal tab or newline in an attribute value becomes a space; a referenced one stays")
    func attributeNormalisation() throws {
        #expect(try events("<a v=\"1\t2\n3&#10;\"/>") == ["<a v=1 2 3\n>", "</a>"])
    }
}

@Suite("GPX syntax")
struct GPXSyntaxTests {
    @Test("namespace prefixes on every element, single quotes, a BOM, CRLF, comments and a trailing comment")
    func realWorldShapes() throws {
        let text = "\u{FEFF}<?xml version='1.0' encoding='utf-8'?>\r\n<!-- by hand -->\r\n"
            + "<g:gpx xmlns:g='http://www.topografix.com/GPX/1/1' xmlns:x='urn:x'><g:trk><g:trkseg>\r\n"
            + "<g:trkpt lat='47.5' lon=' 8.25 '><g:ele>1</g:ele><g:time>\r\n 2023-11-14T22:13:20Z </g:time>"
            + "<g:extensions><x:speed>1.5</x:speed><x:horizontal_accuracy>3</x:horizontal_accuracy><x:hr>99</x:hr></g:extensions>"
            + "<g:hdop>1.1</g:hdop></g:trkpt>\r\n</g:trkseg></g:trk></g:gpx>\r\n<!-- end -->\r\n"
        let file = try readGPX(text).get()
        #expect(file.fixes == [LocationFix(time: 1_700_000_000, latitude: 47.5, longitude: 8.25, horizontalAccuracy: 3, speed: 1.5)])
    }

    @Test("a time in CDATA or written with character references reads as the time")
    func timeInCDATAAndReferences() throws {
        let cdata = "<gpx><trk><trkseg><trkpt lat=\"47.5\" lon=\"8.25\"><time><![CDATA[2023-11-14T22:13:20Z]]></time></trkpt></trkseg></trk></gpx>"
        #expect(try readGPX(cdata).get().fixes == [expected])
        let references = "<gpx><trk><trkseg><trkpt lat=\"&#52;7.5\" lon=\"8.25\"><time>2023-11-14T22&#x3A;13:20Z</time></trkpt></trkseg></trk></gpx>"
        #expect(try readGPX(references).get().fixes == [expected])
    }

    @Test("UTF-16 (either byte order, with a BOM) and a Latin-1 declaration are read")
    func otherEncodings() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><gpx><trk><name>Zürich</name><trkseg>\(point)</trkseg></trk></gpx>"
        let units = Array(text.utf16)
        let littleEndian: [UInt8] = [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigEndian: [UInt8] = [0xFE, 0xFF] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(try readGPX(littleEndian).get().fixes == [expected])
        #expect(try readGPX(bigEndian).get().fixes == [expected])
        let latin1: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><gpx><trk><name>Z".utf8) + [0xFC]
            + Array("rich</name><trkseg>\(point)</trkseg></trk></gpx>".utf8)
        #expect(try readGPX(latin1).get().fixes == [expected])
        #expect(gpxError(Array("<?xml version=\"1.0\" encoding=\"EBCDIC-US\"?><gpx/>".utf8))?.problem.contains("unsupported GPX encoding") == true)
    }

    @Test("fuzz finding: a byte that is not UTF-8 in an element name is an error at its line and column")
    func invalidUTF8InAName() throws {
        let bytes: [UInt8] = Array("<gpx>\n<t".utf8) + [0xF3] + Array("/></gpx>".utf8)
        let error = try #require(gpxError(bytes))
        #expect(error.line == 2 && error.column == 3)
        #expect(error.problem.contains("0xF3") && error.problem.contains("UTF-8"))
    }

    @Test("overlong forms, surrogates and bytes past U+10FFFF are not UTF-8", arguments: [
        [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0x80], [0xE2, 0x82],
    ] as [[UInt8]])
    func invalidUTF8Sequences(sequence: [UInt8]) throws {
        let bytes: [UInt8] = Array("<gpx><name>".utf8) + sequence + Array("</name></gpx>".utf8)
        let error = try #require(gpxError(bytes))
        #expect(error.line == 1 && error.column == 12)
    }

    @Test("fuzz finding: a processing instruction without data is skipped")
    func emptyProcessingInstruction() throws {
        #expect(try readGPX("<?pi?><gpx><?pi?>\(point)</gpx>").get().fixes == [expected])
        #expect(try readGPX("<gpx><?pi?>\(point)</gpx>").get().fixes == [expected])
    }

    @Test("malformed documents name line and column", arguments: [
        ("<gpx>\n<trk></trkseg></gpx>", 2, "</trkseg> does not match <trk> (line 2)"),
        ("<gpx></gpx>\n<gpx/>", 2, "a second root element"),
        ("<gpx></gpx>\ntext", 2, "text after the root element"),
        ("<gpx><a x=1/></gpx>", 1, "must be in quotes"),
        ("<gpx><a x=\"1\" x=\"2\"/></gpx>", 1, "appears twice"),
        ("<gpx><a x=\"<\"/></gpx>", 1, "`<` in the value"),
        ("<gpx><a x=\"1\"y=\"2\"/></gpx>", 1, "expected a space"),
        ("<gpx>\n\n<!-- a -- b --></gpx>", 3, "`--` is not allowed"),
        ("<gpx>a ]]> b</gpx>", 1, "`]]>` is not allowed"),
        ("<gpx>AT&T</gpx>", 1, "`&` must start a reference"),
        ("<gpx>&nbsp;</gpx>", 1, "undefined entity &nbsp;"),
        ("<gpx>&#0;</gpx>", 1, "not a reference to a character XML allows"),
        ("<gpx>&#x110000;</gpx>", 1, "not a reference to a character XML allows"),
        ("<gpx>&#xD800;</gpx>", 1, "not a reference to a character XML allows"),
        ("<gpx></gpx><?xml version=\"1.0\"?>", 1, "XML declaration"),
        ("<gpx><1a/></gpx>", 1, "expected an element name"),
        ("</gpx>", 1, "never started"),
        ("<gpx>\u{1}</gpx>", 1, "control character 0x01"),
        ("<gpx><![CDATA[x]]></gpx><![CDATA[y]]>", 1, "CDATA section outside"),
        ("<gpx/><!DOCTYPE gpx>", 1, "DOCTYPE is allowed only once"),
    ])
    func malformed(text: String, line: Int, problem: String) throws {
        let error = try #require(gpxError(text))
        #expect(error.line == line)
        #expect(error.column != nil)
        #expect(error.problem.contains(problem), "\(error)")
        #expect(error.problem.hasPrefix("malformed GPX:"))
    }

    @Test("a document cut anywhere is truncated GPX, never accepted", arguments: [10, 30, 45, 60, 75, 90, 100, 119, 130])
    func cutAnywhere(length: Int) throws {
        let text = "<?xml version=\"1.0\"?>\n<gpx><trk><trkseg>\n<trkpt lat=\"47.5\" lon=\"8.25\"><time>2023-11-14T22:13:20Z</time><!-- c --></trkpt>\n</trkseg></trk></gpx>\n"
        #expect(text.utf8.count > 130)
        let error = try #require(gpxError(Array(text.utf8.prefix(length))))
        #expect(error.problem.contains("truncated GPX"), "\(error)")
        #expect(error.line != nil)
    }

    @Test("not XML, or not GPX")
    func notGPX() throws {
        #expect(gpxError("timestamp,latitude,longitude\n1,2,3\n")?.problem.contains("not a GPX file") == true)
        #expect(gpxError("<?xml version=\"1.0\"?>\n<!-- only -->\n")?.problem.contains("no root element") == true)
        #expect(gpxError("\n<kml/>")?.problem == "not a GPX file: the root element is <kml>, not <gpx>")
        #expect(gpxError("\n<kml/>")?.line == 2)
    }

    @Test("nesting is bounded: 256 levels read, 257 refused without recursion")
    func nestingDepth() throws {
        func nested(_ depth: Int) -> String {
            "<gpx>" + String(repeating: "<e>", count: depth - 1) + String(repeating: "</e>", count: depth - 1) + "</gpx>"
        }
        // 256 levels are well-formed: the document is read to its end (and holds no point).
        #expect(gpxError(nested(XMLScanner.maximumDepth))?.problem.hasPrefix("no fixes") == true)
        #expect(gpxError(nested(XMLScanner.maximumDepth + 1))?.problem.contains("nested more than 256 deep") == true)
        // 100 000 unclosed elements: refused at the limit, not a stack overflow or a hang.
        #expect(gpxError("<gpx>" + String(repeating: "<e>", count: 100_000))?.problem.contains("nested") == true)
    }

    @Test("rtept is ignored; wpt are used only without trkpt; rte does not start a segment")
    func pointKinds() throws {
        let text = "<gpx><wpt lat=\"1\" lon=\"1\"><time>2023-11-14T22:13:19Z</time></wpt><rte><rtept lat=\"2\" lon=\"2\"/></rte>"
            + "<trk><trkseg>\(point)</trkseg></trk></gpx>"
        let file = try readGPX(text).get()
        #expect(file.fixes == [expected])
        #expect(file.segmentStarts.isEmpty)
    }

    @Test("a bad point's error names the attribute's column; lenient skips it and keeps reading")
    func badCoordinateColumn() throws {
        let text = "<gpx><trk><trkseg>\n  <trkpt lat=\"47.5\" lon=\"200\"><time>2023-11-14T22:13:20Z</time></trkpt>\n\(point)</trkseg></trk></gpx>"
        let error = try #require(gpxError(text))
        #expect(error.line == 2 && error.column == 26)
        #expect(error.problem == "<trkpt> lon=\"200\" is not a longitude in −180…180")
        let lenient = try readGPX(text, lenient: true).get()
        #expect(lenient.fixes == [expected] && lenient.warnings.map(\.line) == [2])
    }
}
