import Foundation
import Locomotion
@_spi(Harness) import LocomotionIO
import LocomotionDatasets

extension ConvertCommand {
    /// `convert` for a location dataset: one canonical fixes CSV per native file.
    func convertFixes(_ dataset: FixDataset) throws {
        var files: [String] = []
        for input in inputs { files += try dataset.inputFiles(in: input) }
        var plan = OutputPlan(reading: files)
        let sink = try plan.file(nil, as: "standard output")
        let outputDirectory = try OutputPlan.folder(outputDirectory)
        try FileSystem.makeDirectory(outputDirectory)
        var owners: [String: String] = [:]
        if format == .csv { try sink.write("file,source,samples,duration_s,rate_hz,labels,skipped_rows,true_steps\n") }
        for file in files {
            let recording = try dataset.convert(file: file)
            guard let first = recording.fixes.first, let last = recording.fixes.last else {
                StandardError.write("locomotion: \(file): no timed fixes; nothing written\n")
                continue
            }
            let path = outputDirectory + "/" + recording.name + ".fixes.csv"
            try Self.own(path, for: file, in: &owners)
            let output = try plan.file(path, as: "--output-dir")
            try output.write(FixCSVWriter.header)
            for fix in recording.fixes { try output.write(FixCSVWriter.row(fix)) }
            try output.commit()

            var intervals = zip(recording.fixes, recording.fixes.dropFirst()).map { $1.time - $0.time }
            intervals.sort()
            let rate = intervals.isEmpty || intervals[intervals.count / 2] <= 0 ? 0 : 1 / intervals[intervals.count / 2]
            let duration = NumberText.rounded(last.time - first.time, 3)
            let rateText = NumberText.rounded(rate, 2)
            switch format {
            case .csv:
                try sink.write([csvField(path), csvField(recording.source), String(recording.fixes.count), duration, rateText,
                            "", String(recording.skippedCount), ""].joined(separator: ",") + "\n")
            case .json:
                var row = JSONObject()
                row.add("file", path)
                row.add("source", recording.source)
                row.add("samples", recording.fixes.count)
                row.add("duration_s", number: duration)
                row.add("rate_hz", number: rateText)
                row.add("labels", "")
                row.add("skipped_rows", recording.skippedCount)
                row.add("true_steps", number: nil)
                try sink.write(row.line)
            }
        }
        try sink.commit()
    }
}
