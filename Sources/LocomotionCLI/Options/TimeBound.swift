import LocomotionIO
import ArgumentParser

/// A `--from`/`--to` value: a time in the trace's clock (`1700000000.5`), or
/// an offset from the first sample (`+90`, `+90s`, `+15m`, `+2h`, `+1d`).
enum TimeBound: Sendable, Hashable {
    case absolute(Double)
    case sinceStart(Double)

    /// Times a trace can have: about ±3 000 years around 1970, or any relative clock within them.
    static let absoluteRange: ClosedRange<Double> = -1e11...1e11
    /// Offsets from the first sample: up to about 31 years.
    static let offsetRange: ClosedRange<Double> = 0...1e9

    /// Parses a command-line value, saying what is wrong with one that is not a time.
    ///
    /// - Throws: `ValidationError` for an unknown unit, a number that is not one, or a time out of range.
    static func parse(_ argument: String) throws -> TimeBound {
        guard argument.hasPrefix("+") else {
            guard let value = Double(argument) else {
                throw ValidationError("not a time: give seconds in the trace's clock (1700000000.5) or +OFFSET (+90, +15m, +2h, +1d)")
            }
            guard absoluteRange.contains(value) else {
                throw ValidationError("a time must be in -1e11…1e11 s (about ±3 000 years around 1970)")
            }
            return .absolute(value)
        }
        var number = argument.dropFirst()
        var unit = 1.0
        if let last = number.last, last.isLetter {
            switch last {
            case "s": unit = 1
            case "m": unit = 60
            case "h": unit = 3600
            case "d": unit = 86_400
            default: throw ValidationError("unknown unit '\(last)' (s, m, h or d)")
            }
            number = number.dropLast()
        }
        guard let value = Double(number) else {
            throw ValidationError("not an offset: give +SECONDS or +N with a unit s, m, h or d (+90, +15m, +2h, +1d)")
        }
        guard offsetRange.contains(value * unit) else {
            throw ValidationError("an offset must be in 0…1e9 s (about 31 years)")
        }
        return .sinceStart(value * unit)
    }

    /// The time in the trace's clock, for a trace starting at `start`.
    func time(start: Double) -> Double {
        switch self {
        case .absolute(let time): time
        case .sinceStart(let offset): start + offset
        }
    }
}
