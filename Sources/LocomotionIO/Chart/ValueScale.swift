/// A vertical axis from 0 to a round upper bound, with round tick values.
package struct ValueScale: Sendable, Hashable {
    /// Top of the axis (≥ the largest value shown).
    package var upper: Double
    /// Distance between ticks.
    package var step: Double

    /// A scale from 0 reaching at least `largest`, with about `tickCount` ticks at 1, 2, 2.5 or 5 × 10ⁿ.
    package init(covering largest: Double, tickCount: Int = 4) {
        let largest = largest.isFinite && largest > 0 ? largest : 1
        let raw = largest / Double(max(1, tickCount))
        var magnitude = 1.0
        while magnitude * 10 <= raw { magnitude *= 10 }
        while magnitude > raw { magnitude /= 10 }
        let step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        self.step = step
        upper = (largest / step).rounded(.up) * step
    }

    /// The tick values 0, step, …, upper.
    package var ticks: [Double] {
        let count = Int((upper / step).rounded())
        return (0...count).map { Double($0) * step }
    }

    /// A tick label without needless decimals (`0`, `2.5`, `10`).
    package func label(_ value: Double) -> String {
        if step >= 1, value == value.rounded() { return "\(Int(value))" }
        let tenths = (value * 10).rounded() / 10
        if abs(tenths - value) < 1e-9 { return "\(tenths)" }
        return "\((value * 100).rounded() / 100)"
    }
}
