import Foundation
@_spi(Tuning) import Locomotion
import LocomotionIO

/// What `epochs` and `daily` do: group the inputs by participant, read each participant as one recording
/// (``ParticipantRecording``), and write the command's table (and, with `--output-dir`, the `--also` tables) in
/// input order.
struct TableCommandRun {
    var table: TableRows.Table
    var options: TableCommandOptions

    func run() async throws {
        let traces = self.options.traces, epochLength = self.options.epoch, tableOptions = self.options.table
        try InputPaths.standardInputOnce(traces: traces, [("--fixes", tableOptions.fixes)])
        let traceOptions = self.options.options.trace, outputOptions = self.options.options.output
        let inputOptions = self.options.options.inputs
        let classifierOptions = self.options.classifier, smoothingOptions = self.options.smoothing
        let classifier = try classifierOptions.load()
        let inputs = try InputPaths.expandInputs(traces)
        let options = tableOptions
        // AWARE's accelerometer tables are read once each and split by device_id, which names the participants.
        let splits = try AwareTables.split(inputs, options: options, reading: traceOptions.readingOptions)
        let groups = try splits.isEmpty ? tableOptions.naming().groups(of: inputs)
            : ParticipantNaming.groups(named: inputs.flatMap { input in splits[input]!.participants.map { ($0, input) } })
        // AWARE's locations table gives each participant the fixes of its device_id.
        let awareFixes = try options.fixes.flatMap { path in
            AwareLocations.isLocationsTable(path) ? try AwareLocations.split(path: path, lenient: traceOptions.lenient) : nil
        }
        if options.fixes != nil && groups.count > 1 && awareFixes == nil {
            throw CommandFailure.badUsage("--fixes belongs to one participant; use --companion-fixes (NAME.fixes.csv beside each trace), or AWARE's locations table (fixes per device_id), for several")
        }
        if let awareFixes, let fixesPath = options.fixes {
            let participants = Set(groups.map(\.participant))
            let strangers = awareFixes.order.filter { !participants.contains($0) }
            if !strangers.isEmpty {
                StandardError.write("locomotion: note: \(fixesPath): the fixes of device_id \(strangers.prefix(5).joined(separator: ", "))\(strangers.count > 5 ? " and \(strangers.count - 5) more" : "") belong to no participant of this run\n")
            }
        }
        let tables = [table] + options.also.filter { $0 != table }
        if tables.count > 1 && inputOptions.outputDirectory == nil {
            throw CommandFailure.badUsage("--also needs --output-dir (each table goes to its own files)")
        }
        let zones = try options.resolveZones()
        // Every participant's zones are known before anything is written: one missing from the map stops the run.
        let schedules = try Dictionary(groups.map { ($0.participant, try zones.schedule(of: $0.participant)) },
                                       uniquingKeysWith: { first, _ in first })
        let dayStart = try DistanceCommand.parseDayStart(options.dayStart)
        let epoch = RecordingTables.Configuration(length: epochLength, timeZone: zones.representative, dayStart: dayStart, maximumGap: classifier.maximumGap)
        if let problem = epoch.problem { throw CommandFailure.badUsage("--epoch \(epochLength) --day-start \(options.dayStart): \(problem)") }
        var configured = ParticipantRecording(
            reading: traceOptions.readingOptions, classifier: classifier, smoothing: smoothingOptions.smoothing.smoothing,
            policy: options.policy, epoch: epoch, minimumCoveredHours: options.minimumHours,
            fixes: options.fixes.map { .file($0) } ?? (options.companionFixes ? .companions : .none))
        configured.minimumCarriedHours = options.minimumCarriedHours
        let recording = configured

        // Writers keyed by the participant (by the file when each file is its own participant).
        let perFile = options.participant == nil && options.participantPattern == nil && splits.isEmpty
        let keyed = groups.map { (key: perFile ? $0.files[0] : $0.participant, group: $0) }
        let byKey = Dictionary(keyed.map { ($0.key, $0.group) }, uniquingKeysWith: { first, _ in first })
        let names = Dictionary(keyed.map { ($0.key, $0.group.participant) }, uniquingKeysWith: { first, _ in first })
        let companions = options.companionFixes ? inputs.map(ParticipantRecording.companionFixes(of:)) : []
        var plan = OutputPlan(reading: inputs + [options.fixes, classifierOptions.config] + companions)
        let format = outputOptions.format
        var writers: [TableRows.Table: ResultWriter] = [:]
        for table in tables {
            writers[table] = try plan.resultWriter(
                inputs: keyed.map(\.key), output: outputOptions.output, outputDirectory: inputOptions.outputDirectory,
                suffix: table.suffix + (format == .csv ? ".csv" : ".jsonl"),
                shape: format == .csv ? .keyedCSVTable : .keyedJSONLines, names: names)
        }
        // A participant's outputs are computed from its files, their companion fixes where read, and --fixes.
        let todo = try inputOptions.pending(
            inputOptions.selected(keyed.map(\.key)), writers: Array(writers.values), kind: perFile ? "inputs" : "participants",
            key: { $0 },
            sources: { key in
                let files = byKey[key]?.files ?? []
                let companions = options.companionFixes ? files.compactMap(ParticipantRecording.companionFixes(of:)) : []
                return files + companions + [options.fixes].compactMap { $0 }
            })
        // With --output-dir each table streams into its file; combined, a participant's rows are spooled to a
        // temporary file until its turn comes, so a bad input leaves nothing of it behind. Memory stays constant
        // in the length of the recordings either way.
        let directoryPaths: [TableRows.Table: [String: String]] = inputOptions.outputDirectory == nil ? [:]
            : Dictionary(uniqueKeysWithValues: tables.map { table in
                (table, Dictionary(uniqueKeysWithValues: todo.compactMap { key in writers[table]?.outputPath(for: key).map { (key, $0) } }))
            })
        let mainTable = table
        let writer = writers[table]
        try await InputBatch(inputs: todo, jobs: inputOptions.jobs, kind: perFile ? "inputs" : "participants").run(
            progress: ProgressLine(quiet: inputOptions.quiet)
        ) { key, diagnostics, progress -> RowSpool? in
            guard let group = byKey[key] else { return nil }
            let schedule = schedules[group.participant] ?? ZoneSchedule(zones.representative)
            let sinks = try TableSinks(tables: tables, main: mainTable, format: format, zones: schedule,
                                       files: directoryPaths.compactMapValues { $0[key] })
            try sinks.writeHeaders()
            var participant = recording
            participant.epoch.zones = schedule
            participant.tables = sinks.tables
            if let awareFixes {
                // A participant without a fix in the table has none: no distance, as without --fixes.
                participant.fixes = .none
                participant.givenFixes = awareFixes.fixes[group.participant]
            }
            var rowCount = 0
            let row: (TraceRow) -> Void = { _ in
                rowCount += 1
                progress.row(rowCount)
            }
            let notice: (ParticipantRecording.Notice) -> Void = { diagnostics += Self.text(of: $0) }
            let late: Int
            if splits.isEmpty {
                late = try participant.run(group.files, row: row, notice: notice, emit: sinks.output(participant: group.participant))
            } else {
                do {
                    late = try participant.run(group.files, opening: { path throws(InputError) in try splits[path]!.source(for: group.participant) },
                                               row: row, notice: notice, emit: sinks.output(participant: group.participant))
                } catch var error as InputError where !error.problem.contains("device_id \(group.participant) ") {
                    // The table names many participants: the message says whose row it is (the Spark job files it
                    // under that participant too).
                    error.problem += " (device_id \(group.participant))"
                    throw error
                }
            }
            if late > 0 {
                throw CommandFailure.badInput("internal error: \(late) events of the engine came after their epoch was written; please report it")
            }
            return try sinks.finish()
        } deliver: { (_, key, spool: RowSpool?) in
            guard directoryPaths.isEmpty, let spool, let writer else { return }
            var first = true
            try spool.forEachPiece { piece in
                if first { try writer.write(piece, for: key) } else { try writer.continueWriting(piece) }
                first = false
            }
        } finish: {
            for writer in writers.values { try writer.finish() }
        }
    }

    /// The words for people of what a recording reports while it reads (the one wording of every command).
    static func text(of notice: ParticipantRecording.Notice) -> String {
        switch notice {
        case .traceRead(let file, let warnings, let skipped): LenientReport.text(warnings, skipped: skipped, in: file)
        case .fixesRead(let fixes): LenientReport.text(fixes.warnings, skipped: fixes.warnings.count, in: fixes.file)
        case .fixesOutOfOrder(let warning): "locomotion: \(warning)\n"
        case .fixesOutsideTrace(let warning): warning
        case .duplicateBoundarySample(let note): note
        case .stepsRefused(let warning): warning
        case .accelerationUnits(let line): line
        }
    }
}
