import Testing
@testable import LocomotionIO

@Suite struct MagnitudeEnvelopeTests {
    @Test func keepsTheMinimumAndMaximumOfEachColumn() {
        var envelope = MagnitudeEnvelope(start: 0, end: 10, columnCount: 5)
        for (time, value) in [(0.1, 1.0), (0.5, 3.0), (1.9, 0.5), (2.0, 2.0), (9.99, 7.0), (10.0, 8.0)] {
            envelope.add(value, at: time)
        }
        #expect(envelope.minimum[0] == 0.5 && envelope.maximum[0] == 3.0)
        #expect(envelope.minimum[1] == 2.0 && envelope.maximum[1] == 2.0)
        #expect(envelope.counts == [3, 1, 0, 0, 2])
        #expect(envelope.maximum[4] == 8.0, "the end of the range belongs to the last column")
        #expect(envelope.largestValue == 8.0)
    }

    @Test func ignoresValuesOutsideTheRangeAndNonFinite() {
        var envelope = MagnitudeEnvelope(start: 0, end: 10, columnCount: 5)
        envelope.add(5, at: -0.1)
        envelope.add(5, at: 10.1)
        envelope.add(.nan, at: 5)
        envelope.add(.infinity, at: 5)
        #expect(envelope.counts == [0, 0, 0, 0, 0])
        #expect(envelope.largestValue == nil)
        #expect(envelope.runs(maximumGap: 1).isEmpty)
    }

    @Test func aSinglePeakInALongTraceSurvives() {
        // A day at 50 Hz into 1000 columns: one 6 g spike among 1 g samples must remain the column's maximum.
        var envelope = MagnitudeEnvelope(start: 0, end: 86_400, columnCount: 1000)
        let rate = 50.0
        let spikeIndex = 3_000_017
        for index in stride(from: 2_999_000, to: 3_001_000, by: 1) {
            envelope.add(index == spikeIndex ? 6 : 1, at: Double(index) / rate)
        }
        let column = envelope.column(of: Double(spikeIndex) / rate)!
        #expect(envelope.maximum[column] == 6)
        #expect(envelope.largestValue == 6)
    }

    @Test func runsBreakOnlyAtGapsLongerThanTheLimit() {
        // 1 s columns: samples fill columns 0…6, 8 and 12…19; the holes are 1 and 3 columns wide.
        var envelope = MagnitudeEnvelope(start: 0, end: 20, columnCount: 20)
        for time in stride(from: 0.0, through: 6.0, by: 0.5) { envelope.add(1, at: time) }
        for time in stride(from: 12.0, through: 20.0, by: 0.5) { envelope.add(1, at: time) }
        envelope.add(1, at: 8.2)
        #expect(envelope.runs(maximumGap: 2.5) == [0...8, 12...19])
        #expect(envelope.runs(maximumGap: 3) == [0...19])
        #expect(envelope.runs(maximumGap: 0.5) == [0...6, 8...8, 12...19])
    }
}
