import ArgumentParser

/// A `--from`/`--to` value: a time in the trace's clock (`1700000000.5`), or
/// an offset from the first sample (`+90`, `+90s`, `+15m`, `+2h`).
enum TimeBound: Sendable, Hashable, ExpressibleByArgument {
    case absolute(Double)
    case sinceStart(Double)

    init?(argument: String) {
        if argument.hasPrefix("+") {
            var number = argument.dropFirst()
            var unit = 1.0
            switch number.last {
            case "s": unit = 1
            case "m": unit = 60
            case "h": unit = 3600
            default: break
            }
            if number.last?.isLetter == true { number = number.dropLast() }
            guard let value = Double(number), value.isFinite, value >= 0 else { return nil }
            self = .sinceStart(value * unit)
        } else {
            guard let value = Double(argument), value.isFinite else { return nil }
            self = .absolute(value)
        }
    }

    /// The time in the trace's clock, for a trace starting at `start`.
    func time(start: Double) -> Double {
        switch self {
        case .absolute(let time): time
        case .sinceStart(let offset): start + offset
        }
    }

    static var defaultValueDescription: String { "seconds" }
}
