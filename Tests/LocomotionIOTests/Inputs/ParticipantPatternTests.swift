import Testing
@testable import LocomotionIO

/// `--participant-from`: the same cases as Integrations/spark/tests/test_units.py, so that the job and the tool
/// group files alike.
@Suite("Participant patterns")
struct ParticipantPatternTests {
    @Test("a pattern reads the participant from the end of the path", arguments: [
        ("{participant}/*.csv", "cohort/P01/2024-03-01.csv", "P01"),
        ("{participant}/*.csv", "P01.csv", nil),
        ("{participant}_*.csv", "raw/P01_2024-03-01.csv", "P01"),
        ("{participant}_*.csv", "raw/sub_01_2024.csv", "sub"),
        ("*_{participant}.csv", "raw/a_b_c.csv", "c"),
        ("sub-{participant}/phone/*.csv", "bids/sub-07/phone/a.csv", "07"),
        ("sub-{participant}/phone/*.csv", "bids/sub-07/watch/a.csv", nil),
        ("/data/{participant}/?.csv", "/data/x/1.csv", "x"),
        ("/data/{participant}/?.csv", "/mnt/data/x/1.csv", nil),
    ] as [(String, String, String?)])
    func matches(pattern: String, path: String, participant: String?) throws {
        #expect(try ParticipantPattern(pattern).participant(in: path) == participant)
    }

    @Test("a pattern needs {participant} exactly once and no empty component")
    func badPatterns() {
        for pattern in ["*.csv", "{participant}/{participant}.csv", "a//{participant}.csv"] {
            #expect(throws: CommandFailure.self) { try ParticipantPattern(pattern) }
        }
    }

    @Test("groups keep the input order; a file is its own participant by default")
    func groups() throws {
        let inputs = ["c/b/1.csv", "c/a/1.csv", "c/b/2.csv"]
        let byFolder = try ParticipantNaming.pattern(ParticipantPattern("{participant}/*.csv")).groups(of: inputs)
        #expect(byFolder == [ParticipantGroup(participant: "b", files: ["c/b/1.csv", "c/b/2.csv"]),
                             ParticipantGroup(participant: "a", files: ["c/a/1.csv"])])
        #expect(try ParticipantNaming.perFile.groups(of: inputs).map(\.participant) == ["1", "1", "2"])
        #expect(try ParticipantNaming.single("p").groups(of: inputs).map(\.files) == [inputs])
        #expect(throws: CommandFailure.self) {
            try ParticipantNaming.pattern(ParticipantPattern("{participant}/x/*.csv")).groups(of: inputs)
        }
        #expect(throws: CommandFailure.self) { try ParticipantNaming.single("a/b").groups(of: inputs) }
    }
}
