// LocomotionIO: write a trace file, then stream it back row by row with errors that name file and line.
import Foundation
import Locomotion
import LocomotionDSP
import LocomotionIO

// snippet.hide
let path = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(getpid()).csv").path
// snippet.show

// 30 s of a phone lying still, then 60 s of a 2 Hz bounce, at 50 Hz (a stand-in for a recorded walk).
var writer = try TraceWriter(path: path, includesLabels: true)   // CSV timestamp,x,y,z,label in g
for index in 0..<4500 {
    let time = 1_700_000_000 + Double(index) / 50
    let walking = index >= 1500
    let bounce = walking ? 0.3 * sin(2 * Double.pi * 2 * time) : 0
    try writer.write(AccelerometerSample(time: time, x: 0, y: 0, z: 1 + bounce), label: walking ? .walking : .stationary)
}
try writer.finish()

do {
    var reader = try TraceInput(path: path)   // constant memory, whatever the file's size (CSV or JSON Lines)
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
