import Testing
import Locomotion
import LocomotionEvaluation

/// Per-second scoring on hand-built labels and segments whose confusion matrix is known.
@Suite struct ActivityScorerTests {
    @Test("a second's truth is its most frequent label (ties: the first seen), its prediction the segment at its middle")
    func secondsAndMiddles() {
        var scorer = ActivityScorer()
        // Second 0: walking ×3, stationary ×1 → walking. Second 1: stationary, walking (a tie) → stationary.
        // Second 2: unknown → counted, not scored. Second 3: running.
        let labels: [(Double, MotionActivity)] = [
            (0, .walking), (0.25, .stationary), (0.5, .walking), (0.75, .walking),
            (1.1, .stationary), (1.6, .walking), (2.5, .unknown), (3.2, .running),
        ]
        for (time, label) in labels { scorer.push(label, at: time) }
        // Middles: 0.5 in walking, 1.5 in stationary, 3.5 outside every segment (predicted unknown).
        let segments = [
            ActivitySegment(start: 0, end: 1.4, activity: .walking, confidence: .high),
            ActivitySegment(start: 1.4, end: 3.0, activity: .stationary, confidence: .medium),
        ]
        let (matrix, unscored) = scorer.score(segments)
        #expect(unscored == 1)
        #expect(matrix.total == 3)
        #expect(matrix.count(truth: .walking, predicted: .walking) == 1)
        #expect(matrix.count(truth: .stationary, predicted: .stationary) == 1)
        #expect(matrix.count(truth: .running, predicted: .unknown) == 1)
    }
}

/// The scores of a confusion matrix from counts whose scores are known.
@Suite struct ActivityConfusionMatrixTests {
    /// Walking: 8 right, 2 called running. Running: 5 right, 1 called walking. Cycling: 4 all called unknown.
    static var matrix: ActivityConfusionMatrix {
        var matrix = ActivityConfusionMatrix()
        matrix.add(truth: .walking, predicted: .walking, count: 8)
        matrix.add(truth: .walking, predicted: .running, count: 2)
        matrix.add(truth: .running, predicted: .running, count: 5)
        matrix.add(truth: .running, predicted: .walking)
        matrix.add(truth: .cycling, predicted: .unknown, count: 4)
        return matrix
    }

    @Test func precisionRecallF1AndAccuracy() throws {
        let matrix = Self.matrix
        #expect(matrix.total == 20)
        #expect(matrix.support(of: .walking) == 10 && matrix.predictions(of: .walking) == 9)
        #expect(matrix.precision(of: .walking) == 8.0 / 9 && matrix.recall(of: .walking) == 0.8)
        let f1 = try #require(matrix.f1(of: .walking))
        #expect(abs(f1 - 2 * (8.0 / 9) * 0.8 / (8.0 / 9 + 0.8)) < 1e-15)
        // Never predicted: no precision; with support, F1 is 0; without support, no recall and no F1.
        #expect(matrix.precision(of: .cycling) == nil && matrix.f1(of: .cycling) == 0)
        #expect(matrix.recall(of: .automotive) == nil && matrix.f1(of: .automotive) == nil)
        #expect(matrix.accuracy == 13.0 / 20)
        #expect(matrix.classesPresent == [.walking, .running, .cycling])
        let macro = try #require(matrix.macroF1())
        let expected = (f1 + matrix.f1(of: .running)! + 0) / 3
        #expect(abs(macro - expected) < 1e-15)
        #expect(ActivityConfusionMatrix().accuracy == nil && ActivityConfusionMatrix().macroF1() == nil)
    }

    @Test func mergeAddsEveryCount() {
        var doubled = Self.matrix
        doubled.merge(Self.matrix)
        #expect(doubled.total == 40 && doubled.count(truth: .walking, predicted: .running) == 4)
        #expect(doubled.accuracy == Self.matrix.accuracy)
    }
}
