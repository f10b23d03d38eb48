import Foundation

/// Pairs of numbers (a sample's time and its magnitude) set aside on disk while a trace streams, and read back once:
/// `plot` without `--to` learns the end of its time axis — and so the column of each sample — only at the last
/// sample, so it keeps each sample's time and |a| here (16 bytes a sample, in an unnamed temporary file that the
/// system removes when the process ends, however it ends) and builds the per-pixel envelope from them afterwards.
/// Memory: one 64 KiB buffer.
package final class SampleSpool {
    private let file: UnlinkedTemporaryFile
    private var buffer: [Double] = []
    private static let bufferPairs = 4096
    /// Pairs written.
    package private(set) var count = 0

    /// A new spool in `directory` (TMPDIR, else /tmp).
    /// - Throws: ``OutputError`` when no temporary file can be made.
    package init(directory: String = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp") throws(OutputError) {
        do {
            file = try UnlinkedTemporaryFile(directory: directory, prefix: "locomotion-plot")
        } catch {
            throw OutputError(file: directory, problem: "cannot make a temporary file: \(error.reason)")
        }
        buffer.reserveCapacity(2 * Self.bufferPairs)
    }

    /// Adds a pair.
    /// - Throws: ``OutputError`` when the disk refuses the data (full, quota).
    package func append(_ first: Double, _ second: Double) throws(OutputError) {
        buffer.append(first)
        buffer.append(second)
        count += 1
        if buffer.count == 2 * Self.bufferPairs { try flush() }
    }

    private func flush() throws(OutputError) {
        defer { buffer.removeAll(keepingCapacity: true) }
        do {
            try file.write(contentsOf: buffer)
        } catch {
            throw OutputError(file: "", problem: "cannot set the samples aside for the plot: \(error.reason)")
        }
    }

    /// Calls `body` with every pair, in the order appended.
    /// - Throws: ``OutputError`` when the data cannot be written or read back.
    package func forEach(_ body: (Double, Double) -> Void) throws(OutputError) {
        try flush()
        var chunk = [UInt8](repeating: 0, count: 2 * Self.bufferPairs * MemoryLayout<Double>.stride)
        var offset = 0
        var pairsLeft = count
        while pairsLeft > 0 {
            let wanted = min(pairsLeft, Self.bufferPairs) * 2 * MemoryLayout<Double>.stride
            let got: Int
            do {
                got = try file.read(into: &chunk, count: wanted, at: offset)
            } catch {
                throw OutputError(file: "", problem: "cannot read back the samples set aside for the plot: \(error.reason)")
            }
            guard got == wanted else {
                throw OutputError(file: "", problem: "cannot read back the samples set aside for the plot: the temporary file is shorter than written")
            }
            let pairs = wanted / (2 * MemoryLayout<Double>.stride)
            chunk.withUnsafeBytes { bytes in
                for index in 0..<pairs {
                    body(bytes.load(fromByteOffset: 16 * index, as: Double.self),
                         bytes.load(fromByteOffset: 16 * index + 8, as: Double.self))
                }
            }
            offset += wanted
            pairsLeft -= pairs
        }
    }
}
