// Feeds a million inputs through Stage (Stage.swift), handing over its outputs as `mode` says:
//   closure: push(_:emit:); reuse: push(_:into:) with one array kept (cleared, capacity kept) across calls;
//   fresh: push(_:into:) with a new array per call. `period`: one output every `period` inputs.
import StreamingContractStage
let n = 1_000_000
let mode = CommandLine.arguments[1]
let period = Int(CommandLine.arguments[2])!
var stage = Stage(period: period)
var sum = 0.0
switch mode {
case "closure":
    for i in 0..<n { stage.push(Double(i)) { sum += $0.x } }
case "reuse":
    var buffer: [Output] = []
    for i in 0..<n { buffer.removeAll(keepingCapacity: true); stage.push(Double(i), into: &buffer); for o in buffer { sum += o.x } }
case "fresh":
    for i in 0..<n { var buffer: [Output] = []; stage.push(Double(i), into: &buffer); for o in buffer { sum += o.x } }
default: break
}
print(sum)
