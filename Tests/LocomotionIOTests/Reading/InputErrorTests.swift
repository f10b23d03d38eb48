import LocomotionIO
import Testing
import LocomotionTestSupport

/// An input error names the reading option that helps as an app sets it, or as whoever prints it names it.
@Suite struct InputErrorTests {
    @Test func hintsNameReadingOptionsByWhoeverPrintsThem() throws {
        let error = InputError(file: "a.csv", line: 3, column: 2, problem: "bad x",
                               hint: "pass \(ReadingOption.lenient) or \(ReadingOption.units(.metersPerSecondSquared)) (row \(3))")
        #expect(error.description == "a.csv:3:2: bad x (pass lenient: true or units: .metersPerSecondSquared (row 3))")
        #expect(error.description(naming: { "<\($0)>" })
                == "a.csv:3:2: bad x (pass <lenient: true> or <units: .metersPerSecondSquared> (row 3))")
        #expect(try #require(error.hint).options == [.lenient, .units(.metersPerSecondSquared)])
        #expect(InputError(file: "-", problem: "empty", hint: "plain").description == "-: empty (plain)")
    }

    @Test func aStrictReadOfABackwardsRowSuggestsLenientReading() throws {
        let path = temporaryFile("timestamp,x,y,z\n0,0,0,1\n1,0,0,1\n0.5,0,0,1\n")
        let error = try #require(throws: InputError.self) { _ = try Trace.read(path: path) }
        #expect(error.line == 4 && error.hint?.options == [.lenient])
    }
}
