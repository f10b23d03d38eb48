import Foundation
import ArgumentParser
import LocomotionIO

/// The `locomotion` tool. Exit status: 0 success, 1 bad input, 2 bad usage.
@main
struct LocomotionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locomotion",
        abstract: "Label activity, count steps, measure distance and replay recording decisions from phone sensor traces.",
        discussion: """
            Traces are CSV `timestamp,x,y,z[,label]` or JSON Lines (one object {"timestamp":…,"x":…,"y":…,"z":…} \
            per line: *.jsonl, *.ndjson, or any file whose first line starts with '{'): time in seconds, \
            acceleration in g (pass --units ms2 for m/s²), an optional ground-truth label. Location fixes are CSV \
            `timestamp,latitude,longitude[,horizontal_accuracy][,speed]`, GPX or NMEA. Formats: Docs/formats.md.

            label, steps, replay, summarize, evaluate and distance take one input or many (files, folders, \
            patterns, or '-' for standard input), read in parallel (--jobs) with the same output for any \
            --jobs. Only data goes to standard output; warnings, summaries and progress go to standard error. \
            Exit status: 0 on success, 1 on bad input (the message names file and line), 2 on bad usage.

            Examples:
              locomotion summarize Datasets/sample/day.csv \\
                  --fixes Datasets/sample/day-fixes.csv
              locomotion label Datasets/sample/day.csv
              locomotion steps converted/oxford-step-counter --jobs 2
              locomotion help replay
            """,
        subcommands: [
            LabelCommand.self, StepsCommand.self, DistanceCommand.self, ReplayCommand.self,
            EvaluateCommand.self, PlotCommand.self, SummarizeCommand.self, EpochsCommand.self, DailyCommand.self,
            ConvertCommand.self, SimulateCommand.self,
        ]
    )

    /// Parses and runs, mapping errors to the documented exit statuses, which
    /// differ from ArgumentParser's defaults (it uses 64 for usage errors).
    static func main() async {
        Interruption.removePartialFilesOnSignals()
        let exitStatus: Int32
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            exitStatus = 0
        } catch let error as InputError {
            StandardError.write("locomotion: \(error.commandLineDescription)\n")
            exitStatus = 1
        } catch let error as CommandFailure {
            StandardError.write("locomotion: \(error.message)\n")
            exitStatus = error.exitStatus
        } catch let error as OutputError {
            // A reader that went away (`… | head`) ends the command as SIGPIPE always has: quietly.
            if error.isBrokenPipe { Interruption.endAsBrokenPipe() }
            StandardError.write("locomotion: \(error)\n")
            exitStatus = 2
        } catch {
            let code = exitCode(for: error)
            // ArgumentParser starts its messages with "Error: "; every message of the tool starts with its name.
            var message = fullMessage(for: error)
            if message.hasPrefix("Error: ") { message = "locomotion: " + message.dropFirst("Error: ".count) }
            if code == .success {
                exitStatus = writeHelp(message + "\n")
            } else {
                if !message.isEmpty { StandardError.write(message + "\n") }
                // ArgumentParser reports usage errors as 64 (EX_USAGE); the contract says 2.
                exitStatus = code == .validationFailure ? 2 : (code == .failure ? 1 : code.rawValue)
            }
        }
        terminate(exitStatus)
    }

    /// Writes `--help` text to standard output; 2 when that fails (a full disk is not success).
    private static func writeHelp(_ text: String) -> Int32 {
        do {
            let output = try OutputFile(path: "-")
            try output.write(text)
            try output.commit()
            return 0
        } catch {
            if error.isBrokenPipe { Interruption.endAsBrokenPipe() }
            StandardError.write("locomotion: \(error)\n")
            return 2
        }
    }
}
