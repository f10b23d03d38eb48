import Foundation
import LocomotionIO

/// What the tool does when it is interrupted: the temporary files of unfinished outputs are removed, then the
/// process ends by the same signal (so the shell sees 130 for Ctrl-C, 143 for SIGTERM, 141 for a closed pipe).
/// An output file therefore either appears complete under its name or not at all.
enum Interruption {
    /// Installs the handlers for SIGINT, SIGTERM and SIGHUP, and for SIGPIPE unless the parent chose to ignore it
    /// (then a closed pipe is an `EPIPE` write error, handled by ``endAsBrokenPipe()``).
    static func removePartialFilesOnSignals() {
        PartialFiles.removeAll()  // builds the table now, outside any handler
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] { _ = signal(signalNumber, handler) }
        // SIG_IGN is the handler value 1 on Linux and Darwin alike.
        if let previous = signal(SIGPIPE, handler), unsafeBitCast(previous, to: Int.self) == 1 {
            _ = signal(SIGPIPE, SIG_IGN)
        }
    }

    /// Ends the process as a closed pipe does (the reader went away; nothing to report), after removing the
    /// temporary files of unfinished outputs.
    static func endAsBrokenPipe() -> Never {
        PartialFiles.removeAll()
        _ = signal(SIGPIPE, SIG_DFL)
        _ = raise(SIGPIPE)
        terminate(128 + SIGPIPE)
    }
}

/// Async-signal-safe: unlinks, restores the default action and re-raises.
private let handler: @convention(c) (Int32) -> Void = { signalNumber in
    PartialFiles.removeAll()
    _ = signal(signalNumber, SIG_DFL)
    _ = raise(signalNumber)
}

