// The two ways a stage can hand over its outputs, for Benchmarks/streaming-contract.sh: a closure per output
// (`push(_:emit:)`, the contract every stage follows) and an array the caller passes in (`push(_:into:)`).
// Compiled as its own module, without cross-module inlining, as a stage of the library is seen by an app.
// A stage like the resampler/detector: every `period`-th input emits an output (opaque across the module boundary).
public struct Output: Sendable { public var time: Double; public var x: Double; public var y: Double; public var z: Double }
public struct Stage {
    var count = 0
    let period: Int
    var last = 0.0
    public init(period: Int) { self.period = period }
    public mutating func push(_ time: Double, emit: (Output) -> Void) {
        count += 1
        last = time
        if count % period == 0 { emit(Output(time: time, x: time * 2, y: time * 3, z: 1)) }
    }
    public mutating func push(_ time: Double, into outputs: inout [Output]) {
        count += 1
        last = time
        if count % period == 0 { outputs.append(Output(time: time, x: time * 2, y: time * 3, z: 1)) }
    }
}
