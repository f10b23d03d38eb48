/// The hidden-state model of the temporal layer: a Viterbi decoder over one hop of evidence at a time, whose
/// states encode the physics and habits of activities (`Docs/activity.md`, *Temporal model*).
///
/// Each class c (stationary, walking, running, cycling, automotive, unknown) is a chain of `D(c)` states: entering
/// c starts at its first state, each hop moves one state on, and only the last ("settled") state may stay or leave —
/// so a segment lasts at least its minimum duration. Leaving costs `switchCost`; some changes are not allowed at all
/// (on foot or cycling ↔ automotive: a ride starts and ends with a stop). A hop adds the evidence of its window to
/// every state of each class. The best path is the segmentation that explains the evidence best for the fewest
/// changes.
///
/// Decisions. Every state keeps the classes of its best path over the undecided hops ("register exchange", four
/// bits a hop). The oldest undecided hop is decided as soon as every live state's path agrees on it — exactly what
/// the best path over the whole input will say there, whatever comes later. With a bounded `lag`, a hop still
/// undecided after `lag` newer hops is decided by the best path so far (fixed-lag smoothing): only such forced
/// decisions can differ from full smoothing. They do not steer the model (it keeps the best explanation of all the
/// evidence), so a forced decision that later evidence contradicts is not repeated: the next hops follow the better
/// path. A gap or the end of the input decides everything before it on the evidence so far, the same way.
///
/// Cost per hop: O(states × w) with states = Σ D(c) (45 by default) and w the history words holding the
/// undecided hops (1 while fewer than 16 are undecided; at most 3 with the default lag); no allocation with a
/// bounded lag (full smoothing grows the history while hops stay undecided). Measured in `Docs/benchmarks.md`.
struct ActivityTemporalDecoder: Sendable, Hashable, Codable {
    /// The classes in state order.
    static let classes: [MotionActivity] = [.stationary, .walking, .running, .cycling, .automotive, .unknown]
    static let classCount = 6

    /// The index of `activity` in `classes`.
    @inline(__always)
    static func index(of activity: MotionActivity) -> Int {
        switch activity {
        case .stationary: 0
        case .walking: 1
        case .running: 2
        case .cycling: 3
        case .automotive: 4
        case .unknown: 5
        }
    }

    /// Whether the model lets `to` follow `from` directly. A ride (automotive) starts and ends with a stop or an
    /// unknown stretch: nobody walks, runs or pedals straight into or out of a moving vehicle.
    static func allows(from: MotionActivity, to: MotionActivity) -> Bool {
        if from == to { return false }
        let ride: (MotionActivity) -> Bool = { $0 == .automotive }
        let selfPropelled: (MotionActivity) -> Bool = { $0 == .walking || $0 == .running || $0 == .cycling }
        return !(ride(from) && selfPropelled(to) || selfPropelled(from) && ride(to))
    }

    /// The score of a state no path reaches. Finite, so that the state encodes as JSON (a snapshot): adding
    /// evidence or renormalising never brings it near a real score (|score| stays within a few thousand).
    private static let unreachable = -Double.greatestFiniteMagnitude

    @inline(__always)
    private static func isReachable(_ score: Double) -> Bool { score > unreachable / 2 }

    private static let bitsPerHop = 4
    private static let hopsPerWord = 64 / bitsPerHop

    // MARK: Structure (from the configuration)

    /// Chain length (hops) of each class, ≥ 1.
    private let chain: [Int]
    /// Index of the first state of each class.
    private let first: [Int]
    private let stateCount: Int
    private let switchCost: Double
    /// Bit `from * 8 + to` set when `to` may follow `from`.
    private let allowedMask: UInt64
    /// Hops of evidence after which an undecided hop is forced; nil: never (full smoothing).
    let lag: Int?

    // MARK: State

    /// Score of the best path ending in each state (the best is 0 after each hop; `unreachable`: no path).
    private var score: [Double]
    private var nextScore: [Double]
    /// Classes of each state's best path over the undecided hops, newest in the lowest four bits of word 0.
    private var history: [UInt64]
    private var nextHistory: [UInt64]
    /// Words of history per state.
    private var words: Int
    /// Undecided hops, and how many of them (the oldest) are silent (stepped through a gap without evidence).
    private(set) var pending = 0
    private(set) var silentPending = 0
    /// Decisions forced by the lag before the paths agreed (the only ones that can differ from full smoothing).
    private(set) var forcedDecisions = 0

    /// A decoder for chains of `durations` hops (in `classes` order), changes costing `switchCost`, deciding every
    /// hop after at most `lag` newer hops of evidence (nil: full smoothing). `silentCapacity` is the largest number
    /// of silent hops a gap adds before evidence resumes.
    init(durations: [Int], switchCost: Double, lag: Int?, silentCapacity: Int) {
        precondition(durations.count == Self.classCount)
        chain = durations.map { max(1, $0) }
        var first: [Int] = []
        var next = 0
        for length in chain {
            first.append(next)
            next += length
        }
        self.first = first
        stateCount = next
        self.switchCost = switchCost
        var mask: UInt64 = 0
        for (a, from) in Self.classes.enumerated() {
            for (b, to) in Self.classes.enumerated() where Self.allows(from: from, to: to) {
                mask |= 1 << UInt64(a * 8 + b)
            }
        }
        allowedMask = mask
        self.lag = lag.map { max(0, $0) }
        // Positions needed: the undecided hops (lag + silent ones) plus the hop being added.
        let positions = (self.lag ?? 0) + max(0, silentCapacity) + 2
        words = (positions + Self.hopsPerWord - 1) / Self.hopsPerWord
        score = Array(repeating: Self.unreachable, count: stateCount)
        nextScore = score
        history = Array(repeating: 0, count: stateCount * words)
        nextHistory = history
        restart()
    }

    /// Forgets the past: every class may begin now, with no minimum duration for the segment in progress (the input
    /// may start in the middle of an activity). Undecided hops must have been flushed.
    mutating func restart() {
        for state in 0..<stateCount { score[state] = Self.unreachable }
        for c in 0..<Self.classCount { score[first[c] + chain[c] - 1] = 0 }
        for index in history.indices { history[index] = 0 }
        pending = 0
        silentPending = 0
    }

    @inline(__always)
    private func allowed(_ from: Int, _ to: Int) -> Bool { allowedMask & (1 << UInt64(from * 8 + to)) != 0 }

    @inline(__always)
    private func settled(_ c: Int) -> Int { first[c] + chain[c] - 1 }

    /// The class state `state`'s path has `position` hops before the newest (0: the newest).
    @inline(__always)
    private func classAt(_ state: Int, _ position: Int) -> Int {
        let word = history[state * words + position / Self.hopsPerWord]
        return Int((word >> UInt64((position % Self.hopsPerWord) * Self.bitsPerHop)) & 0xF)
    }

    /// Adds one hop whose window gave `evidence[c]` for each class c (in `classes` order; larger is more likely).
    /// A `silent` hop (stepped through a gap) has no evidence and does not count towards the lag. Then call
    /// `decideOldest()` until it returns nil. O(states × words).
    mutating func add(_ evidence: SIMD8<Double>, silent: Bool = false) {
        if pending + 1 >= words * Self.hopsPerWord { grow() }
        step(evidence)
        pending += 1
        if silent { silentPending += 1 }
    }

    /// Decides the oldest undecided hop and returns its class: when every live path agrees on it, when more than
    /// `lag` hops of evidence are undecided, or (`force`: a gap or the end of the input) by the best path so far.
    ///
    /// A forced decision keeps the paths that disagree with it: the model goes on tracking the best explanation of
    /// all the evidence, so a change whose switch costs the lag was too short to pay for is still found later.
    /// (Dropping them would keep every decision consistent with every forced one, but a change needing more than
    /// the lag's worth of evidence — walking into a ride through a stop, on weak evidence — would then never be
    /// made.) The caller reconciles a later decision that may not follow a forced one directly
    /// (`allows(from:to:)`). Nil when no hop is undecided, or the oldest one cannot be decided yet. O(states).
    mutating func decideOldest(force: Bool = false) -> Int? {
        guard pending > 0 else { return nil }
        let position = pending - 1
        var decided = agreedClass(at: position)
        if decided == nil {
            let late = lag.map { pending - silentPending > $0 } ?? false
            if force || late {
                decided = classAt(bestState(), position)
                if late && !force { forcedDecisions += 1 }
            }
        }
        guard let decided else { return nil }
        pending -= 1
        // Silent hops are always the oldest undecided ones (a gap decides everything before it).
        if silentPending > 0 { silentPending -= 1 }
        return decided
    }

    /// The class of the best path's newest hop (nil before any hop): what the model would say now.
    var currentClass: Int? {
        pending > 0 ? classAt(bestState(), 0) : nil
    }

    // MARK: Internals

    private func bestState() -> Int {
        var best = 0
        for state in 1..<stateCount where score[state] > score[best] { best = state }
        return best
    }

    /// The class every live state's path has at `position`, or nil when they differ.
    private func agreedClass(at position: Int) -> Int? {
        let word = position / Self.hopsPerWord, shift = UInt64((position % Self.hopsPerWord) * Self.bitsPerHop)
        let words = self.words
        return score.withUnsafeBufferPointer { score in
            history.withUnsafeBufferPointer { history in
                var agreed = -1
                // Wrapping index arithmetic: `state × words + word` is within the history (checked at creation).
                for state in 0..<score.count where Self.isReachable(score[state]) {
                    let c = Int((history[state &* words &+ word] >> shift) & 0xF)
                    if agreed < 0 {
                        agreed = c
                    } else if c != agreed {
                        return nil
                    }
                }
                return agreed < 0 ? nil : agreed
            }
        }
    }

    /// One Viterbi step: every state's best predecessor, its history shifted by one hop, plus the evidence.
    /// Runs on raw buffers (one step per hop touches 45 scores and 45 × `words` history words: bounds and
    /// uniqueness checks would cost more than the arithmetic); the operations and their order are those of the
    /// plain formulation, so the results are the same bit for bit.
    private mutating func step(_ evidence: SIMD8<Double>) {
        // The outputs are taken out of `self` for the step, so that writing them needs no exclusive access to it.
        var nextScore: [Double] = []
        var nextHistory: [UInt64] = []
        swap(&nextScore, &self.nextScore)
        swap(&nextHistory, &self.nextHistory)
        let words = self.words, switchCost = self.switchCost, allowedMask = self.allowedMask
        // Only the words that hold the undecided hops are shifted: after this step positions 0...pending are
        // read, and each of them comes from a position the previous steps kept correct (pending grows by one
        // hop a step at most). The words beyond hold stale bits that nothing reads.
        let active = Swift.min(words, pending / Self.hopsPerWord + 1)
        let unreachable = Self.unreachable
        var best = unreachable
        first.withUnsafeBufferPointer { first in
        chain.withUnsafeBufferPointer { chain in
        score.withUnsafeBufferPointer { score in
        history.withUnsafeBufferPointer { history in
        nextScore.withUnsafeMutableBufferPointer { nextScore in
        nextHistory.withUnsafeMutableBufferPointer { nextHistory in
            // Index arithmetic below wraps instead of trapping: every index is a state (< stateCount) or a word of
            // one (< stateCount × words), both checked when the decoder was made or decoded.
            @inline(__always)
            func set(_ state: Int, from predecessor: Int, score value: Double, class c: Int) {
                nextScore[state] = value
                let source = predecessor &* words, target = state &* words
                if active == 1 {
                    nextHistory[target] = (history[source] << UInt64(Self.bitsPerHop)) | UInt64(c)
                    return
                }
                var carry = UInt64(c)
                var w = 0
                while w < active {
                    let word = history[source &+ w]
                    nextHistory[target &+ w] = (word << UInt64(Self.bitsPerHop)) | carry
                    carry = word >> UInt64(64 - Self.bitsPerHop)
                    w &+= 1
                }
            }
            // The settled (last) state of each class.
            var settledState = SIMD8<Int>(repeating: 0)
            for a in 0..<Self.classCount { settledState[a] = first[a] &+ chain[a] &- 1 }
            for c in 0..<Self.classCount {
                // The best settled state of another class that may be left for c (the first of equals, in class
                // order).
                var entryScore = unreachable
                var entryFrom = -1
                for a in 0..<Self.classCount where a != c && allowedMask & (1 << UInt64(a &* 8 &+ c)) != 0 {
                    let candidate = score[settledState[a]]
                    if Self.isReachable(candidate) && candidate > entryScore {
                        entryScore = candidate
                        entryFrom = a
                    }
                }
                if entryFrom >= 0 { entryScore -= switchCost }
                let base = first[c], length = chain[c], e = evidence[c]
                let entrySettled = entryFrom >= 0 ? settledState[entryFrom] : -1
                if length == 1 {
                    let stay = score[base]
                    if stay >= entryScore || entryFrom < 0 {
                        set(base, from: base, score: stay + e, class: c)
                    } else {
                        set(base, from: entrySettled, score: entryScore + e, class: c)
                    }
                } else {
                    if entryFrom < 0 {
                        set(base, from: base, score: unreachable, class: c)
                    } else {
                        set(base, from: entrySettled, score: entryScore + e, class: c)
                    }
                    // The states inside the chain: each comes from the one before it.
                    let last = base &+ length &- 1
                    var state = base &+ 1
                    if active == 1 {
                        let tag = UInt64(c)
                        while state < last {
                            nextScore[state] = score[state &- 1] + e
                            nextHistory[state &* words] = (history[(state &- 1) &* words] << UInt64(Self.bitsPerHop)) | tag
                            state &+= 1
                        }
                    } else {
                        while state < last {
                            set(state, from: state &- 1, score: score[state &- 1] + e, class: c)
                            state &+= 1
                        }
                    }
                    let stay = score[last], arrive = score[last &- 1]
                    if stay >= arrive {
                        set(last, from: last, score: stay + e, class: c)
                    } else {
                        set(last, from: last &- 1, score: arrive + e, class: c)
                    }
                }
                for state in base..<(base + length) where nextScore[state] > best { best = nextScore[state] }
            }
        }}}}}}
        // Keep the best path at 0 so that scores never grow with the input's length.
        nextScore.withUnsafeBufferPointer { nextScore in
            score.withUnsafeMutableBufferPointer { score in
                for state in 0..<nextScore.count {
                    let value = nextScore[state]
                    score[state] = Self.isReachable(value) ? value - best : unreachable
                }
            }
        }
        // The shifted histories become the current ones; the old ones are the next step's output buffer.
        swap(&self.nextHistory, &nextHistory)
        swap(&history, &self.nextHistory)
        swap(&self.nextScore, &nextScore)
    }

    /// Words of history kept per state (grows only with full smoothing).
    var historyWords: Int { words }

    /// Full smoothing only: room for more undecided hops (allocates).
    private mutating func grow() {
        let wider = words + 1
        var widened = Array(repeating: UInt64(0), count: stateCount * wider)
        for state in 0..<stateCount {
            for w in 0..<words { widened[state * wider + w] = history[state * words + w] }
        }
        history = widened
        nextHistory = widened
        words = wider
    }
}

extension ActivityTemporalDecoder {
    private enum CodingKeys: String, CodingKey {
        case chain, first, stateCount, switchCost, allowedMask, lag, score, nextScore, history, nextHistory, words
        case pending, silentPending, forcedDecisions
    }

    /// - Throws: `DecodingError.dataCorrupted` when the structure is inconsistent (chains, first states, array
    ///   sizes, undecided hops beyond the history), so that a damaged snapshot cannot make the decoder trap.
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        chain = try c.decode([Int].self, forKey: .chain)
        first = try c.decode([Int].self, forKey: .first)
        stateCount = try c.decode(Int.self, forKey: .stateCount)
        switchCost = try c.decode(Double.self, forKey: .switchCost)
        allowedMask = try c.decode(UInt64.self, forKey: .allowedMask)
        lag = try c.decodeIfPresent(Int.self, forKey: .lag)
        score = try c.decode([Double].self, forKey: .score)
        nextScore = try c.decode([Double].self, forKey: .nextScore)
        history = try c.decode([UInt64].self, forKey: .history)
        nextHistory = try c.decode([UInt64].self, forKey: .nextHistory)
        words = try c.decode(Int.self, forKey: .words)
        pending = try c.decode(Int.self, forKey: .pending)
        silentPending = try c.decode(Int.self, forKey: .silentPending)
        forcedDecisions = try c.decode(Int.self, forKey: .forcedDecisions)
        var expectedFirst: [Int] = []
        var next = 0
        for length in chain {
            expectedFirst.append(next)
            next += length
        }
        guard chain.count == Self.classCount, chain.allSatisfy({ (1...100_000).contains($0) }), first == expectedFirst,
              stateCount == next, words >= 1, words <= 1 << 20, score.count == stateCount, nextScore.count == stateCount,
              history.count == stateCount * words, nextHistory.count == history.count,
              (0..<(words * Self.hopsPerWord)).contains(pending), (0...pending).contains(silentPending),
              switchCost.isFinite, (lag ?? 0) >= 0, score.allSatisfy({ !$0.isNaN }) else {
            throw DecodingError.dataCorruptedError(forKey: .history, in: c, debugDescription:
                "inconsistent decoder state (\(stateCount) states, \(words) words, \(pending) undecided hops)")
        }
    }
}
