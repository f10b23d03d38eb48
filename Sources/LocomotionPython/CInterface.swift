import Foundation
import Locomotion
import LocomotionDSP
import LocomotionIO

// The C interface of the Python module (`python/locomotion/_native.py` declares it for ctypes). Handles are opaque
// pointers: a call's result (`locomotion_result_*`) and a streaming engine (`locomotion_engine_*`), each freed by its
// `_free`. Options are `key=value` lines, tables the command line's text, so that options and columns added later
// need no change here. The caller's arrays are read in place, never kept after the call returns.

/// The interface's version: bumped on any change of a signature or of the meaning of a result.
@_cdecl("locomotion_abi_version")
public func locomotionABIVersion() -> Int32 { 1 }

/// Runs `command` (`label`, `steps`, `epochs`, `daily`, `read`) with `options` on the trace in the four arrays of
/// `count` rows (or on the file of option `path=`). Always returns a result; its status says whether the call failed.
@_cdecl("locomotion_call")
public func locomotionCall(_ command: UnsafePointer<CChar>, _ options: UnsafePointer<CChar>,
                           _ time: UnsafePointer<Double>?, _ x: UnsafePointer<Double>?, _ y: UnsafePointer<Double>?,
                           _ z: UnsafePointer<Double>?, _ count: Int64) -> UnsafeMutableRawPointer {
    let result = CallResult()
    do throws(CallFailure) {
        try TraceCalls(time: time, x: x, y: y, z: z, count: Int(count))
            .run(String(cString: command), options: String(cString: options), into: result)
    } catch {
        result.fail(error)
    }
    return Unmanaged.passRetained(result).toOpaque()
}

/// 0 success, 1 bad input, 2 bad argument.
@_cdecl("locomotion_result_status")
public func locomotionResultStatus(_ result: UnsafeMutableRawPointer) -> Int32 {
    Unmanaged<CallResult>.fromOpaque(result).takeUnretainedValue().status
}

/// The text `key` of a result (NUL-terminated UTF-8, valid until the result is freed; its length without the NUL in
/// `length`), or NULL when the result has none.
@_cdecl("locomotion_result_text")
public func locomotionResultText(_ result: UnsafeMutableRawPointer, _ key: UnsafePointer<CChar>,
                                 _ length: UnsafeMutablePointer<Int64>) -> UnsafePointer<CChar>? {
    let object = Unmanaged<CallResult>.fromOpaque(result).takeUnretainedValue()
    guard let text = object.texts[String(cString: key)] else { length.pointee = 0; return nil }
    length.pointee = Int64(text.count - 1)
    // The array lives in the result, unchanged until it is freed.
    return text.withUnsafeBufferPointer { UnsafePointer($0.baseAddress!) }
}

/// The column of numbers `key` of a result (valid until the result is freed; its length in `length`), or NULL.
@_cdecl("locomotion_result_numbers")
public func locomotionResultNumbers(_ result: UnsafeMutableRawPointer, _ key: UnsafePointer<CChar>,
                                    _ length: UnsafeMutablePointer<Int64>) -> UnsafePointer<Double>? {
    let object = Unmanaged<CallResult>.fromOpaque(result).takeUnretainedValue()
    guard let numbers = object.numbers[String(cString: key)] else { length.pointee = 0; return nil }
    length.pointee = Int64(numbers.count)
    if numbers.isEmpty { return nil }
    return numbers.withUnsafeBufferPointer { $0.baseAddress! }
}

/// The columns of `table` (a ``ResultTable`` raw value) as `name:kind` lines, kinds string, double, long, boolean.
@_cdecl("locomotion_table_schema")
public func locomotionTableSchema(_ table: UnsafePointer<CChar>) -> UnsafeMutableRawPointer {
    let result = CallResult()
    if let known = ResultTable(rawValue: String(cString: table)) {
        result.setText("schema", known.columns.map { "\($0.name):\($0.kind.rawValue)\n" }.joined())
    } else {
        result.fail(.argument("unknown table '\(String(cString: table))'"))
    }
    return Unmanaged.passRetained(result).toOpaque()
}

@_cdecl("locomotion_result_free")
public func locomotionResultFree(_ result: UnsafeMutableRawPointer) {
    Unmanaged<CallResult>.fromOpaque(result).release()
}

// MARK: Streaming

/// A new engine (options `time_zone`, `units`, `smoothing`), or a restored one when `snapshot` is not NULL
/// (`snapshotLength` bytes of ``locomotion_engine_snapshot``'s JSON). On success `engine` receives the handle.
@_cdecl("locomotion_engine_new")
public func locomotionEngineNew(_ options: UnsafePointer<CChar>, _ snapshot: UnsafePointer<UInt8>?, _ snapshotLength: Int64,
                                _ engine: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> UnsafeMutableRawPointer {
    let result = CallResult()
    engine.pointee = nil
    do throws(CallFailure) {
        var parsed = try CallOptions(String(cString: options))
        let reading = try parsed.reading()
        // The engine gets its samples in chunks, as they come: no first rows to decide a unit on before the first.
        if reading.detectsUnits {
            throw .argument("units=auto: the engine is fed chunks as they come, with no first rows to decide on; "
                + "name the unit (g or ms2), or decide it first with read_trace(path, units=\"auto\")")
        }
        let scale = reading.units.toG
        let zone = try TraceCalls.zone(&parsed)
        let smoothing: ActivityClassifier.Smoothing = switch parsed.string("smoothing") ?? "lagged" {
        case "full": .full
        case "lagged": .lagged
        case let other: throw .argument("smoothing=\(other): expected lagged or full")
        }
        try parsed.finish()
        let motionEngine: MotionEngine
        if let snapshot {
            do {
                motionEngine = try JSONDecoder().decode(MotionEngine.self, from: Data(bytes: snapshot, count: Int(snapshotLength)))
            } catch {
                throw .argument("not a snapshot of a MotionEngine: \(error)")
            }
        } else {
            motionEngine = MotionEngine(timeZone: zone, smoothing: smoothing)
        }
        engine.pointee = Unmanaged.passRetained(StreamingEngine(engine: motionEngine, scale: scale)).toOpaque()
    } catch {
        result.fail(error)
    }
    return Unmanaged.passRetained(result).toOpaque()
}

/// Pushes `count` samples (times in seconds, increasing; acceleration in the engine's unit). Returns the number of
/// events (rows of four in ``locomotion_engine_events``), or -1 when the engine refused a sample (its message in
/// `message`, a result to free).
@_cdecl("locomotion_engine_push")
public func locomotionEnginePush(_ engine: UnsafeMutableRawPointer, _ time: UnsafePointer<Double>, _ x: UnsafePointer<Double>,
                                 _ y: UnsafePointer<Double>, _ z: UnsafePointer<Double>, _ count: Int64,
                                 _ message: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Int64 {
    let object = Unmanaged<StreamingEngine>.fromOpaque(engine).takeUnretainedValue()
    do {
        try object.push(time: time, x: x, y: y, z: z, count: Int(count))
    } catch {
        let result = CallResult()
        result.fail(.argument("\(error)"))
        message.pointee = Unmanaged.passRetained(result).toOpaque()
        return -1
    }
    return Int64(object.events.count / 4)
}

/// Ends the stream; returns the number of events of the end.
@_cdecl("locomotion_engine_finish")
public func locomotionEngineFinish(_ engine: UnsafeMutableRawPointer) -> Int64 {
    let object = Unmanaged<StreamingEngine>.fromOpaque(engine).takeUnretainedValue()
    object.finish()
    return Int64(object.events.count / 4)
}

/// The events of the last push or finish: rows of four numbers (``StreamingEngine``), valid until the next call.
@_cdecl("locomotion_engine_events")
public func locomotionEngineEvents(_ engine: UnsafeMutableRawPointer) -> UnsafePointer<Double>? {
    let object = Unmanaged<StreamingEngine>.fromOpaque(engine).takeUnretainedValue()
    return object.events.withUnsafeBufferPointer { $0.baseAddress }
}

/// The engine's whole state as JSON (text `snapshot` of the result).
@_cdecl("locomotion_engine_snapshot")
public func locomotionEngineSnapshot(_ engine: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
    let object = Unmanaged<StreamingEngine>.fromOpaque(engine).takeUnretainedValue()
    let result = CallResult()
    do {
        let data = try JSONEncoder().encode(object.engine)
        result.setText("snapshot", String(decoding: data, as: UTF8.self))
    } catch {
        result.fail(.argument("the engine could not be encoded: \(error)"))
    }
    return Unmanaged.passRetained(result).toOpaque()
}

@_cdecl("locomotion_engine_free")
public func locomotionEngineFree(_ engine: UnsafeMutableRawPointer) {
    Unmanaged<StreamingEngine>.fromOpaque(engine).release()
}

/// The names the indices of ``locomotion_engine_events`` stand for (text `names` of the result): lines
/// `activity:…`, `confidence:…`, `mode:…`, `carry:…`, each the raw values in `allCases` order, comma-separated.
@_cdecl("locomotion_event_names")
public func locomotionEventNames() -> UnsafeMutableRawPointer {
    let result = CallResult()
    result.setText("names", [
        "activity:" + MotionActivity.allCases.map(\.rawValue).joined(separator: ","),
        "confidence:" + ActivityConfidence.allCases.map(\.rawValue).joined(separator: ","),
        "mode:" + RecordingMode.allCases.map(\.rawValue).joined(separator: ","),
        "carry:" + CarryState.allCases.map(\.rawValue).joined(separator: ","),
    ].joined(separator: "\n"))
    return Unmanaged.passRetained(result).toOpaque()
}
