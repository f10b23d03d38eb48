import Foundation
import Testing
@testable import LocomotionDatasets

/// Hostile class "numbers from files" (Docs/reliability.md, Round 3): every length and count a MAT file states is
/// bounded before it is used — dimensions whose product overflows or exceeds the file, cells nested past any real
/// file, a compressed variable that inflates a thousandfold. Cases over the class: several dimension sets, nesting
/// on both sides of the limit, bombs of several sizes. A refusal is a `MATFile.Failure`, never a trap, a stack
/// overflow or gigabytes allocated.
@Suite struct FileNumberTests {
    /// A data element: tag (type, size) and the payload padded to 8 bytes.
    static func element(_ type: UInt32, _ payload: [UInt8]) -> [UInt8] {
        word(type) + word(UInt32(payload.count)) + payload + [UInt8](repeating: 0, count: (8 - payload.count % 8) % 8)
    }

    static func word(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    /// A miMATRIX payload of `arrayClass` (6 double, 1 cell) with `dimensions`, named `x`, and `rest` after the name.
    static func matrix(class arrayClass: UInt32, dimensions: [Int32], rest: [UInt8]) -> [UInt8] {
        element(6, word(arrayClass) + word(0)) + element(5, dimensions.flatMap { word(UInt32(bitPattern: $0)) })
            + element(1, Array("x".utf8)) + rest
    }

    static func file(_ elements: [UInt8]) -> [UInt8] {
        let text = Array("MATLAB 5.0 MAT-file, hostile test".utf8)
        return text + [UInt8](repeating: 0x20, count: 124 - text.count) + [0x00, 0x01, UInt8(ascii: "I"), UInt8(ascii: "M")] + elements
    }

    @Test("dimensions whose product overflows or exceeds the file are refused, not trapped",
          arguments: [[Int32.max, Int32.max, Int32.max], [65_536, 65_536, 65_536, 65_536], [1 << 30, 8], [Int32.max], [3, 1 << 20]])
    func dimensions(_ dimensions: [Int32]) {
        for arrayClass: UInt32 in [6, 1, 2] {
            let bytes = Self.file(Self.element(14, Self.matrix(class: arrayClass, dimensions: dimensions,
                                                               rest: Self.element(9, [UInt8](repeating: 0, count: 24)))))
            #expect(throws: MATFile.Failure.self, "\(dimensions) class \(arrayClass)") { try MATFile.variables(in: bytes) }
        }
    }

    /// `levels` cells, each 1×1 holding the next, around a 1×1 double. Built from the outside in, in one pass:
    /// every element is a multiple of 8 bytes, so a level is its fixed head then the next level's tag.
    static func nestedCells(_ levels: Int) -> [UInt8] {
        let innermost = matrix(class: 6, dimensions: [1, 1], rest: element(9, [UInt8](repeating: 0, count: 8)))
        let head = matrix(class: 1, dimensions: [1, 1], rest: [])
        var sizes = [innermost.count]
        for _ in 0..<levels { sizes.append(head.count + 8 + sizes[sizes.count - 1]) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(sizes[levels] + 8)
        bytes += word(14) + word(UInt32(sizes[levels]))
        for level in stride(from: levels, to: 0, by: -1) { bytes += head + word(14) + word(UInt32(sizes[level - 1])) }
        return file(bytes + innermost)
    }

    @Test("cells nested past the limit are refused; up to it they are read")
    func nesting() throws {
        for levels in [MATFile.maximumNesting, MATFile.maximumNesting + 1, 10_000, 100_000] {
            do {
                _ = try MATFile.variables(in: Self.nestedCells(levels))
                #expect(levels < MATFile.maximumNesting, "\(levels) levels read")
            } catch {
                #expect(levels >= MATFile.maximumNesting && error.problem.contains("nested"), "\(levels): \(error.problem)")
            }
        }
        #expect(try MATFile.variables(in: Self.nestedCells(MATFile.maximumNesting - 1))["x"] != nil)
    }

    /// A zlib stream of `count` zero bytes: a literal 0, then matches of 258 bytes at distance 1 (fixed Huffman),
    /// 13 bits for each 258 bytes; the right Adler-32.
    static func zeros(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = [0x78, 0x01], current: UInt32 = 0, filled = 0
        func put(_ value: UInt32, _ length: Int, reversed: Bool = false) {
            for index in 0..<length {
                let bit = reversed ? (value >> UInt32(length - 1 - index)) & 1 : (value >> UInt32(index)) & 1
                current |= bit << UInt32(filled)
                filled += 1
                if filled == 8 { bytes.append(UInt8(current)); current = 0; filled = 0 }
            }
        }
        put(1, 1); put(1, 2)                       // final block, fixed Huffman
        put(0b0011_0000, 8, reversed: true)        // literal 0
        var written = 1
        while written + 258 <= count {
            put(0b1100_0101, 8, reversed: true)    // length code 285: 258
            put(0, 5, reversed: true)              // distance code 0: 1
            written += 258
        }
        for _ in written..<count { put(0b0011_0000, 8, reversed: true) }
        put(0, 7, reversed: true)                  // end of block
        if filled > 0 { bytes.append(UInt8(current)) }
        let adler = ZlibInflater.adler32([UInt8](repeating: 0, count: count))
        return bytes + (0..<4).map { UInt8(truncatingIfNeeded: adler >> (8 * (3 - $0))) }
    }

    @Test("the inflater checks its output bound before writing; the stream itself is a valid one")
    func inflaterLimit() throws {
        let stream = Self.zeros(100_000)
        #expect(try ZlibInflater.inflate(stream) == [UInt8](repeating: 0, count: 100_000))
        #expect(throws: ZlibInflater.Failure.self) { try ZlibInflater.inflate(stream, limit: 99_999) }
        #expect(try ZlibInflater.inflate(stream, limit: 100_000).count == 100_000)
    }

    @Test("a compressed variable that inflates past the bound is refused before its output grows",
          arguments: [64 << 20, 128 << 20])
    func zlibBomb(inflated: Int) throws {
        let stream = Self.zeros(inflated)
        #expect(inflated > MATFile.maximumInflatedBytes(compressed: stream.count), "the case is a bomb by the rule")
        let bytes = Self.file(Self.word(15) + Self.word(UInt32(stream.count)) + stream)
        do {
            _ = try MATFile.variables(in: bytes)
            Issue.record("inflated")
        } catch {
            #expect(error.problem.contains("inflates to more than"), "\(error.problem)")
        }
    }
}
