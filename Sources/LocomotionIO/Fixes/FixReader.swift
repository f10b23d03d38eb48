import Foundation
import Locomotion

/// Reads location fixes from CSV, GPX or NMEA, choosing the format by extension
/// and contents. Every problem is an ``InputError`` naming file, line and column.
public enum FixReader {
    /// The timed fixes of the file at `path` (`"-"`: standard input), in file order.
    ///
    /// A GPX point without `<time>` is an error here; use
    /// ``readFile(path:options:)`` to measure it for length.
    /// - Complexity: O(file size); the whole file is held in memory.
    public static func read(path: String, options: FixReadingOptions = .init()) throws(InputError) -> [LocationFix] {
        let file = try readFile(path: path, options: options)
        guard file.isTimed else {
            throw InputError(file: path, problem: "some GPX points have no <time>, so they cannot be ordered or split by day",
                             hint: "`locomotion distance` measures such a track as one undated total")
        }
        return file.fixes
    }

    /// Everything read from the file at `path`: fixes, format, whether they have
    /// times, and what lenient reading skipped.
    /// - Complexity: O(file size).
    public static func readFile(path: String, options: FixReadingOptions = .init()) throws(InputError) -> FixFile {
        let contents = try readContents(of: path)
        return try parse(contents, file: path, options: options)
    }

    /// Parses `contents` as if read from `file`.
    ///
    /// - Throws: ``InputError`` for a malformed file, and for one that holds no fixes.
    /// - Complexity: O(contents size).
    @_spi(Harness) public static func parse(_ contents: [UInt8], file: String, options: FixReadingOptions = .init()) throws(InputError) -> FixFile {
        let format = options.format ?? FixFormat.detect(path: file, contents: contents)
        let read: FixFile
        switch format {
        case .csv: read = try FixCSVReader.parse(contents, file: file, lenient: options.lenient)
        case .gpx: read = try GPXReader.parse(contents, file: file, lenient: options.lenient)
        case .nmea: read = try NMEAReader.parse(contents, file: file, lenient: options.lenient)
        }
        guard !read.fixes.isEmpty else { throw noFixes(in: read) }
        return read
    }

    /// Empty input is an error, as it is for traces: a header without rows, a GPX without
    /// points, an NMEA log without a position, or nothing left after lenient skipping.
    private static func noFixes(in file: FixFile) -> InputError {
        if let first = file.warnings.first {
            return InputError(file: file.file, problem: "no fixes: all \(file.warnings.count) entries were skipped as bad; "
                              + "the first at line \(first.line): \(first.problem)")
        }
        switch file.format {
        case .csv:
            return InputError(file: file.file, line: 2, problem: "no fixes: the file has a header but no data rows",
                              hint: "expected one row timestamp,latitude,longitude per fix after the header")
        case .gpx:
            return InputError(file: file.file, problem: "no fixes: the GPX has no <trkpt> or <wpt>",
                              hint: "route points (<rtept>) are plans, not recordings, and are not read")
        case .nmea:
            return InputError(file: file.file, problem: "no fixes: no GGA or RMC sentence with a position",
                              hint: "the receiver had no fix while logging")
        }
    }

    /// The bytes of a file, a pipe, or standard input for `"-"`.
    package static func readContents(of path: String) throws(InputError) -> [UInt8] {
        let bytes = try WholeInput.read(path: path, what: "a file of fixes")
        guard !bytes.isEmpty else {
            throw InputError(file: path, problem: "the file is empty", hint: "expected CSV, GPX or NMEA location fixes")
        }
        return bytes
    }
}
