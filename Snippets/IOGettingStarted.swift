// LocomotionIO: write a trace file, then stream it back row by row with errors that name file and line.
import Foundation
import LocomotionIO

// snippet.hide
let path = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(getpid()).csv").path
// snippet.show

// A seeded, documented simulation (for demonstrations and tests of mechanics, never for accuracy claims).
let simulator = TraceSimulator(configuration: .init(
    segments: [SimulatedSegment(activity: .still, duration: 30), SimulatedSegment(activity: .walking, duration: 60)],
    seed: 7))
var writer = try TraceWriter(path: path, includesLabels: true)   // CSV timestamp,x,y,z,label in g
try simulator.run(sample: { sample, label in try writer.write(sample, label: label) }, fix: { _ in })
try writer.finish()

do {
    var reader = try TraceReader(path: path)   // constant memory, whatever the file's size
    var rows = 0
    while let row = try reader.next() {
        rows += 1
        if rows == 1 { print("first sample at \(row.sample.time) s, label \(row.label.map { "\($0)" } ?? "none")") }
    }
    print("\(rows) rows; labels: \(reader.hasLabels)")
} catch {
    print("bad input: \(error)")   // e.g. walk.csv:812:2: x is not a number: 'abc'
}
// snippet.hide
try? FileManager.default.removeItem(atPath: path)
