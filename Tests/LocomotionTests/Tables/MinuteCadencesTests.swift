import Testing
@testable import Locomotion
import LocomotionTestSupport

/// The day's cadence metrics from minute step counts, checked against the definitions computed directly.
@Suite struct MinuteCadencesTests {
    private func cadences(_ steps: [Int]) -> MinuteCadences {
        var cadences = MinuteCadences()
        for count in steps { cadences.add(steps: count) }
        return cadences
    }

    /// R's `quantile(x, p)` (type 7) on the sorted values.
    private func type7(_ values: [Int], _ fraction: Double) -> Double {
        let sorted = values.sorted().map(Double.init)
        let position = fraction * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down)), upper = min(lower + 1, sorted.count - 1)
        return sorted[lower] + (position - Double(lower)) * (sorted[upper] - sorted[lower])
    }

    @Test("peaks are the means of the highest minutes, the 95th percentile is R's type 7, bands partition the minutes")
    func metricsMatchTheirDefinitions() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<20 {
            let minutes = (0..<(30 + Int(generator.next() % 900))).map { _ -> Int in
                // A day: mostly zeros, some slow and some brisk minutes, the odd impossible one (clamped).
                switch generator.next() % 10 {
                case 0...5: 0
                case 6, 7: Int(generator.next() % 60)
                case 8: 90 + Int(generator.next() % 40)
                default: generator.next() % 50 == 0 ? 400 : 100 + Int(generator.next() % 30)
                }
            }
            let clamped = minutes.map { min($0, MinuteCadences.maximumCounted) }
            let day = cadences(minutes)
            let descending = clamped.sorted(by: >)
            #expect(day.peak(minutes: 1) == Double(descending[0]))
            #expect(day.peak(minutes: 30) == Double(descending.prefix(30).reduce(0, +)) / 30)
            #expect(abs(day.quantile(0.95)! - type7(clamped, 0.95)) < 1e-9)
            let bounds = MinuteCadences.bandLowerBounds + [Int.max]
            let expected = (0..<8).map { band in clamped.filter { $0 >= bounds[band] && $0 < bounds[band + 1] }.count }
            #expect(day.bandMinutes == expected)
            #expect(day.bandMinutes.reduce(0, +) == minutes.count)
        }
    }

    @Test("too few minutes: no peak of that length; no minute: no percentile, empty bands")
    func fewMinutes() {
        let day = cadences([100, 0, 20])
        #expect(day.peak(minutes: 3) == 40)
        #expect(day.peak(minutes: 30) == nil)
        #expect(MinuteCadences().quantile(0.95) == nil)
        #expect(MinuteCadences().bandMinutes == [0, 0, 0, 0, 0, 0, 0, 0])
    }
}
