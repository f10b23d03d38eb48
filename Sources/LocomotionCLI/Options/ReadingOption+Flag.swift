import LocomotionIO

extension ReadingOption {
    /// The flag that sets this option on the command line.
    var flag: String {
        switch self {
        case .lenient: "--lenient"
        case .noUnitCheck: "--no-unit-check"
        case .units(let unit): "--units \(unit.rawValue)"
        }
    }
}

extension InputError {
    /// The error as the command line prints it: the reading options its hint suggests named by their flags.
    var commandLineDescription: String { description(naming: \.flag) }
}
