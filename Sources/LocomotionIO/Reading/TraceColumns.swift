import Locomotion

/// Where the columns of a trace CSV are, found from its header by name.
struct TraceColumns: Sendable, Hashable {
    /// 0-based field indices.
    var timestamp: Int
    var x: Int
    var y: Int
    var z: Int
    var label: Int?

    /// The number of fields a data row needs.
    var requiredFieldCount: Int { max(timestamp, x, y, z, label ?? 0) + 1 }

    /// The layout of a file without a header: `timestamp,x,y,z`, extra fields ignored.
    static let headerless = TraceColumns(timestamp: 0, x: 1, y: 2, z: 3, label: nil)

    /// The column names of the format, in order.
    static let requiredNames = ["timestamp", "x", "y", "z"]

    /// Finds the columns by name (ASCII case-insensitive, blanks and quotes
    /// trimmed). Returns the missing required names when there are any.
    static func find(in names: [String]) -> Result<TraceColumns, MissingColumns> {
        func index(of name: String) -> Int? { names.firstIndex(of: name) }
        let found = requiredNames.map(index(of:))
        let missing = zip(requiredNames, found).filter { $0.1 == nil }.map(\.0)
        guard missing.isEmpty else { return .failure(MissingColumns(names: missing)) }
        return .success(TraceColumns(
            timestamp: found[0]!, x: found[1]!, y: found[2]!, z: found[3]!, label: index(of: "label")))
    }

    struct MissingColumns: Error {
        var names: [String]
    }
}

/// Byte-level helpers shared by the CSV readers.
enum CSVBytes {
    @inline(__always)
    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// `bytes[from..<to]` without surrounding blanks and one pair of double quotes.
    @inline(__always)
    static func trimmed(_ base: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> UnsafeBufferPointer<UInt8> {
        var lower = from
        var upper = to
        while lower < upper && isBlank(base[lower]) { lower += 1 }
        while upper > lower && isBlank(base[upper - 1]) { upper -= 1 }
        if upper - lower >= 2 && base[lower] == 0x22 && base[upper - 1] == 0x22 {
            lower += 1
            upper -= 1
        }
        return UnsafeBufferPointer(start: base + lower, count: upper - lower)
    }

    /// The fields of a line, as trimmed strings (for headers and messages only).
    static func fieldStrings(_ line: UnsafeBufferPointer<UInt8>) -> [String] {
        guard let base = line.baseAddress else { return [""] }
        var fields: [String] = []
        var fieldStart = 0
        for index in 0...line.count where index == line.count || base[index] == 0x2C {
            fields.append(String(decoding: trimmed(base, fieldStart, index), as: UTF8.self))
            fieldStart = index + 1
        }
        return fields
    }

    /// A short printable rendering of bytes for messages: at most 40
    /// characters, control and non-ASCII bytes as `\xNN`.
    static func quoted(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var text = "'"
        for (offset, byte) in bytes.enumerated() {
            if offset == 40 {
                text += "…"
                break
            }
            if byte >= 0x20 && byte < 0x7F && byte != 0x27 {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return text + "'"
    }

    /// True when the bytes hold a control character other than tab, or a NUL:
    /// the mark of a binary file.
    static func looksBinary(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.contains { $0 < 0x20 && $0 != 0x09 }
    }

    /// The activity named by `bytes` (ASCII case-insensitive), or nil.
    @inline(__always)
    static func activity(_ bytes: UnsafeBufferPointer<UInt8>) -> MotionActivity? {
        for (name, activity) in activityNames where name.count == bytes.count {
            var equal = true
            for index in 0..<name.count where name[index] != (bytes[index] | 0x20) {
                equal = false
                break
            }
            if equal { return activity }
        }
        return nil
    }

    private static let activityNames: [([UInt8], MotionActivity)] =
        MotionActivity.allCases.map { (Array($0.rawValue.utf8), $0) }
}
