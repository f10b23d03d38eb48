import Foundation
import LocomotionIO

/// Pairs of numbers (a sample's time and its magnitude) set aside on disk while a trace streams, and read back once:
/// `plot` without `--to` learns the end of its time axis — and so the column of each sample — only at the last
/// sample, so it keeps each sample's time and |a| here (16 bytes a sample, in an unnamed temporary file that the
/// system removes when the process ends, however it ends) and builds the per-pixel envelope from them afterwards.
/// Memory: one 64 KiB buffer.
final class SampleSpool {
    private let descriptor: Int32
    private var buffer: [Double] = []
    private static let bufferPairs = 4096
    /// Pairs written.
    private(set) var count = 0

    /// A new spool in `directory` (TMPDIR, else /tmp).
    /// - Throws: ``OutputError`` when no temporary file can be made.
    init(directory: String = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp") throws(OutputError) {
        var template = Array((directory + "/locomotion-plot-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw OutputError(file: directory, problem: "cannot make a temporary file: \(String(cString: strerror(errno)))")
        }
        // Unnamed from now on: nothing is left behind, whatever ends the process.
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.descriptor = descriptor
        buffer.reserveCapacity(2 * Self.bufferPairs)
    }

    deinit { close(descriptor) }

    /// Adds a pair.
    /// - Throws: ``OutputError`` when the disk refuses the data (full, quota).
    func append(_ first: Double, _ second: Double) throws(OutputError) {
        buffer.append(first)
        buffer.append(second)
        count += 1
        if buffer.count == 2 * Self.bufferPairs { try flush() }
    }

    private func flush() throws(OutputError) {
        var failure: String?
        buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
        if let failure { throw OutputError(file: "", problem: "cannot set the samples aside for the plot: \(failure)") }
    }

    /// Calls `body` with every pair, in the order appended.
    /// - Throws: ``OutputError`` when the data cannot be written or read back.
    func forEach(_ body: (Double, Double) -> Void) throws(OutputError) {
        try flush()
        var chunk = [Double](repeating: 0, count: 2 * Self.bufferPairs)
        var offset: off_t = 0
        var pairsLeft = count
        while pairsLeft > 0 {
            let wanted = min(pairsLeft, Self.bufferPairs) * 2 * MemoryLayout<Double>.stride
            var got = 0
            var failure: String?
            chunk.withUnsafeMutableBytes { bytes in
                while got < wanted {
                    let read = pread(descriptor, bytes.baseAddress! + got, wanted - got, offset + off_t(got))
                    if read < 0 {
                        if errno == EINTR { continue }
                        failure = String(cString: strerror(errno))
                        return
                    }
                    if read == 0 { failure = "the temporary file is shorter than written"; return }
                    got += read
                }
            }
            if let failure { throw OutputError(file: "", problem: "cannot read back the samples set aside for the plot: \(failure)") }
            let pairs = wanted / (2 * MemoryLayout<Double>.stride)
            for index in 0..<pairs { body(chunk[2 * index], chunk[2 * index + 1]) }
            offset += off_t(wanted)
            pairsLeft -= pairs
        }
    }
}
