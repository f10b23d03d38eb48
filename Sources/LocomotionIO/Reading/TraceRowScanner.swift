import Locomotion
import LocomotionDSP

import Foundation

/// The fast path of `TraceReader`: parses well-formed rows of the usual layout
/// `timestamp,x,y,z[,label]` straight out of the read buffer, many rows per call.
///
/// It accepts only rows that the general parser (`TraceLineParser.parse`) would accept with the same
/// values: plain numbers (``DecimalParser/scanPlainNumber(_:)``), exact lowercase labels or an empty
/// label, `\n` or `\r\n` line ends, extra fields after the last needed one (ignored, as the general
/// parser does), and a time later than the previous row's. It stops in front of any other line — a
/// blank line, a header-like or quoted field, blanks around a value, a bad or backwards row — and
/// leaves that line to the general parser, which decides and reports it exactly as before. So the
/// fast path changes the speed, never the result.
///
/// Rows of at most 63 bytes whose numbers are `[-]digits[.digits]` (the shape every writer of traces
/// uses) take the quickest way, ``scanShortRow(_:into:)``: one set of ``ByteMasks`` locates every
/// field and checks every number's bytes at once. Any other row is read a number at a time
/// (``scanRow(_:into:)``).
struct TraceRowScanner {
    /// True when the fifth field is the `label` column.
    let hasLabel: Bool
    /// Factor from the file's unit to g.
    let scale: Double

    /// A scanner for `columns`, or nil when they are not `timestamp,x,y,z[,label]` in that order.
    init?(columns: TraceColumns, scale: Double) {
        guard columns.timestamp == 0, columns.x == 1, columns.y == 2, columns.z == 3,
              columns.label == nil || columns.label == 4 else { return nil }
        hasLabel = columns.label != nil
        self.scale = scale
    }

    /// One row's fields.
    struct Fields {
        var time = 0.0, x = 0.0, y = 0.0, z = 0.0
        var label: MotionActivity?
    }

    /// Parses rows from `bytes` — a run of complete lines, each ending in `\n`, followed by at least
    /// ``LineSource/readPadding`` readable bytes — into `rows`, until the run ends, `capacity` rows are
    /// written, or a line needs the general parser. `firstLine` is the line number of the first line
    /// of the run; `previousTime` is the time of the last row accepted and is updated.
    ///
    /// Returns the number of bytes consumed (whole lines) and of rows written (one per line consumed).
    /// O(bytes consumed), no allocation.
    ///
    /// Not inlined on purpose: called once per run of lines, and as a function of its own it stays small
    /// enough for the optimiser to inline the number parsers into its loop.
    @inline(never)
    func scan(_ bytes: UnsafePointer<UInt8>, count: Int, into rows: UnsafeMutablePointer<TraceRow>, capacity: Int,
              firstLine: Int, previousTime: inout Double) -> (bytes: Int, rows: Int) {
        let end = bytes + count
        var lineStart = bytes
        var written = 0
        var lastTime = previousTime
        while written < capacity && lineStart < end {
            var cursor = lineStart
            // (Values returned, not written through `inout`: they stay in registers.)
            guard let fields = scanShortRow(&cursor) ?? scanRow(&cursor), fields.time > lastTime else { break }
            rows[written] = TraceRow(sample: AccelerometerSample(time: fields.time, x: fields.x * scale,
                                                                 y: fields.y * scale, z: fields.z * scale),
                                     label: fields.label, line: firstLine + written)
            written += 1
            lastTime = fields.time
            lineStart = cursor
        }
        previousTime = lastTime
        return (lineStart - bytes, written)
    }

    /// Reads the row at `cursor` when it is at most 63 bytes long (with its `\n`), holds exactly the
    /// needed fields, and its numbers are `[-]digits[.digits]` of at most 19 digits that Clinger's fast
    /// path rounds exactly; moves `cursor` past the line. Nil, leaving `cursor` alone, otherwise.
    ///
    /// The values are bit for bit those of ``DecimalParser/scanPlainNumber(_:)``: the same exact
    /// integer mantissa and the same single division by an exact power of ten. Needs 64 readable
    /// bytes at `cursor`.
    @inline(__always)
    private func scanShortRow(_ cursor: inout UnsafePointer<UInt8>) -> Fields? {
        let line = cursor
        let masks = ByteMasks(line)
        guard masks.lineFeeds != 0 else { return nil }
        let lineEnd = masks.lineFeeds.trailingZeroBitCount
        var commas = masks.commas & ~(UInt64.max &<< UInt64(lineEnd))
        // The commas after the timestamp, x, y (and z, with a label); no other.
        guard commas != 0 else { return nil }
        let afterTime = commas.trailingZeroBitCount
        commas &= commas &- 1
        guard commas != 0 else { return nil }
        let afterX = commas.trailingZeroBitCount
        commas &= commas &- 1
        guard commas != 0 else { return nil }
        let afterY = commas.trailingZeroBitCount
        commas &= commas &- 1
        var afterZ = lineEnd
        if hasLabel {
            guard commas != 0 else { return nil }
            afterZ = commas.trailingZeroBitCount
            commas &= commas &- 1
        }
        guard commas == 0 else { return nil }
        let fieldsEnd = line[lineEnd - 1] == UInt8(ascii: "\r") ? lineEnd - 1 : lineEnd
        if !hasLabel { afterZ = fieldsEnd }
        let nonDigits = masks.nonDigits
        guard let time = Self.number(line, from: 0, to: afterTime, nonDigits: nonDigits),
              let x = Self.number(line, from: afterTime + 1, to: afterX, nonDigits: nonDigits),
              let y = Self.number(line, from: afterX + 1, to: afterY, nonDigits: nonDigits),
              let z = Self.number(line, from: afterY + 1, to: afterZ, nonDigits: nonDigits) else { return nil }
        var label: MotionActivity?
        if hasLabel {
            guard fieldsEnd >= afterZ + 1,
                  Self.label(line + afterZ + 1, count: fieldsEnd - afterZ - 1, into: &label) else { return nil }
        }
        cursor = line + lineEnd + 1
        return Fields(time: time, x: x, y: y, z: z, label: label)
    }

    /// The number in `line[start..<end]` (end ≤ 63) when it is `[-]digits[.digits]` with at most 16
    /// digits on either side of the point and 19 in all, and exactly roundable by one division;
    /// nil otherwise. `nonDigits`: the bytes of `line` that are not digits.
    ///
    /// Free of data-dependent branches for the usual shapes (a short value such as `-0.0123`, a
    /// timestamp such as `1699920000.002978`), so that varying lengths cost no mispredictions.
    @inline(__always)
    private static func number(_ line: UnsafePointer<UInt8>, from start: Int, to end: Int,
                               nonDigits: UInt64) -> Double? {
        let negative = line[start] == UInt8(ascii: "-")
        let first = start &+ (negative ? 1 : 0)
        let length = end - first
        guard length > 0 else { return nil }
        let others = nonDigits & (UInt64.max &<< UInt64(first)) & ~(UInt64.max &<< UInt64(end))
        let mantissa: UInt64
        var fractionDigits = 0
        if others == 0 {
            guard length <= 16 else { return nil }
            mantissa = digits(line + first, count: length)
        } else {
            // One point, with a digit on each side.
            let point = others.trailingZeroBitCount
            guard others & (others &- 1) == 0, line[point] == UInt8(ascii: "."),
                  point > first, point < end - 1 else { return nil }
            fractionDigits = end - point - 1
            if length <= 8 {
                // All in one word: close the gap of the point, then convert the length − 1 digits.
                let shift = UInt64((point - first) * 8)
                let word = UInt64(littleEndian: UnsafeRawPointer(line + first).loadUnaligned(as: UInt64.self))
                let closed = word & ~(UInt64.max &<< shift) | (word &>> (shift &+ 8)) &<< shift
                mantissa = DecimalParser.eightDigits(word: closed, count: length - 1)
            } else {
                let integerDigits = point - first
                guard integerDigits <= 16, fractionDigits <= 16, integerDigits + fractionDigits <= 19 else {
                    return nil
                }
                mantissa = digits(line + first, count: integerDigits) &* DecimalParser.integerPowersOfTen[fractionDigits]
                    &+ digits(line + point + 1, count: fractionDigits)
            }
        }
        guard mantissa <= 1 << 53 else { return nil }
        // As in `scanPlainNumber`: the exact mantissa, then one correctly rounded division by an exact
        // power of ten (by 1 for an integer, which changes nothing; 0 stays 0).
        let value = Double(mantissa) / DecimalParser.powersOfTen[fractionDigits]
        // The sign as a bit, not a branch: signs of acceleration are random, and a mispredicted branch per
        // value costs more than the rest of the number.
        return Double(bitPattern: value.bitPattern | UInt64(negative ? 1 : 0) &<< 63)
    }

    /// The value of the `count` (1…16) decimal digits at `pointer`; 8 bytes may be read past them.
    @inline(__always)
    private static func digits(_ pointer: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        if count <= 8 { return DecimalParser.eightDigits(pointer, count: count) }
        return DecimalParser.eightDigits(pointer, count: count - 8) &* 100_000_000
            &+ DecimalParser.eightDigits(pointer + count - 8, count: 8)
    }

    /// Reads the label field `bytes[0..<count]`: empty (nil) or an exact lowercase activity name.
    @inline(__always)
    private static func label(_ bytes: UnsafePointer<UInt8>, count: Int, into label: inout MotionActivity?) -> Bool {
        if count == 0 {
            label = nil
            return true
        }
        guard let candidate = CSVBytes.candidate(count: count, first: bytes.pointee) else { return false }
        let name = candidate.staticName.utf8Start
        if count >= 8 {
            // Two 8-byte compares (overlapping when shorter than 16) instead of a call to `memcmp`.
            guard count <= 16, load(bytes) == load(name), load(bytes + count - 8) == load(name + count - 8) else {
                return false
            }
        } else {
            guard memcmp(bytes, name, count) == 0 else { return false }
        }
        label = candidate
        return true
    }

    @inline(__always)
    private static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self)
    }

    /// Reads the row at `cursor` a number at a time (any plain numbers, extra fields); moves `cursor`
    /// past the line. Nil, leaving `cursor` alone, for a row the general parser must read.
    @inline(__always)
    private func scanRow(_ cursor: inout UnsafePointer<UInt8>) -> Fields? {
        var fields = Fields()
        var position = cursor
        // One loop over the four numbers keeps a single copy of the number parser (with its constants
        // in registers) instead of four calls.
        var field = 0
        while true {
            guard let value = DecimalParser.scanPlainNumber(&position) else { return nil }
            // (A switch, not an indexed SIMD4 or tuple: those go through memory and stall.)
            switch field {
            case 0: fields.time = value
            case 1: fields.x = value
            case 2: fields.y = value
            default: fields.z = value
            }
            field += 1
            if field == 4 { break }
            guard position.pointee == UInt8(ascii: ",") else { return nil }
            position += 1
        }
        if hasLabel {
            guard position.pointee == UInt8(ascii: ",") else { return nil }
            position += 1
            guard TraceRowScanner.scanLabel(&position, into: &fields.label) else { return nil }
        }
        guard TraceRowScanner.skipLineEnd(&position) else { return nil }
        cursor = position
        return fields
    }

    /// Reads an exact lowercase activity name or nothing (an empty field, nil) up to the next `,`, `\r`
    /// or `\n`; false for anything else.
    @inline(__always)
    private static func scanLabel(_ cursor: inout UnsafePointer<UInt8>, into label: inout MotionActivity?) -> Bool {
        let candidate: MotionActivity
        switch cursor.pointee {
        case UInt8(ascii: ","), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
            label = nil
            return true
        case UInt8(ascii: "s"): candidate = .stationary
        case UInt8(ascii: "w"): candidate = .walking
        case UInt8(ascii: "r"): candidate = .running
        case UInt8(ascii: "c"): candidate = .cycling
        case UInt8(ascii: "a"): candidate = .automotive
        case UInt8(ascii: "u"): candidate = .unknown
        default: return false
        }
        // The longest name is 10 bytes: within the run or its padding. A mismatch at a `\n` stops the
        // comparison inside the run.
        let name = candidate.staticName
        let length = name.utf8CodeUnitCount
        guard memcmp(cursor, name.utf8Start, length) == 0 else { return false }
        switch cursor[length] {
        case UInt8(ascii: ","), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
            cursor += length
            label = candidate
            return true
        default:
            return false
        }
    }

    /// Steps over the end of the row: `\n`, `\r\n`, or `,` and any further fields up to `\n`.
    @inline(__always)
    private static func skipLineEnd(_ cursor: inout UnsafePointer<UInt8>) -> Bool {
        switch cursor.pointee {
        case UInt8(ascii: "\n"):
            cursor += 1
            return true
        case UInt8(ascii: "\r") where cursor[1] == UInt8(ascii: "\n"):
            cursor += 2
            return true
        case UInt8(ascii: ","):
            // Fields after the last needed one are ignored, whatever they hold (as the general parser does).
            while cursor.pointee != UInt8(ascii: "\n") { cursor += 1 }
            cursor += 1
            return true
        default:
            return false
        }
    }
}
