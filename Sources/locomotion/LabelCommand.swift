import ArgumentParser
import Foundation
import Locomotion
import LocomotionDSP
import LocomotionIO

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct LabelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "label",
        abstract: "Write activity segments (start,end,activity,confidence) for a trace.",
        discussion: """
            One row per maximal segment of equal activity (stationary, walking, running, cycling, automotive, \
            unknown); times in the input's clock. With --format json each JSON line also carries the rule and the \
            feature values that decided the segment.
            """
    )

    @Argument(help: "Accelerometer trace CSV (timestamp,x,y,z[,label]); '-' reads standard input.")
    var trace: String

    @OptionGroup var traceOptions: TraceOptions
    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var classifierOptions: ClassifierOptions

    func run() async throws {
        let configuration = try classifierOptions.load()
        // Segments are few (one per change of activity) and are written only once the whole trace has been read,
        // so a bad row leaves nothing on stdout and no half-written --output file.
        var rows: [(ActivitySegment, ActivityExplanation)] = []
        try ActivityTraceRun.run(path: trace, options: traceOptions.readingOptions, configuration: configuration) {
            rows.append(($0, $1))
        }
        let sink = try outputOptions.openSink()
        defer { sink.close() }
        switch outputOptions.format {
        case .csv:
            sink.write("start,end,activity,confidence\n")
            for (segment, _) in rows {
                sink.write("\(segment.start),\(segment.end),\(segment.activity),\(segment.confidence)\n")
            }
        case .json:
            for (segment, explanation) in rows { sink.write(ActivityTraceRun.json(segment, explanation)) }
        }
    }
}

/// `--config`: the classifier's thresholds from a JSON file.
struct ClassifierOptions: ParsableArguments {
    @Option(help: ArgumentHelp("JSON file with ActivityClassifier thresholds (any subset; see Docs/activity.md).",
                               valueName: "file"))
    var config: String?

    func load() throws -> ActivityClassifier.Configuration {
        guard let config else { return .init() }
        guard let file = fopen(config, "rb") else {
            throw CommandFailure.badUsage("cannot read \(config): \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        do {
            return try JSONDecoder().decode(ActivityClassifier.Configuration.self, from: Data(bytes))
        } catch {
            throw CommandFailure.badInput("\(config): not a valid classifier configuration: \(error)")
        }
    }
}

/// Reads a trace and streams it through the classifier: the one code path of `label` and `evaluate`.
enum ActivityTraceRun {
    /// Streams `path` through a classifier; calls `segment` for each finished segment with the explanation of
    /// the update that opened it and `label` for each labelled row. Lenient-mode warnings go to stderr.
    /// Returns whether the trace has a `label` column.
    @discardableResult
    static func run(path: String, options: TraceReadingOptions, configuration: ActivityClassifier.Configuration,
                    label: (MotionActivity, Double) -> Void = { _, _ in },
                    segment: (ActivitySegment, ActivityExplanation) -> Void) throws -> Bool {
        var reader = try TraceReader(path: path, options: options)
        var classifier = ActivityClassifier(configuration: configuration)
        var segmenter = ActivitySegmenter()
        // Updates always change the activity, so the open segment is explained by the last update.
        var open = ActivityExplanation(rule: "none")
        while let row = try reader.next() {
            if let truth = row.label { label(truth, row.sample.time) }
            classifier.push(row.sample) { update in
                let closing = open
                segmenter.add(update) { finished in segment(finished, closing) }
                open = update.explanation
            }
        }
        if let end = classifier.lastSampleTime {
            segmenter.finish(at: end) { finished in segment(finished, open) }
        }
        LenientReport.report(reader.warnings, skipped: reader.skippedRowCount, in: path)
        return reader.hasLabels
    }

    /// One JSON line for a segment with its explanation.
    static func json(_ segment: ActivitySegment, _ explanation: ActivityExplanation) -> String {
        let features = explanation.features.sorted { $0.key < $1.key }
            .map { "\"\($0.key)\":\(number($0.value))" }.joined(separator: ",")
        return "{\"start\":\(number(segment.start)),\"end\":\(number(segment.end)),\"activity\":\"\(segment.activity)\","
            + "\"confidence\":\"\(segment.confidence)\",\"rule\":\"\(explanation.rule)\",\"features\":{\(features)}}\n"
    }

    /// A JSON number (non-finite values, which JSON cannot hold, become null).
    static func number(_ value: Double) -> String { value.isFinite ? "\(value)" : "null" }
}
