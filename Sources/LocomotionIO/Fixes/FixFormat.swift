/// The file formats that hold location fixes.
public enum FixFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// CSV `timestamp,latitude,longitude[,horizontal_accuracy][,speed]` (FORMATS.md).
    case csv
    /// GPX 1.1 `trkpt` (or, in a file without track points, `wpt`) elements.
    case gpx
    /// NMEA 0183 `$--GGA` / `$--RMC` sentences.
    case nmea

    public var description: String { rawValue }

    /// The format a file holds: by extension (`.csv`, `.gpx`, `.nmea`/`.nma`, each also with `.gz`),
    /// otherwise by its first non-blank byte (`<` GPX, `$` NMEA, anything else CSV).
    /// - Complexity: O(length of leading white space).
    package static func detect(path: String, contents: [UInt8]) -> FixFormat {
        var lowered = path.lowercased()
        if lowered.hasSuffix(".gz") { lowered.removeLast(3) }
        if lowered.hasSuffix(".csv") { return .csv }
        if lowered.hasSuffix(".gpx") { return .gpx }
        if lowered.hasSuffix(".nmea") || lowered.hasSuffix(".nma") { return .nmea }
        var bytes = contents[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }  // UTF-8 byte-order mark
        switch bytes.first(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }) {
        case UInt8(ascii: "<"): return .gpx
        case UInt8(ascii: "$"): return .nmea
        default: return .csv
        }
    }
}
