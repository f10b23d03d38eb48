import Locomotion
import LocomotionDSP

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The fast path of ``TraceReader``: parses well-formed rows of the usual layout
/// `timestamp,x,y,z[,label]` straight out of the read buffer, many rows per call.
///
/// It accepts only rows that the general parser (`TraceReader.parse`) would accept with the same values:
/// plain numbers (``DecimalParser/scanPlainNumber(_:)``), exact lowercase labels or an empty label,
/// `\n` or `\r\n` line ends, extra fields after the last needed one (ignored, as the general parser
/// does), and a time later than the previous row's. It stops in front of any other line — a blank
/// line, a header-like or quoted field, blanks around a value, a bad or backwards row — and leaves
/// that line to the general parser, which decides and reports it exactly as before. So the fast path
/// changes the speed, never the result.
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

    /// Parses rows from `bytes` — a run of complete lines, each ending in `\n`, followed by at least
    /// ``LineSource/readPadding`` readable bytes — into `rows`, until the run ends, `capacity` rows are
    /// written, or a line needs the general parser. `firstLine` is the line number of the first line
    /// of the run; `previousTime` is the time of the last row accepted and is updated.
    ///
    /// Returns the number of bytes consumed (whole lines) and of rows written (one per line consumed).
    /// O(bytes consumed), no allocation.
    ///
    /// Not inlined on purpose: called once per run of lines, and as a function of its own it stays small
    /// enough for the optimiser to inline the number parser into its loop.
    @inline(never)
    func scan(_ bytes: UnsafePointer<UInt8>, count: Int, into rows: UnsafeMutablePointer<TraceRow>, capacity: Int,
              firstLine: Int, previousTime: inout Double) -> (bytes: Int, rows: Int) {
        let end = bytes + count
        var lineStart = bytes
        var written = 0
        var lastTime = previousTime
        while written < capacity && lineStart < end {
            var cursor = lineStart
            // One loop over the four numbers keeps a single copy of the number parser (with its constants
            // in registers) instead of four calls.
            var time = 0.0, x = 0.0, y = 0.0, z = 0.0
            var field = 0
            var plain = true
            while true {
                guard let value = DecimalParser.scanPlainNumber(&cursor) else {
                    plain = false
                    break
                }
                // (A switch, not an indexed SIMD4 or tuple: those go through memory and stall.)
                switch field {
                case 0: time = value
                case 1: x = value
                case 2: y = value
                default: z = value
                }
                field += 1
                if field == 4 { break }
                guard cursor.pointee == UInt8(ascii: ",") else {
                    plain = false
                    break
                }
                cursor += 1
            }
            guard plain, time > lastTime else { break }
            var label: MotionActivity?
            if hasLabel {
                guard cursor.pointee == UInt8(ascii: ",") else { break }
                cursor += 1
                guard TraceRowScanner.scanLabel(&cursor, into: &label) else { break }
            }
            guard TraceRowScanner.skipLineEnd(&cursor) else { break }
            rows[written] = TraceRow(sample: AccelerometerSample(time: time, x: x * scale, y: y * scale, z: z * scale),
                                     label: label, line: firstLine + written)
            written += 1
            lastTime = time
            lineStart = cursor
        }
        previousTime = lastTime
        return (lineStart - bytes, written)
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
