import Testing
import LocomotionEvaluation

@Suite struct StepCountScoreTests {
    @Test("error and percentage error, none without true steps")
    func score() {
        let score = StepCountScore(trueSteps: 200, countedSteps: 196)
        #expect(score.error == -4)
        #expect(score.percentError == -2)
        #expect(StepCountScore(trueSteps: 0, countedSteps: 3).percentError == nil)
    }
}
