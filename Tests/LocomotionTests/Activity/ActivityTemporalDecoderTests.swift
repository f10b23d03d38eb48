import Foundation
import Testing
@_spi(Tuning) @testable import Locomotion

/// The temporal model's decoder against an exhaustive search over every segmentation of short random inputs, and
/// its streaming (lagged) decisions against full smoothing.
@Suite("ActivityTemporalDecoder (hidden-state model)")
struct ActivityTemporalDecoderTests {
    /// A small deterministic generator (the tests must not depend on the system's random source).
    struct Generator {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    static let classes = ActivityTemporalDecoder.classes

    /// Random evidence: mostly one class at a time (runs of a few hops), with noise, as windows give it.
    static func evidence(count: Int, seed: UInt64) -> [SIMD8<Double>] {
        var generator = Generator(state: seed)
        var current = 0
        return (0..<count).map { _ in
            if generator.next() < 0.25 { current = Int(generator.next() * 6) % 6 }
            var e = SIMD8<Double>(repeating: 0)
            e[current] = 0.5 + generator.next()
            e[Int(generator.next() * 6) % 6] += generator.next() * 0.8
            return e
        }
    }

    /// Every hop's decided class: added one by one, decided as the decoder allows, flushed at the end; and which
    /// decisions the lag forced.
    static func decode(_ evidence: [SIMD8<Double>], durations: [Int], switchCost: Double, lag: Int?,
                       snapshotAt cut: Int? = nil) throws -> (classes: [Int], forced: Int, forcedHops: [Bool]) {
        var decoder = ActivityTemporalDecoder(durations: durations, switchCost: switchCost, lag: lag, silentCapacity: 4)
        var decided: [Int] = []
        var forcedHops: [Bool] = []
        for (index, e) in evidence.enumerated() {
            if index == cut {
                decoder = try JSONDecoder().decode(ActivityTemporalDecoder.self, from: JSONEncoder().encode(decoder))
            }
            decoder.add(e)
            var before = decoder.forcedDecisions
            while let c = decoder.decideOldest() {
                decided.append(c)
                forcedHops.append(decoder.forcedDecisions > before)
                before = decoder.forcedDecisions
            }
        }
        let forced = decoder.forcedDecisions
        while let c = decoder.decideOldest(force: true) {
            decided.append(c)
            forcedHops.append(false)
        }
        return (decided, forced, forcedHops)
    }

    /// Whether a class sequence is a path of the model: allowed changes, and every segment but the first and the
    /// last (the input may start or end inside one) at least its class's duration.
    static func isValid(_ path: [Int], durations: [Int]) -> Bool {
        var runs: [(c: Int, length: Int)] = []
        for c in path {
            if let last = runs.last, last.c == c { runs[runs.count - 1].length += 1 } else { runs.append((c, 1)) }
        }
        for (a, b) in zip(runs, runs.dropFirst()) where !ActivityTemporalDecoder.allows(from: classes[a.c], to: classes[b.c]) {
            return false
        }
        return runs.dropFirst().dropLast().allSatisfy { $0.length >= durations[$0.c] }
    }

    static func score(_ path: [Int], _ evidence: [SIMD8<Double>], switchCost: Double) -> Double {
        var total = 0.0
        for (index, c) in path.enumerated() {
            total += evidence[index][c]
            if index > 0 && path[index - 1] != c { total -= switchCost }
        }
        return total
    }

    /// The best score over every class sequence (6ⁿ of them).
    static func exhaustiveBest(_ evidence: [SIMD8<Double>], durations: [Int], switchCost: Double) -> Double {
        var best = -Double.infinity
        var path = [Int](repeating: 0, count: evidence.count)
        func visit(_ index: Int) {
            if index == evidence.count {
                if isValid(path, durations: durations) { best = max(best, score(path, evidence, switchCost: switchCost)) }
                return
            }
            for c in 0..<6 {
                path[index] = c
                visit(index + 1)
            }
        }
        visit(0)
        return best
    }

    @Test(arguments: 0..<12)
    func fullSmoothingFindsTheBestSegmentation(seed: Int) throws {
        let durations = [2, 1, 1, 3, 3, 2]
        let evidence = Self.evidence(count: 7, seed: UInt64(seed) + 1)
        let path = try Self.decode(evidence, durations: durations, switchCost: 0.7, lag: nil).classes
        #expect(path.count == evidence.count)
        #expect(Self.isValid(path, durations: durations), "\(path)")
        let best = Self.exhaustiveBest(evidence, durations: durations, switchCost: 0.7)
        #expect(abs(Self.score(path, evidence, switchCost: 0.7) - best) < 1e-9, "\(path)")
    }

    @Test(arguments: [0, 1, 3, 10, 20])
    func laggedDecisionsEqualFullSmoothingUnlessForced(lag: Int) throws {
        let durations = [4, 3, 3, 10, 15, 10]
        var differing = 0
        for seed in 1...20 {
            let evidence = Self.evidence(count: 300, seed: UInt64(seed))
            let full = try Self.decode(evidence, durations: durations, switchCost: 3, lag: nil)
            let lagged = try Self.decode(evidence, durations: durations, switchCost: 3, lag: lag)
            #expect(full.forced == 0)
            #expect(lagged.classes.count == evidence.count)
            // A hop decided because every path agreed on it is what full smoothing decides there; only a decision
            // the lag forced (the best path so far) can differ.
            for (index, forced) in lagged.forcedHops.enumerated() where !forced {
                #expect(lagged.classes[index] == full.classes[index], "seed \(seed), hop \(index)")
            }
            if lagged.forced == 0 {
                #expect(lagged.classes == full.classes, "seed \(seed): no forced decision, so the same path")
            } else if lagged.classes != full.classes {
                differing += 1
            }
        }
        // With no lag every decision is forced; the decisions can then differ from full smoothing (they do here).
        if lag == 0 { #expect(differing > 0) }
    }

    /// A change that needs more evidence than the lag holds — walking, then a ride on weak evidence, with no stop
    /// in the input, so the path must pay two changes (into a stop and into the ride) — is still made: forced
    /// decisions do not steer the model, so the ride is decided a little late, not never.
    @Test(arguments: [1, 5, 10, 20])
    func aChangeNeedingMoreThanTheLagIsStillMade(lag: Int) throws {
        var evidence: [SIMD8<Double>] = []
        for (c, length, weight) in [(1, 60, 1.5), (4, 300, 0.5)] {
            for _ in 0..<length {
                var e = SIMD8<Double>(repeating: 0)
                e[c] = weight
                evidence.append(e)
            }
        }
        let durations = [4, 3, 3, 10, 15, 10]
        let full = try Self.decode(evidence, durations: durations, switchCost: 8, lag: nil).classes
        let lagged = try Self.decode(evidence, durations: durations, switchCost: 8, lag: lag).classes
        // Full smoothing: walking, a stop of its minimum duration, the ride.
        #expect(full.prefix(56) == ArraySlice(repeating: 1, count: 56))
        #expect(full.suffix(290) == ArraySlice(repeating: 4, count: 290))
        // Lagged: the ride is decided once its evidence has paid for both changes (2 × 8 / 0.5 = 32 hops), and
        // kept from then on.
        let firstRide = try #require(lagged.firstIndex(of: 4))
        #expect(firstRide <= 60 + 40, "ride decided from hop \(firstRide)")
        #expect(lagged[firstRide...].allSatisfy { $0 == 4 })
    }

    @Test func aLagCoveringTheHorizonDecidesAsFullSmoothing() throws {
        // Clear segments, each longer than its duration: paths agree within a few hops, nothing is forced.
        var evidence: [SIMD8<Double>] = []
        for (c, length) in [(0, 30), (1, 40), (0, 8), (4, 120), (0, 20), (1, 25)] {
            for _ in 0..<length {
                var e = SIMD8<Double>(repeating: 0)
                e[c] = 1
                evidence.append(e)
            }
        }
        let durations = [4, 3, 3, 10, 15, 10]
        let full = try Self.decode(evidence, durations: durations, switchCost: 3, lag: nil)
        // A lag well beyond the longest minimum duration (15 hops): the paths agree before it runs out almost
        // everywhere, and the few decisions it forces are the ones full smoothing makes.
        let lagged = try Self.decode(evidence, durations: durations, switchCost: 3, lag: 30)
        #expect(lagged.forced <= evidence.count / 20)
        #expect(lagged.classes == full.classes)
        // A shorter one cannot: a ride entered up to 15 hops ago is still a live path, so decisions are forced.
        let short = try Self.decode(evidence, durations: durations, switchCost: 3, lag: 10)
        #expect(short.forced > lagged.forced)
        // walking → automotive only through the 8 hops of stillness; each segment as given.
        #expect(full.classes == evidence.map { e in (0..<6).first { e[$0] == 1 }! })
    }

    @Test func walkingAndDrivingNeverTouch() throws {
        // Walking, then vehicle evidence with no stop between: the model inserts a stop (or unknown) of at least
        // its minimum duration rather than switching directly.
        var evidence: [SIMD8<Double>] = []
        for (c, length) in [(1, 40), (4, 60)] {
            for _ in 0..<length {
                var e = SIMD8<Double>(repeating: 0)
                e[c] = 1
                evidence.append(e)
            }
        }
        let path = try Self.decode(evidence, durations: [4, 3, 3, 10, 15, 10], switchCost: 3, lag: nil).classes
        #expect(!zip(path, path.dropFirst()).contains { ($0 == 1 && $1 == 4) || ($0 == 4 && $1 == 1) }, "\(path)")
        #expect(path.contains(0) || path.contains(5))
    }

    /// Streaming with lags far too short for the model's horizon (forced decisions everywhere): the reported
    /// activities still never change between walking and a ride without a stop or `unknown` between, and the ride
    /// is reported. (The ride's vibration, |a| deviation ~0.035 g, gives medium-confidence windows: above twice
    /// the stillness threshold.)
    @Test(arguments: [0.0, 1, 3, 10])
    func reportedChangesAreAllowedWhateverTheLag(lag: Double) {
        var motion = SyntheticMotion(seed: 31)
        let samples = motion.gait(from: 0, duration: 60, cadence: 1.9, amplitude: 0.3)
            + motion.vibration(from: 60.02, duration: 120, level: 0.06) + motion.gait(from: 180.04, duration: 60, cadence: 1.9, amplitude: 0.3)
        var configuration = ActivityClassifier.Configuration()
        configuration.temporal.lag = lag
        let updates = ActivityClassifier.updates(of: samples, configuration: configuration, smoothing: .lagged)
        for (a, b) in zip(updates, updates.dropFirst()) {
            #expect(ActivityTemporalDecoder.allows(from: a.activity, to: b.activity), "\(a) → \(b)")
        }
        #expect(updates.contains { $0.activity == .automotive && $0.start < 100 }, "\(updates)")
        #expect(updates.last?.activity == .walking, "\(updates)")
    }

    @Test(arguments: [17, 100, 181, 250])
    func snapshotAndRestoreIsAnUninterruptedRun(cut: Int) throws {
        let evidence = Self.evidence(count: 300, seed: 99)
        let durations = [4, 3, 3, 10, 15, 10]
        for lag in [nil, 10] as [Int?] {
            let straight = try Self.decode(evidence, durations: durations, switchCost: 3, lag: lag)
            let restored = try Self.decode(evidence, durations: durations, switchCost: 3, lag: lag, snapshotAt: cut)
            #expect(straight.classes == restored.classes)
            #expect(straight.forced == restored.forced)
        }
    }

    @Test func laggedMemoryIsFixed() {
        var decoder = ActivityTemporalDecoder(durations: [4, 3, 3, 10, 15, 10], switchCost: 3, lag: 10, silentCapacity: 16)
        let words = decoder.historyWords
        for e in Self.evidence(count: 2000, seed: 5) {
            decoder.add(e)
            while decoder.decideOldest() != nil {}
            #expect(decoder.pending <= 11)
        }
        #expect(decoder.historyWords == words)
    }
}
