import LocomotionDSP

/// ns/sample of `SOSFilter` in place over a buffer and sample by sample.
enum SOSFilterFigures {
    /// 4096 samples (32 kB) fit in L1/L2; one pass takes 10–40 µs.
    static let sampleCount = 4096

    /// The streaming loop as client code writes it: the filter is accessed inout (a filter captured
    /// by a closure would add a dynamic exclusivity check per call, which is not the filter's cost).
    @inline(never)
    static func stream(_ filter: inout SOSFilter, _ signal: [Double]) -> Double {
        var last = 0.0
        for x in signal { last = filter.process(x) }
        return last
    }

    static func run() {
        var random: UInt64 = 12345
        let signal = (0..<sampleCount).map { _ -> Double in
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return Double(random >> 11) / Double(1 << 53) - 0.5
        }
        for order in [2, 4, 8] {
            let sections = Butterworth.lowPass(order: order, cutoff: 3, sampleRate: 50)
            // Filtering the same buffer again and again keeps it finite (the filter is stable) and
            // measures only the filter; state carries on across passes, as in a stream.
            var filter = SOSFilter(sections: sections)
            var buffer = signal
            var streaming = SOSFilter(sections: sections)
            var last = 0.0
            let figures = fastestNanoseconds(rounds: 1500, [
                { filter.process(&buffer) },
                { last = stream(&streaming, signal) },
            ])
            blackHole(buffer[sampleCount - 1])
            blackHole(last)
            report("sos_buffer_order\(order)", figures[0] / Double(sampleCount), unit: "ns/sample",
                   note: "Butterworth order \(order) = \(sections.count) section(s), process(&buffer) in place")
            report("sos_streaming_order\(order)", figures[1] / Double(sampleCount), unit: "ns/sample",
                   note: "Butterworth order \(order) = \(sections.count) section(s), process(_ x:) per sample")
        }
    }
}
