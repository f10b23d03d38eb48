import Foundation
@_spi(Tuning) import Locomotion
import Testing
@testable import LocomotionIO
import LocomotionTestSupport

/// `--config` files: every value checked against its parameter, every problem located by line and column
/// and named by its key path.
@Suite struct ConfigurationFileTests {
    typealias Classifier = ActivityClassifier.Configuration

    private func parse(_ text: String) throws(InputError) -> Classifier {
        try ConfigurationFile.parse(Array(text.utf8), file: "c.json", over: Classifier())
    }

    /// The message of the error `text` gives (`file:line:column: problem`).
    private func message(_ text: String) -> String {
        do {
            _ = try parse(text)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test func readsAnySubsetNestedGroupsAndIntervals() throws {
        let configuration = try parse("""
            \u{FEFF}{
              "maximumGap": 3,
              "minimumDuration": {"automotive": 30},
              "gaitCadence": [1.0, 3.6],
              "speedMaximumAccuracy": 1e2
            }
            """)
        var expected = Classifier()
        expected.maximumGap = 3
        expected.minimumDuration.automotive = 30
        expected.gaitCadence = 1.0...3.6
        expected.speedMaximumAccuracy = 100
        #expect(configuration == expected)
        #expect(try parse("{}") == Classifier())
    }

    @Test func valuesOutOfRangeNameTheKeyTheRangeAndThePlace() {
        #expect(message(#"{"sampleRate": 1e308}"#) == "c.json:1:16: `sampleRate` must be in 5…200 Hz, not 1e308")
        #expect(message("{\n  \"windowDuration\": 1e300\n}") == "c.json:2:21: `windowDuration` must be in 1…30 s, not 1e300")
        #expect(message(#"{"maximumGap": 1e400}"#) == "c.json:1:16: `maximumGap` must be in 0.01…3600 s, not 1e400")
        #expect(message(#"{"maximumGap": -0.0}"#).contains("must be in 0.01…3600 s, not -0.0"))
        #expect(message(#"{"minimumDuration": {"walking": -5}}"#)
                == "c.json:1:33: `minimumDuration.walking` must be in 0…3600 s, not -5")
        #expect(message(#"{"gaitCadence": [3.4, 1.2]}"#).contains("`gaitCadence` must be two numbers [low, high] with low < high"))
        #expect(message(#"{"gaitCadence": [1.2]}"#).contains("`gaitCadence` must be two numbers [low, high], both in 0.1…10 Hz, not [1.2]"))
        #expect(message(#"{"maximumGap": "3"}"#) == "c.json:1:16: `maximumGap` must be a number in 0.01…3600 s, not \"3\"")
        #expect(message(#"{"maximumGap": null}"#).hasSuffix("not null"))
    }

    @Test func unknownKeysAreRefusedWithTheKnownOnes() {
        let top = message(#"{"sampelRate": 20}"#)
        #expect(top.hasPrefix("c.json:1:2: unknown key `sampelRate` (known: sampleRate, windowDuration, "))
        #expect(top.contains("minimumDuration.…"))
        #expect(message(#"{"minimumDuration": {"walkng": 3}}"#) == "c.json:1:22: unknown key `minimumDuration.walkng` "
                + "(known in `minimumDuration`: stationary, walking, running, cycling, automotive, unknown)")
        #expect(message(#"{"minimumDuration": 3}"#).contains("`minimumDuration` is a group of parameters"))
        #expect(message(#"{"maximumGap": 2, "maximumGap": 3}"#) == "c.json:1:19: `maximumGap` is given twice")
    }

    @Test func relationsAreCheckedOnceEverythingIsSet() {
        #expect(message(#"{"windowDuration": 1, "sampleRate": 5}"#)
                == "c.json: windowDuration, sampleRate: a window (windowDuration × sampleRate = 5.0 samples) must hold at least 8 samples")
    }

    @Test(arguments: [
        ("", "1:1: not valid JSON: the file ends where a value was expected"),
        ("[1]", "1:1: a configuration is a JSON object"),
        (#"{"a": 1,}"#, "1:9: not valid JSON: expected a key in double quotes, found '}'"),
        ("{\n\"maximumGap\" 3}", "2:14: not valid JSON: expected ':' after the key \"maximumGap\""),
        (#"{"maximumGap": 3"#, "1:17: not valid JSON: the file ends inside an object"),
        (#"{"maximumGap": 03}"#, "not valid JSON: a number may not have leading zeros"),
        (#"{"maximumGap": NaN}"#, "1:16: not valid JSON: unexpected 'N' where a value was expected"),
        (#"{"maximumGap": 3} x"#, "1:19: not valid JSON: unexpected 'x' after the end"),
        ("{\"maximumGap\": 1,\n\"a\u{0}\": 2}", "2:3: not valid JSON: a control character (byte 0x0) inside a string"),
        ("{\"é\": 1, \"b\" 2}", "1:14: not valid JSON: expected ':'"),
        (String(repeating: "[", count: 40), "not valid JSON: nested deeper than 32 levels"),
    ])
    func syntaxErrorsAreLocated(text: String, expected: String) {
        #expect(message(text).contains(expected), "\(message(text))")
    }

    @Test func oversizedFilesDevicesAndFoldersAreRefusedUnread() {
        let big = temporaryFile("{\"maximumGap\": 3" + String(repeating: " ", count: ConfigurationFile.maximumSize) + "}", name: "c.json")
        #expect { try ConfigurationFile.read(path: big, over: Classifier()) } throws: { error in
            "\(error)".hasSuffix("larger than 1048576 bytes, too large for a configuration file")
        }
        #expect { try ConfigurationFile.read(path: "/dev/zero", over: Classifier()) } throws: { error in
            "\(error)" == "/dev/zero: is a device, not a configuration file"
        }
        #expect { try ConfigurationFile.read(path: "/tmp", over: Classifier()) } throws: { error in
            "\(error)" == "/tmp: is a folder, not a configuration file"
        }
        #expect { try ConfigurationFile.read(path: "/no/such.json", over: Classifier()) } throws: { error in
            "\(error)" == "/no/such.json: cannot open: No such file or directory"
        }
    }

    @Test func aPipeIsReadLikeAFile() throws {
        let path = temporaryPath("fifo.json")
        #expect(mkfifo(path, 0o600) == 0)
        let writer = Thread {
            let handle = FileHandle(forWritingAtPath: path)
            handle?.write(Data(#"{"maximumGap": 2}"#.utf8))
            try? handle?.close()
        }
        writer.start()
        #expect(try ConfigurationFile.read(path: path, over: Classifier()).maximumGap == 2)
    }

    @Test func everyConfigurationReadsTheSameWay() throws {
        let steps = try ConfigurationFile.parse(Array(#"{"periodicityLags": [0.25, 1.5], "bandOrder": 4}"#.utf8),
                                                file: "s.json", over: StepDetector.Configuration())
        #expect(steps.periodicityLags == 0.25...1.5 && steps.bandOrder == 4)
        #expect(throws: InputError.self) {
            try ConfigurationFile.parse(Array(#"{"bandOrder": 2.5}"#.utf8), file: "s.json", over: StepDetector.Configuration())
        }
        let gate = try ConfigurationFile.parse(Array(#"{"immediateEntryConfidence": "none", "wakesOnDeparture": false}"#.utf8),
                                               file: "g.json", over: RecordingGate.Configuration())
        #expect(gate.immediateEntryConfidence == nil && !gate.wakesOnDeparture)
    }
}
