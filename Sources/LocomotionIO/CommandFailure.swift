/// A failure with its own message and exit status (1: bad input, 2: bad usage).
package struct CommandFailure: Error {
    package var message: String
    package var exitStatus: Int32

    package init(message: String, exitStatus: Int32) {
        self.message = message
        self.exitStatus = exitStatus
    }

    package static func badInput(_ message: String) -> CommandFailure { CommandFailure(message: message, exitStatus: 1) }
    package static func badUsage(_ message: String) -> CommandFailure { CommandFailure(message: message, exitStatus: 2) }
}
