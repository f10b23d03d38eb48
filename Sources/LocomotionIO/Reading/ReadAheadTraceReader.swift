import Foundation

/// A ``TraceReader`` that parses on a second thread, a few batches of rows
/// ahead of the caller, so that parsing and the caller's processing of the
/// rows overlap on two cores.
///
/// It returns exactly what ``TraceReader`` returns — the same rows in the same
/// order, the same error after the same rows, the same ``warnings`` — only
/// sooner: the output of a program built on it does not depend on thread
/// timing. Opening (header, first rows, unit check) happens on the calling
/// thread, so an unreadable file throws from the initialiser as before.
///
/// ```swift
/// var reader = try ReadAheadTraceReader(path: "day.csv")
/// while let row = try reader.next() {
///     process(row.sample)
/// }
/// ```
///
/// Memory is bounded: at most ``queueDepth`` batches of ``batchRows`` rows
/// (48 bytes each) are in flight, about 1 MB, and the batch arrays are reused,
/// so there is no allocation per row or per batch in the steady state. On one
/// core it costs a little more CPU than ``TraceReader`` (a hand-over per
/// batch); use it when a second core is free.
///
/// Copies share the reading thread; use one copy. Dropping the reader before
/// the end stops the thread.
public struct ReadAheadTraceReader {
    /// Rows per batch handed from the reading thread to the caller.
    public static let batchRows = 4096
    /// Batches parsed ahead at most.
    public static let queueDepth = 4

    /// The path as given, `"-"` for standard input.
    public let file: String
    /// How the trace is read.
    public let options: TraceReadingOptions
    /// True when the header has a `label` column.
    public let hasLabels: Bool
    /// True when the file starts with a header line.
    public let hasHeader: Bool
    /// Rows skipped in lenient mode (the first ``TraceReader/maximumStoredWarnings``), as far as the
    /// rows returned so far; complete once ``next()`` has returned nil or thrown.
    public private(set) var warnings: [InputWarning] = []
    /// The number of rows skipped in lenient mode, as far as the rows returned so far.
    public private(set) var skippedRowCount = 0

    private let handle: Handle
    private var rows: [TraceRow] = []
    private var index = 0
    private var finished = false

    /// Opens `path` as ``TraceReader/init(path:options:)`` does, then starts
    /// the reading thread.
    ///
    /// - Throws: ``InputError`` as ``TraceReader/init(path:options:)``.
    public init(path: String, options: TraceReadingOptions = .init()) throws(InputError) {
        let reader = try TraceReader(path: path, options: options)
        file = path
        self.options = options
        hasLabels = reader.hasLabels
        hasHeader = reader.hasHeader
        warnings = reader.warnings
        skippedRowCount = reader.skippedRowCount
        rows.reserveCapacity(ReadAheadTraceReader.batchRows)
        handle = Handle(queue: RowQueue(reader: reader))
    }

    /// The next row, or nil at the end of the file.
    ///
    /// - Throws: ``InputError`` for a bad row (strict mode), after the rows
    ///   before it. After an error the reader is finished and returns nil.
    @inline(__always)
    public mutating func next() throws(InputError) -> TraceRow? {
        if index < rows.count {
            let row = rows[index]
            index += 1
            return row
        }
        guard try nextBatch() else { return nil }
        let row = rows[index]
        index += 1
        return row
    }

    /// Takes the next batch from the reading thread; false at the end.
    private mutating func nextBatch() throws(InputError) -> Bool {
        if finished { return false }
        let batch = handle.queue.take(replacing: &rows)
        index = 0
        warnings = batch.warnings
        skippedRowCount = batch.skippedRowCount
        if !rows.isEmpty { return true }
        finished = true
        if let error = batch.error { throw error }
        return false
    }
}

extension ReadAheadTraceReader {
    /// What the reading thread hands over with each batch besides the rows.
    struct BatchStatus: Sendable {
        var warnings: [InputWarning]
        var skippedRowCount: Int
        /// The error that ended reading; set on the last, empty batch.
        var error: InputError?
    }

    /// Stops the reading thread when the caller's reader goes away (the thread itself holds the queue,
    /// not this handle).
    final class Handle: Sendable {
        let queue: RowQueue

        init(queue: RowQueue) {
            self.queue = queue
            let thread = Thread { queue.produce() }
            thread.name = "locomotion.read-ahead"
            thread.start()
        }

        deinit { queue.cancel() }
    }

    /// A bounded queue of row batches between one reading thread and one caller.
    ///
    /// The slots form a ring. The reading thread fills the slot after the last full one while fewer than
    /// ``queueDepth`` are full; the caller empties the oldest full one by swapping arrays with it, so the
    /// arrays go round and are never reallocated. Each slot is touched by one side at a time, and the
    /// hand-over of a slot goes through `condition`'s lock, which orders the two sides' memory accesses.
    final class RowQueue: @unchecked Sendable {
        private struct Slot {
            var rows: [TraceRow] = []
            var status = BatchStatus(warnings: [], skippedRowCount: 0)
        }

        private var reader: TraceReader   // used by the reading thread only, once started
        private let slots: UnsafeMutablePointer<Slot>
        private let condition = NSCondition()
        // Guarded by `condition`:
        private var head = 0
        private var filled = 0
        private var cancelled = false
        private var producing = true

        init(reader: TraceReader) {
            self.reader = reader
            slots = .allocate(capacity: ReadAheadTraceReader.queueDepth)
            slots.initialize(repeating: Slot(), count: ReadAheadTraceReader.queueDepth)
            for index in 0..<ReadAheadTraceReader.queueDepth {
                slots[index].rows.reserveCapacity(ReadAheadTraceReader.batchRows)
            }
        }

        deinit {
            slots.deinitialize(count: ReadAheadTraceReader.queueDepth)
            slots.deallocate()
        }

        /// The reading thread: parse batches into free slots until the end, an error, or cancellation.
        func produce() {
            var tail = 0
            while true {
                condition.lock()
                while filled == ReadAheadTraceReader.queueDepth && !cancelled { condition.wait() }
                let stop = cancelled
                condition.unlock()
                if stop { break }

                var error: InputError?
                let more: Bool
                do {
                    more = try reader.next(into: &slots[tail].rows, maximumCount: ReadAheadTraceReader.batchRows)
                } catch let failure {
                    error = failure
                    more = false
                }
                slots[tail].status = BatchStatus(warnings: reader.warnings, skippedRowCount: reader.skippedRowCount,
                                                 error: error)
                tail = (tail + 1) % ReadAheadTraceReader.queueDepth

                condition.lock()
                filled += 1
                condition.broadcast()
                condition.unlock()
                // The empty batch that says "end" (or carries the error) is the last.
                if !more { break }
            }
            condition.lock()
            producing = false
            condition.broadcast()
            condition.unlock()
        }

        /// Waits for the oldest full batch, swaps its rows into `rows` (the caller's finished array goes
        /// back to the ring) and returns its status.
        func take(replacing rows: inout [TraceRow]) -> BatchStatus {
            condition.lock()
            while filled == 0 { condition.wait() }
            let index = head
            condition.unlock()

            swap(&rows, &slots[index].rows)
            let status = slots[index].status

            condition.lock()
            head = (head + 1) % ReadAheadTraceReader.queueDepth
            filled -= 1
            condition.broadcast()
            condition.unlock()
            return status
        }

        /// Stops the reading thread and waits until it has stopped touching the reader and the slots.
        func cancel() {
            condition.lock()
            cancelled = true
            condition.broadcast()
            while producing { condition.wait() }
            condition.unlock()
        }
    }
}
