import ArgumentParser
import Locomotion
import LocomotionDSP
@_spi(Harness) import LocomotionIO
import LocomotionDatasets

/// The public datasets `convert` reads, one case per adapter.
enum ConvertSource: String, ExpressibleByArgument, CaseIterable {
    case usTM2017 = "us-tm2017"
    case oxfordStepCounter = "oxford-step-counter"
    case mobiFallV2 = "mobifall-v2"
    case geoTecINITSmartphoneHAR = "geotecinit-sp-har"
    case basicMotions = "basicmotions"
    case ipolGaitLowerBack = "ipol-gait-lowerback"
    case mobgapLab = "mobgap-lab"
    case hharStillPhones = "hhar-still-phones"
    case qrowdTRPhone = "qrowd-tr-phone"
    // Location sources: converted to fixes CSV by `convertFixes` (ConvertCommand+Fixes.swift).
    case gsdc2021MTVNMEA = "gsdc2021-mtv-nmea"
    case gpx

    /// The adapter of an accelerometer dataset (nil for a location dataset).
    var adapter: (any DatasetAdapter.Type)? {
        switch self {
        case .gsdc2021MTVNMEA, .gpx: nil
        case .usTM2017: USTransportationMode2017.self
        case .oxfordStepCounter: OxfordStepCounter.self
        case .mobiFallV2: MobiFallV2.self
        case .geoTecINITSmartphoneHAR: GeoTecINITSmartphoneHAR.self
        case .basicMotions: BasicMotions.self
        case .ipolGaitLowerBack: IPOLGaitLowerBack.self
        case .mobgapLab: MobgapLab.self
        case .hharStillPhones: HHARStillPhones.self
        case .qrowdTRPhone: QROWDTRPhone.self
        }
    }
}

struct ConvertCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a public dataset's native files to trace CSVs.",
        discussion: """
            Reads the native files of a public dataset (a folder, searched recursively, or single files) and \
            writes one canonical trace per recording into --output-dir: CSV timestamp,x,y,z,label with \
            acceleration in g and the dataset's ground truth in the label column (Datasets/README.md says \
            how each dataset's labels map). oxford-step-counter, ipol-gait-lowerback and mobgap-lab also write \
            NAME.steps.csv (the true step times, CSV `timestamp`); mobgap-lab also NAME.untimed-steps.csv \
            (after,before: steps the reference saw but did not time; true_steps counts them); us-tm2017 \
            NAME.speeds.csv (the logged GPS speeds, CSV `timestamp,speed,accuracy`). Standard output gets one \
            summary row per written trace \
            (file,source,samples,duration_s,rate_hz,labels,skipped_rows,true_steps).

            Sources: us-tm2017, oxford-step-counter, mobifall-v2, geotecinit-sp-har, basicmotions, \
            ipol-gait-lowerback (lower-back IMU, 10 m walks with a U-turn), mobgap-lab (Mobilise-D lab data.mat, \
            e.g. $D/mobgap-lab-ha002), hhar-still-phones (phones lying still on a table: not carried; \
            label stationary), qrowd-tr-phone (still, walking, running, cycling and vehicle sessions \
            without timestamps: rows are read at --rate, default the inferred 24 Hz); and location \
            fixes: gsdc2021-mtv-nmea (phone chipset NMEA and the SPAN truth), gpx (any GPX files), each written as \
            NAME.fixes.csv (timestamp,latitude,longitude,horizontal_accuracy,speed) with the same summary row \
            (samples = fixes).

            Examples (D=../shared/datasets):
              locomotion convert --from us-tm2017 $D/us-tm2017 -o converted/us-tm2017
              locomotion convert --from oxford-step-counter $D/oxford-step-counter/raw \\
                  -o converted/oxford
              locomotion convert --from mobifall-v2 \\
                  $D/mobifall-v2/raw/sub2/ADL/JOG/JOG_acc_2_1.txt -o /tmp/jog
              locomotion convert --from gsdc2021-mtv-nmea $D/gsdc2021-mtv-nmea \\
                  -o converted/gsdc
              locomotion convert --from qrowd-tr-phone $D/qrowd-tr-phone/raw --rate 30 \\
                  -o converted/qrowd-30hz
            """
    )

    @Option(help: ArgumentHelp("The dataset (see Sources above).", valueName: "dataset"))
    var from: ConvertSource

    @Argument(help: "The dataset's folder (searched recursively) or native files.")
    var inputs: [String]

    @Option(name: [.short, .customLong("output-dir")],
            help: ArgumentHelp("Folder for the converted traces (created if needed).", valueName: "dir"))
    var outputDirectory: String

    @Option(help: "Summary encoding: csv, or json for JSON Lines (one object per trace).")
    var format: OutputFormat = .csv

    @Option(help: ArgumentHelp("""
        Sampling rate (Hz) of a source whose files have no timestamps (qrowd-tr-phone: rows are read at \
        this rate; default its inferred \(NumberText.rounded(QROWDTRPhone.inferredRate, 0)) Hz). Refused for other sources.
        """, valueName: "hz"))
    var rate: Double?

    @Flag(help: "No progress line on standard error (shown only when standard error is a terminal).")
    var quiet = false

    func validate() throws {
        guard let rate else { return }
        guard from == .qrowdTRPhone else {
            throw ValidationError("--rate applies only to sources without timestamps (qrowd-tr-phone); \(from.rawValue) files carry their own times")
        }
        guard QROWDTRPhone.acceptedRates.contains(rate) else {
            throw ValidationError("--rate \(rate): must be a number of Hz in \(Int(QROWDTRPhone.acceptedRates.lowerBound))…\(Int(QROWDTRPhone.acceptedRates.upperBound))")
        }
    }

    /// The recordings of one native file: at the given rate for a source without timestamps.
    private func recordings(of file: String, adapter: any DatasetAdapter.Type) throws(InputError) -> [ConvertedRecording] {
        if from == .qrowdTRPhone, let rate { return try QROWDTRPhone.convert(file: file, rate: rate) }
        return try adapter.convert(file: file)
    }

    func run() async throws {
        guard let adapter = from.adapter else {
            return try convertFixes(FixDataset(rawValue: from.rawValue)!)
        }
        var files: [String] = []
        for input in inputs {
            files += try adapter.inputFiles(in: input)
        }
        guard !files.isEmpty else {
            throw InputError(file: inputs.joined(separator: " "), problem: "no \(from.rawValue) files found",
                             hint: "point at the dataset's folder, e.g. ../shared/datasets/\(from.rawValue)")
        }
        var plan = OutputPlan(reading: files)
        let sink = try plan.file(nil, as: "standard output")
        let outputDirectory = try OutputPlan.folder(outputDirectory)
        try FileSystem.makeDirectory(outputDirectory)
        var owners: [String: String] = [:]
        // The header goes out with the first row (or at the end of a run without rows): a run whose first file
        // fails printed a header and nothing under it.
        var headerWritten = format != .csv
        func writeHeader() throws {
            guard !headerWritten else { return }
            headerWritten = true
            try sink.write("file,source,samples,duration_s,rate_hz,labels,skipped_rows,true_steps\n")
        }
        let progress = ProgressLine(quiet: quiet)
        for (index, file) in files.enumerated() {
            progress.update("\(index + 1)/\(files.count) \(file)", force: true)
            for recording in try recordings(of: file, adapter: adapter) {
                guard !recording.trace.samples.isEmpty else {
                    progress.clear()
                    // Rows were there and none could be read: an error, never a skip with exit 0.
                    if recording.skippedRowCount > 0 {
                        throw InputError(file: file, line: recording.firstSkippedLine,
                                         problem: "none of its \(recording.skippedRowCount) accelerometer rows could be read "
                                             + "(malformed, non-finite, negative-time, backwards or duplicate-time); nothing written")
                    }
                    StandardError.write("locomotion: \(file): no accelerometer samples; nothing written\n")
                    continue
                }
                // Part of a name can come from inside the file (a MAT struct's field names, GeoTecINIT's
                // executions_info.csv): it must stay one file name in the output folder.
                if recording.name.contains("/") || recording.name.unicodeScalars.contains("\0") {
                    throw InputError(file: file, problem: "the output name `\(recording.name.replacingOccurrences(of: "\u{0}", with: "\\0"))` taken from the "
                                         + "dataset's files holds a '/' or a NUL, so it is not one file name; nothing written")
                }
                let path = outputDirectory + "/" + recording.name + ".csv"
                // Names come from the recordings, so two of them (or a native file) can only be told apart now.
                try Self.own(path, for: file, in: &owners)
                try plan.claim(path, as: "--output-dir")
                let stepsPath = recording.stepTimes.map { _ in outputDirectory + "/" + recording.name + ".steps.csv" }
                if let stepsPath { try plan.claim(stepsPath, as: "--output-dir") }
                let speedsPath = recording.speeds.map { _ in outputDirectory + "/" + recording.name + ".speeds.csv" }
                if let speedsPath { try plan.claim(speedsPath, as: "--output-dir") }
                let untimedPath = recording.untimedSteps.isEmpty ? nil
                    : outputDirectory + "/" + recording.name + ".untimed-steps.csv"
                if let untimedPath { try plan.claim(untimedPath, as: "--output-dir") }
                try TraceWriter.write(recording.trace, to: path)
                if let steps = recording.stepTimes, let stepsPath { try StepTimesWriter.write(steps, to: stepsPath) }
                if let untimedPath { try StepTimesWriter.writeUntimed(recording.untimedSteps, to: untimedPath) }
                if let speeds = recording.speeds, let speedsPath { try LoggedSpeedWriter.write(speeds, to: speedsPath) }
                try writeHeader()
                try sink.write(summary(recording, path: path))
            }
        }
        progress.clear()
        try writeHeader()
        try sink.commit()
    }

    /// Refuses a second native file whose output name is `path` (two participants' `day.csv`), naming both: the
    /// one rule of every command that writes one output per input (Docs/formats.md, *One output per input*).
    static func own(_ path: String, for file: String, in owners: inout [String: String]) throws(CommandFailure) {
        if let other = owners[path], other != file {
            throw .badUsage("\(other) and \(file) would both be written to \(path); rename one, or convert them separately")
        }
        owners[path] = file
    }

    private func summary(_ recording: ConvertedRecording, path: String) -> String {
        let samples = recording.trace.samples
        let duration = samples.last!.time - samples.first!.time
        var intervals = zip(samples, samples.dropFirst()).map { $1.time - $0.time }
        intervals.sort()
        let rate = intervals.isEmpty ? 0 : 1 / intervals[intervals.count / 2]
        var counts: [MotionActivity: Int] = [:]
        for label in recording.trace.labels ?? [] { counts[label, default: 0] += 1 }
        let labels = MotionActivity.allCases.filter { counts[$0] != nil }.map { "\($0.rawValue):\(counts[$0]!)" }
            .joined(separator: " ")
        let steps = recording.trueStepCount.map { String($0) }
        let durationText = NumberText.rounded(duration, 3)
        let rateText = NumberText.rounded(rate, 2)
        switch format {
        case .csv:
            return [csvField(path), csvField(recording.source), String(samples.count), durationText, rateText,
                    labels, String(recording.skippedRowCount), steps ?? ""].joined(separator: ",") + "\n"
        case .json:
            var row = JSONObject()
            row.add("file", path)
            row.add("source", recording.source)
            row.add("samples", samples.count)
            row.add("duration_s", number: durationText)
            row.add("rate_hz", number: rateText)
            row.add("labels", labels)
            row.add("skipped_rows", recording.skippedRowCount)
            row.add("true_steps", number: steps)
            return row.line
        }
    }
}

import Foundation
