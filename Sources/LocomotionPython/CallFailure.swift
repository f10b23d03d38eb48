import LocomotionIO

/// Why a call from Python failed: bad input (a file and line, or a row of a data frame) or a bad argument. The
/// Python module raises `locomotion.InputError` / `ValueError` with these parts.
enum CallFailure: Error {
    case input(InputError)
    /// Bad input the library words itself (a trace too short or too sparse for steps).
    case refused(String)
    case argument(String)

    /// The status the C functions return: 1 bad input, 2 bad argument.
    var status: Int32 {
        switch self {
        case .input, .refused: 1
        case .argument: 2
        }
    }

    /// The message the command line would print (without its `locomotion: ` prefix).
    var message: String {
        switch self {
        case .input(let error): error.description
        case .refused(let text), .argument(let text): text
        }
    }

    /// The failure of any error thrown by the library's code.
    init(_ error: any Error) {
        switch error {
        case let failure as CallFailure: self = failure
        case let input as InputError: self = .input(input)
        case let command as CommandFailure: self = command.exitStatus == 2 ? .argument(command.message) : .refused(command.message)
        default: self = .argument("\(error)")
        }
    }
}
