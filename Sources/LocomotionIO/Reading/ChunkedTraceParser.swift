import Foundation
import LocomotionDSP

/// Parses the rest of a trace on worker threads, in chunks of whole lines, and hands the rows back in
/// file order exactly as one `TraceReader` would return them: the same rows and line numbers, the
/// same first error, the same warnings. The engine of `ReadAheadTraceReader`.
///
/// **Reading** is sequential: a worker holding `readLock` fills the next chunk — the partial line left
/// at the end of the previous chunk, then bytes from the input until the chunk is full — and keeps the
/// bytes up to the last `\n` (the rest starts the next chunk). **Parsing** runs on every worker at
/// once, each chunk on its own as if it were a file: line numbers from 1, and no row before it, so no
/// time for its first row to follow. **Handing over** runs on the caller's thread, in order: it adds
/// the lines of the chunks before to the line numbers, merges the warnings, and checks the one thing a
/// chunk could not know — that its first row is later than the previous chunk's last. When it is not
/// (a time going backwards exactly at a chunk boundary), the caller parses that chunk again from the
/// right time, so what a serial read reports there (an error, or skipped rows) is reported here too.
///
/// Memory is bounded: `depth` chunks of `chunkCapacity` bytes and their rows, reused.
///
/// With no worker (``workerCount`` 0: asked for, or a file that ends within one chunk) the caller's
/// thread reads and parses each chunk itself in ``take()``, in the same way.
final class ChunkedTraceParser: @unchecked Sendable {
    /// The bytes of one chunk; written only by the worker that reads it, then read-only until reused.
    private struct Input {
        /// `capacity` bytes, then ``padding`` bytes, all initialised.
        var bytes: UnsafeMutablePointer<UInt8>
        var capacity: Int
        /// Bytes held.
        var count = 0
        /// Bytes of complete lines: through the last `\n`.
        var complete = 0
        /// The input ended in this chunk: the bytes after `complete` are an unterminated last line.
        var atEnd = false
        /// Reading failed after the complete lines; nothing follows.
        var failure: LineSource.Failure?

        var isLast: Bool { atEnd || failure != nil }
    }

    /// The rows and findings of one chunk, line numbers counted from the chunk's first line.
    private struct Output {
        var rows: UnsafeMutablePointer<TraceRow>
        var capacity: Int
        var rowCount = 0
        /// Lines consumed.
        var lines = 0
        /// The time of the chunk's last row (−∞ for none).
        var lastTime = -Double.infinity
        var warnings: [InputWarning] = []
        var skippedRowCount = 0
        /// The bad row that ended parsing (strict mode).
        var error: InputError?
    }

    /// What follows the rows handed out by ``take()``.
    enum End {
        /// More rows may follow.
        case none
        /// The input ended.
        case finished
        /// Reading ends with this error.
        case failed(InputError)
    }

    /// Bytes after each chunk that the scanner may load.
    private static let padding = LineSource.readPadding

    private let source: LineSource
    /// Parser settings; its time, warnings and counts are those of an empty chunk.
    private let template: TraceLineParser
    private let depth: Int
    /// The number of threads to run ``work()`` on: 0 when the caller parses in ``take()``.
    let workerCount: Int
    private let inputs: UnsafeMutablePointer<Input>
    private let outputs: UnsafeMutablePointer<Output>
    /// Rows of the first batch, parsed by the opening `TraceReader`, handed out first.
    private let prefix: UnsafeMutablePointer<TraceRow>
    private let prefixCount: Int
    private let prefixEnd: End

    /// Serialises reading; guards `nextRead`.
    private let readLock = NSLock()
    private var nextRead = 0
    /// Guards everything below.
    private let condition = NSCondition()
    private let ready: UnsafeMutablePointer<Bool>
    /// The index of the chunk the caller holds (or will take next).
    private var taken = 0
    private var holding = false
    private var inputEnded: Bool
    private var cancelled = false
    private var runningWorkers = 0

    // The caller's side (one thread).
    private var prefixTaken = false
    private var lineBase: Int
    private var previousTime: Double
    /// What parsed times are divided by to give seconds (the reader's timestamp unit).
    private let timeDivisor: Double
    /// Rows skipped in lenient mode before the rows handed out so far (the first `TraceReader/maximumStoredWarnings`).
    private(set) var warnings: [InputWarning]
    private(set) var skippedRowCount: Int
    /// Chunks parsed again because time went backwards at their start (for tests).
    private(set) var reparsedChunkCount = 0

    /// Takes over `reader` right after it opened its file (header, first batch, unit check): its
    /// first batch comes out first, then the rest of the input, parsed by ``work()`` on `threads`
    /// threads with at most `threads` + 2 chunks in flight, or by ``take()`` (``workerCount`` 0) when
    /// `threads` is 0 or the rest fits in one chunk. Call ``work()`` on each of ``workerCount`` threads.
    init(reader: TraceReader, threads: Int, chunkCapacity: Int) {
        let depth = max(threads, 0) + 2
        source = reader.source
        var template = reader.parser
        template.previousTime = -.infinity
        template.warnings = []
        template.skippedRowCount = 0
        self.template = template
        self.depth = depth
        lineBase = reader.source.lineNumber
        previousTime = reader.parser.previousTime
        timeDivisor = reader.timeDivisor
        warnings = reader.parser.warnings
        skippedRowCount = reader.parser.skippedRowCount

        let first = reader.batch[reader.batchIndex..<reader.batchCount]
        prefixCount = first.count
        let prefix = UnsafeMutablePointer<TraceRow>.allocate(capacity: max(first.count, 1))
        first.withUnsafeBufferPointer { rows in
            if let base = rows.baseAddress { prefix.initialize(from: base, count: rows.count) }
        }
        self.prefix = prefix
        if let error = reader.deferredError {
            prefixEnd = .failed(error)
        } else {
            prefixEnd = reader.reachedEnd ? .finished : .none
        }
        inputEnded = reader.deferredError != nil || reader.reachedEnd

        let capacity = min(max(chunkCapacity, 64), LineSource.maximumLineLength)
        let small = reader.source.remainingBytes.map { $0 < capacity } ?? false
        workerCount = inputEnded || small ? 0 : max(threads, 0)
        inputs = .allocate(capacity: depth)
        outputs = .allocate(capacity: depth)
        ready = .allocate(capacity: depth)
        ready.initialize(repeating: false, count: depth)
        for index in 0..<depth {
            let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity + Self.padding)
            bytes.initialize(repeating: 0, count: capacity + Self.padding)
            (inputs + index).initialize(to: Input(bytes: bytes, capacity: capacity))
            (outputs + index).initialize(to: Output(rows: Self.allocateRows(4096), capacity: 4096))
        }
    }

    deinit {
        for index in 0..<depth {
            inputs[index].bytes.deallocate()
            outputs[index].rows.deallocate()
        }
        inputs.deinitialize(count: depth)
        outputs.deinitialize(count: depth)
        ready.deinitialize(count: depth)
        inputs.deallocate()
        outputs.deallocate()
        ready.deallocate()
        prefix.deinitialize(count: prefixCount)
        prefix.deallocate()
    }

    private static func allocateRows(_ count: Int) -> UnsafeMutablePointer<TraceRow> {
        let rows = UnsafeMutablePointer<TraceRow>.allocate(capacity: count)
        rows.initialize(repeating: TraceRow(sample: AccelerometerSample(time: 0, x: 0, y: 0, z: 0), line: 0),
                        count: count)
        return rows
    }

    // MARK: The caller's side

    /// The next rows in file order, valid until the next call, and what follows them. Waits for a
    /// worker when the next chunk is not parsed yet. After an end other than `.none`, do not call again.
    func take() -> (rows: UnsafeBufferPointer<TraceRow>, end: End) {
        if !prefixTaken {
            prefixTaken = true
            return (UnsafeBufferPointer(start: prefix, count: prefixCount), prefixEnd)
        }
        if workerCount == 0 {
            if holding { taken += 1 }
            let slot = taken % depth
            read(into: slot, after: taken == 0 ? nil : (taken - 1) % depth)
            parse(slot, after: previousTime)
            holding = true
        } else {
            condition.lock()
            if holding {
                ready[taken % depth] = false
                taken += 1
                holding = false
                condition.broadcast()
            }
            while !ready[taken % depth] { condition.wait() }
            holding = true
            condition.unlock()
        }

        let slot = taken % depth
        let input = inputs[slot]
        if outputs[slot].rowCount > 0 && outputs[slot].rows[0].sample.time <= previousTime {
            // Time goes backwards at the chunk boundary: parse it again as a serial read would have.
            parse(slot, after: previousTime)
            reparsedChunkCount += 1
        }
        let output = outputs[slot]
        let base = lineBase
        if timeDivisor == 1 {
            for index in 0..<output.rowCount { output.rows[index].line += base }
        } else {
            // Times were parsed as written (the order checks above compare them so) and become seconds here.
            for index in 0..<output.rowCount {
                output.rows[index].line += base
                output.rows[index].sample.time /= timeDivisor
            }
        }
        for var warning in output.warnings where warnings.count < TraceReader.maximumStoredWarnings {
            warning.line += base
            warnings.append(warning)
        }
        skippedRowCount += output.skippedRowCount
        if output.rowCount > 0 { previousTime = output.lastTime }
        lineBase += output.lines

        let end: End
        if var error = output.error {
            error.line = error.line.map { $0 + base }
            end = .failed(error)
        } else if let failure = input.failure {
            end = .failed(LineSource.inputError(failure, file: template.file, line: lineBase + 1))
        } else {
            end = input.atEnd ? .finished : .none
        }
        return (UnsafeBufferPointer(start: output.rows, count: output.rowCount), end)
    }

    /// Stops the workers and waits until they have stopped touching the chunks and the input.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        while runningWorkers > 0 { condition.wait() }
        condition.unlock()
    }

    // MARK: The workers' side

    /// Registers a worker; call before starting its thread, so that ``cancel()`` waits for it.
    func addWorker() {
        condition.lock()
        runningWorkers += 1
        condition.unlock()
    }

    /// A worker thread: read the next chunk (in turn), parse it (in parallel), until the input ends
    /// or the caller cancels.
    func work() {
        while true {
            readLock.lock()
            condition.lock()
            while !cancelled && !inputEnded && nextRead >= taken + depth { condition.wait() }
            let stop = cancelled || inputEnded
            condition.unlock()
            if stop {
                readLock.unlock()
                break
            }
            let index = nextRead
            let slot = index % depth
            read(into: slot, after: index == 0 ? nil : (index - 1) % depth)
            nextRead += 1
            if inputs[slot].isLast {
                condition.lock()
                inputEnded = true
                condition.broadcast()
                condition.unlock()
            }
            readLock.unlock()

            parse(slot, after: -.infinity)
            condition.lock()
            ready[slot] = true
            condition.broadcast()
            condition.unlock()
        }
        condition.lock()
        runningWorkers -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Fills chunk `slot`: the partial line that ended chunk `previous`, then input until the chunk is
    /// full, or holds complete lines and the input paused (a pipe), or the input ends. A line longer
    /// than ``LineSource/maximumLineLength`` is a failure, as in ``LineSource``.
    private func read(into slot: Int, after previous: Int?) {
        let chunk = inputs + slot
        var count = 0
        if let previous {
            let last = inputs[previous]
            count = last.count - last.complete
            if count >= chunk.pointee.capacity { grow(chunk, to: last.capacity) }
            chunk.pointee.bytes.update(from: last.bytes + last.complete, count: count)
        }
        var complete = 0
        chunk.pointee.atEnd = false
        chunk.pointee.failure = nil
        while true {
            let capacity = chunk.pointee.capacity
            if count == capacity {
                if complete > 0 { break }
                guard capacity < LineSource.maximumLineLength else {
                    chunk.pointee.failure = .lineTooLong(LineSource.maximumLineLength)
                    break
                }
                grow(chunk, to: min(capacity * 2, LineSource.maximumLineLength))
                continue
            }
            let bytes = chunk.pointee.bytes
            let read: Int
            do {
                read = try source.readBytes(into: bytes + count, count: capacity - count)
            } catch {
                chunk.pointee.failure = error
                break
            }
            if read == 0 {
                chunk.pointee.atEnd = true
                break
            }
            var index = count + read
            while index > count && bytes[index - 1] != 0x0A { index -= 1 }
            if index > count { complete = index }
            let paused = read < capacity - count
            count += read
            if paused && complete > 0 { break }
        }
        chunk.pointee.count = count
        chunk.pointee.complete = complete
    }

    /// Enlarges chunk `chunk`'s buffer to `capacity` bytes (and padding), keeping its bytes.
    private func grow(_ chunk: UnsafeMutablePointer<Input>, to capacity: Int) {
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity + Self.padding)
        larger.initialize(repeating: 0, count: capacity + Self.padding)
        larger.update(from: chunk.pointee.bytes, count: chunk.pointee.capacity)
        chunk.pointee.bytes.deallocate()
        chunk.pointee.bytes = larger
        chunk.pointee.capacity = capacity
    }

    /// Parses chunk `slot` as a file of its own whose previous row has time `previousTime`.
    private func parse(_ slot: Int, after previousTime: Double) {
        let input = inputs[slot]
        let output = outputs + slot
        var parser = template
        parser.previousTime = previousTime
        var rowCount = 0
        var lines = 0
        var error: InputError?
        var offset = 0
        while offset < input.complete {
            if output.pointee.capacity - rowCount < 1024 { growRows(output, keeping: rowCount) }
            let progress = parser.parse(lines: input.bytes + offset, count: input.complete - offset,
                                        firstLine: lines + 1, into: output.pointee.rows + rowCount,
                                        capacity: output.pointee.capacity - rowCount)
            offset += progress.bytes
            lines += progress.lines
            rowCount += progress.rows
            if let found = progress.error {
                error = found
                break
            }
        }
        if error == nil && input.atEnd && input.count > input.complete {
            // The unterminated last line of the input.
            var length = input.count - input.complete
            if input.bytes[input.complete + length - 1] == 0x0D { length -= 1 }
            lines += 1
            switch parser.accept(UnsafeBufferPointer(start: input.bytes + input.complete, count: length),
                                 number: lines, unterminated: true) {
            case .row(let row):
                if output.pointee.capacity == rowCount { growRows(output, keeping: rowCount) }
                output.pointee.rows[rowCount] = row
                rowCount += 1
            case .skipped:
                break
            case .failed(let found):
                error = found
            }
        }
        output.pointee.rowCount = rowCount
        output.pointee.lines = lines
        output.pointee.lastTime = parser.previousTime
        output.pointee.warnings = parser.warnings
        output.pointee.skippedRowCount = parser.skippedRowCount
        output.pointee.error = error
    }

    /// Doubles the row buffer of `output`, keeping its first `count` rows.
    private func growRows(_ output: UnsafeMutablePointer<Output>, keeping count: Int) {
        let capacity = output.pointee.capacity * 2
        let larger = Self.allocateRows(capacity)
        larger.update(from: output.pointee.rows, count: count)
        output.pointee.rows.deallocate()
        output.pointee.rows = larger
        output.pointee.capacity = capacity
    }
}
