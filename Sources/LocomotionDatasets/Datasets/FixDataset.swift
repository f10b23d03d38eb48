import Foundation
import Locomotion
import LocomotionIO

/// Public location datasets that `locomotion convert` turns into canonical fixes CSV.
package enum FixDataset: String, Sendable, Hashable, CaseIterable {
    /// Google Smartphone Decimeter Challenge 2021 drives (`gsdc2021-mtv-nmea`):
    /// each phone's `*_chipset.nmea`, and the SPAN RTK/INS truth
    /// (`SPAN_*_1Hz.nmea`, `SPAN_*_10Hz.csv`), one recording per file. The date of
    /// the 10 Hz truth (which has none) comes from the drive folder's name.
    case gsdc2021MTVNMEA = "gsdc2021-mtv-nmea"
    /// Any GPX files (`*.gpx`): the timed track points; points without `<time>`
    /// cannot be written as fixes and are counted as skipped.
    case gpx

    /// The native files under `path` (searched recursively; `path` itself when it
    /// is such a file), sorted. An error when there are none.
    package func inputFiles(in path: String) throws(InputError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw InputError(file: path, problem: "no such file or folder")
        }
        var files: [String] = []
        if isDirectory.boolValue {
            // FIFOs, devices and folders met twice are left out (FolderWalk).
            files = try FolderWalk.files(under: path, includes: matches).files
        } else if matches(path) {
            files.append(path)
        }
        guard !files.isEmpty else {
            throw InputError(file: path, problem: "no \(rawValue) files found",
                             hint: self == .gpx ? "expected *.gpx files" : "expected *_chipset.nmea or SPAN_* files of a GSDC drive folder")
        }
        return files.sorted()
    }

    func matches(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        switch self {
        case .gsdc2021MTVNMEA:
            return name.hasSuffix("_chipset.nmea") || (name.hasPrefix("SPAN_") && (name.hasSuffix(".nmea") || name.hasSuffix("Hz.csv")))
        case .gpx:
            return name.lowercased().hasSuffix(".gpx")
        }
    }

    /// Reads one native file. The recording's name is the drive folder and file
    /// name for GSDC (`2020-05-14-US-MTV-1_Pixel4_chipset`), the file name for GPX.
    package func convert(file: String) throws(InputError) -> ConvertedFixes {
        let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        switch self {
        case .gpx:
            let read = try FixReader.readFile(path: file, options: FixReadingOptions(format: .gpx))
            let timed = read.fixes.filter { !$0.time.isNaN }
            return ConvertedFixes(name: name, source: file, fixes: timed, skippedCount: read.fixes.count - timed.count)
        case .gsdc2021MTVNMEA:
            let drive = ((file as NSString).deletingLastPathComponent as NSString).lastPathComponent
            let fixes: [LocationFix]
            if file.hasSuffix(".csv") {
                fixes = try Self.readSPANCSV(file, drive: drive)
            } else {
                fixes = try FixReader.read(path: file, options: FixReadingOptions(format: .nmea))
            }
            return ConvertedFixes(name: drive.isEmpty ? name : "\(drive)_\(name)", source: file, fixes: fixes, skippedCount: 0)
        }
    }

    /// The SPAN 10 Hz CSV (no header): `hhmmss.ss, lat ddmm.mmmm, lon dddmm.mmmm`
    /// (west longitudes, sign not stored — negated here, as SOURCE.md says), dated
    /// by the drive folder's `YYYY-MM-DD` prefix; the time of day rolls over at midnight.
    static func readSPANCSV(_ file: String, drive: String) throws(InputError) -> [LocationFix] {
        guard let day = LocalDay(String(drive.prefix(10))) else {
            throw InputError(file: file, problem: "cannot date the SPAN truth: the folder `\(drive)` does not start with YYYY-MM-DD",
                             hint: "keep the file in its drive folder, e.g. 2020-05-14-US-MTV-1/")
        }
        let contents = try FixReader.readContents(of: file)
        var fixes: [LocationFix] = []
        var dayOffset = 0.0
        var previousTimeOfDay = -1.0
        try forEachLine(of: contents, file: file) { (number, line) throws(InputError) in
            if line.isBlank { return }
            let fields = line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map { Substring($0.trimmedText) }
            guard fields.count >= 3, let timeOfDay = NMEAReader.parseTimeOfDay(fields[0]) else {
                throw InputError(file: file, line: number, column: 1, problem: "not a SPAN row `hhmmss.ss,ddmm.mmmm,dddmm.mmmm,…`")
            }
            guard let latitude = NMEAReader.parseAngle(fields[1], degreeDigits: 2, hemisphere: "N", positive: "N", negative: "S") else {
                throw InputError(file: file, line: number, column: 2, problem: "latitude `\(fields[1])` is not ddmm.mmmm")
            }
            guard let longitude = NMEAReader.parseAngle(fields[2], degreeDigits: 3, hemisphere: "W", positive: "E", negative: "W") else {
                throw InputError(file: file, line: number, column: 3, problem: "longitude `\(fields[2])` is not dddmm.mmmm")
            }
            if timeOfDay < previousTimeOfDay - 43_200 { dayOffset += 86_400 }
            previousTimeOfDay = timeOfDay
            fixes.append(LocationFix(time: Double(day.daysSince1970) * 86_400 + dayOffset + timeOfDay,
                                     latitude: latitude, longitude: longitude))
        }
        return fixes
    }
}

/// One recording of a ``FixDataset``, ready to write as canonical fixes CSV.
package struct ConvertedFixes: Sendable {
    /// A file-name stem for the output, unique within the dataset.
    package var name: String
    /// The native file it came from.
    package var source: String
    /// The fixes, in file order.
    package var fixes: [LocationFix]
    /// Points that could not be written (GPX points without a time).
    package var skippedCount: Int

    package init(name: String, source: String, fixes: [LocationFix], skippedCount: Int) {
        self.name = name
        self.source = source
        self.fixes = fixes
        self.skippedCount = skippedCount
    }
}
