import Foundation
import Locomotion

extension MotionActivity {
    /// The raw value as static bytes, for comparing without allocating.
    var staticName: StaticString {
        switch self {
        case .stationary: "stationary"
        case .walking: "walking"
        case .running: "running"
        case .cycling: "cycling"
        case .automotive: "automotive"
        case .unknown: "unknown"
        }
    }
}

/// Where the columns of a trace CSV are, found from its header by name.
struct TraceColumns: Sendable, Hashable {
    /// 0-based field indices.
    let timestamp: Int
    let x: Int
    let y: Int
    let z: Int
    let label: Int?
    /// The number of fields a data row needs (stored: computed once, not per row).
    let requiredFieldCount: Int

    init(timestamp: Int, x: Int, y: Int, z: Int, label: Int?) {
        self.timestamp = timestamp
        self.x = x
        self.y = y
        self.z = z
        self.label = label
        var largest = max(max(timestamp, x), max(y, z))
        if let label { largest = max(largest, label) }
        requiredFieldCount = largest + 1
    }

    /// The layout of a file without a header: `timestamp,x,y,z`, extra fields ignored.
    static let headerless = TraceColumns(timestamp: 0, x: 1, y: 2, z: 3, label: nil)

    /// The column names of the format, in order.
    static let requiredNames = ["timestamp", "x", "y", "z"]

    /// The timestamp, x, y and z columns of the collectors' layouts read without a column map, besides
    /// Locomotion's own (which Beiwe's `timestamp,UTC time,accuracy,x,y,z` also matches): AWARE's accelerometer
    /// table and RADAR-base's restructured `android_phone_acceleration` CSV. Their other columns (AWARE's free-text
    /// `label` among them) are not read.
    static let collectorLayouts: [[String]] = [
        ["timestamp", "double_values_0", "double_values_1", "double_values_2"],
        ["value.time", "value.x", "value.y", "value.z"],
    ]

    /// Finds the columns by name (ASCII case-insensitive, blanks and quotes
    /// trimmed): `map`'s four names (timestamp, x, y, z) when given, else Locomotion's, else a collector's
    /// (``collectorLayouts``). Returns the missing required names when there are any.
    static func find(in names: [String], map: [String]? = nil) -> Result<TraceColumns, MissingColumns> {
        func index(of name: String) -> Int? { names.firstIndex(of: name) }
        let wanted = map?.map { $0.lowercased() }
            ?? (requiredNames.allSatisfy(names.contains) ? requiredNames : collectorLayouts.first { $0.allSatisfy(names.contains) })
        if let wanted, wanted != requiredNames {
            let found = wanted.map(index(of:))
            let missing = zip(wanted, found).filter { $0.1 == nil }.map(\.0)
            guard missing.isEmpty else { return .failure(MissingColumns(names: missing)) }
            return .success(TraceColumns(timestamp: found[0]!, x: found[1]!, y: found[2]!, z: found[3]!, label: nil))
        }
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

    /// The bounds (start, end) of the first `limit` fields of a CSV line, split at commas outside double quotes
    /// (a quoted field may hold commas, and `""`, which toggles twice); `bounds` is replaced. Returns the number of
    /// fields found, at most `limit`. The rule of AWARE's tables (``AwareDeviceID``), whose free-text columns are
    /// quoted.
    /// - Complexity: O(bytes up to the `limit`th field).
    static func quotedFieldBounds(of line: UnsafeBufferPointer<UInt8>, limit: Int = .max, into bounds: inout [(Int, Int)]) -> Int {
        bounds.removeAll(keepingCapacity: true)
        var start = 0, quoted = false, index = 0
        while index <= line.count && bounds.count < limit {
            if index == line.count || (line[index] == 0x2C && !quoted) {
                bounds.append((start, index))
                start = index + 1
            } else if line[index] == 0x22 {
                quoted.toggle()
            }
            index += 1
        }
        return bounds.count
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

    /// The only activity whose name has `count` bytes and starts with `first` (either case), or nil.
    @inline(__always)
    static func candidate(count: Int, first: UInt8) -> MotionActivity? {
        switch (count, first | 0x20) {
        case (7, UInt8(ascii: "w")): .walking
        case (7, UInt8(ascii: "r")): .running
        case (7, UInt8(ascii: "c")): .cycling
        case (7, UInt8(ascii: "u")): .unknown
        case (10, UInt8(ascii: "s")): .stationary
        case (10, UInt8(ascii: "a")): .automotive
        default: nil
        }
    }

    /// The activity named by `bytes` (ASCII case-insensitive), or nil.
    /// Exact lowercase names take a fast path of one length check and one
    /// `memcmp`; no allocation.
    @inline(__always)
    static func activity(_ bytes: UnsafeBufferPointer<UInt8>) -> MotionActivity? {
        guard let base = bytes.baseAddress,
              let candidate = candidate(count: bytes.count, first: base[0]) else { return nil }
        let name = candidate.staticName
        if memcmp(base, name.utf8Start, bytes.count) == 0 { return candidate }
        for index in 0..<bytes.count where name.utf8Start[index] != (base[index] | 0x20) { return nil }
        return candidate
    }

}
