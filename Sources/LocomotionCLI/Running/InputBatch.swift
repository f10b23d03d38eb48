import LocomotionIO

/// Runs one job per input, several at a time, and hands the results back in
/// input order.
///
/// The jobs run in a task group at most ``jobs`` wide; each result is delivered
/// as soon as it and every earlier one are done, so the output is the same for
/// any width and is written while later inputs are still being read. At most
/// `2 × jobs` finished results wait for an earlier, slower one. A job's failure
/// does not stop the others: its message and the diagnostics it wrote are
/// delivered in its place, and ``run(work:deliver:)`` throws at the end (exit
/// status 1, or 2 when a failure was bad usage) after everything that could be
/// computed was delivered.
///
/// A single input runs in the calling task, reports rows read to the progress
/// line and fails by rethrowing its own error, exactly as a command that reads
/// one file.
struct InputBatch: Sendable {
    /// The inputs, in order (paths, or `-` alone for standard input).
    var inputs: [String]
    /// The most jobs running at once (≥ 1).
    var jobs: Int
    /// What the inputs are, in the closing message (`participants` for `epochs` and `daily` by participant).
    var kind = "inputs"

    /// Why one input of several failed: its message, as the root command would print it.
    struct Failure: Error, Sendable {
        var message: String
        var exitStatus: Int32

        init(_ error: any Error) {
            switch error {
            case let failure as CommandFailure: (message, exitStatus) = (failure.message, failure.exitStatus)
            case let failure as Failure: self = failure
            case let failure as OutputError: (message, exitStatus) = ("\(failure)", 2)
            case let failure as InputError: (message, exitStatus) = (failure.commandLineDescription, 1)
            default: (message, exitStatus) = ("\(error)", 1)
            }
        }
    }

    /// What one job left: its result or failure, and what it has to say on stderr.
    struct Outcome<Output: Sendable>: Sendable {
        var result: Result<Output, Failure>
        var diagnostics: String
    }

    /// Runs `work` on every input, calls `deliver` with each success in input order, then `finish` (also when
    /// some of several inputs failed; not when a single input failed).
    ///
    /// `work` gets the input's path, a string for its stderr diagnostics (lenient-mode warnings, notes), written
    /// before its result is delivered, and where to report rows read.
    ///
    /// - Throws: a single input's own error; with several, a ``CommandFailure`` counting the failed inputs after
    ///   all results were delivered; whatever `deliver` throws.
    func run<Output: Sendable>(
        progress: ProgressLine,
        work: @escaping @Sendable (_ path: String, _ diagnostics: inout String, _ progress: ReadProgress) throws -> Output,
        deliver: (_ index: Int, _ path: String, _ output: Output) throws -> Void,
        finish: () throws -> Void = {}
    ) async throws {
        if inputs.count == 1 {
            let path = inputs[0]
            var diagnostics = ""
            let output: Output
            do {
                output = try work(path, &diagnostics, ReadProgress(progress, file: path))
            } catch {
                progress.clear()
                StandardError.write(diagnostics)
                throw error
            }
            progress.clear()
            StandardError.write(diagnostics)
            try deliver(0, path, output)
            try finish()
            return
        }

        var failures: [Failure] = []
        try await withThrowingTaskGroup(of: (Int, Outcome<Output>).self) { group in
            var started = 0, running = 0, next = 0
            var waiting: [Int: Outcome<Output>] = [:]
            let window = 2 * max(jobs, 1)
            progress.update("0/\(inputs.count) inputs done", force: true)
            while next < inputs.count {
                while running < jobs, started < inputs.count, started < next + window {
                    let index = started, path = inputs[index]
                    group.addTask {
                        var diagnostics = ""
                        do {
                            let output = try work(path, &diagnostics, .none)
                            return (index, Outcome(result: .success(output), diagnostics: diagnostics))
                        } catch {
                            return (index, Outcome(result: .failure(Failure(error)), diagnostics: diagnostics))
                        }
                    }
                    started += 1
                    running += 1
                }
                guard let (index, outcome) = try await group.next() else { break }
                running -= 1
                waiting[index] = outcome
                while let ready = waiting.removeValue(forKey: next) {
                    let path = inputs[next]
                    var diagnostics = ready.diagnostics
                    if case .failure(let failure) = ready.result {
                        diagnostics += "locomotion: \(failure.message)\n"
                        failures.append(failure)
                    }
                    if !diagnostics.isEmpty {
                        progress.clear()
                        StandardError.write(diagnostics)
                    }
                    if case .success(let output) = ready.result { try deliver(next, path, output) }
                    next += 1
                    progress.inputs(done: next, of: inputs.count, last: path)
                }
            }
        }
        progress.clear()
        try finish()
        if !failures.isEmpty {
            let status = failures.map(\.exitStatus).max() ?? 1
            let message = failures.count == inputs.count
                ? "all \(inputs.count) \(kind) failed (messages above); nothing was written for them"
                : "\(failures.count) of \(inputs.count) \(kind) failed (messages above); the results of the others were written"
            throw CommandFailure(message: message, exitStatus: status)
        }
    }
}
