import Foundation
import Locomotion
import LocomotionDSP
import Testing
@testable import LocomotionIO
@testable import LocomotionDatasets
import LocomotionTestSupport

/// Median of |a| in g and median sampling rate in Hz of a converted trace.
private func medians(_ trace: Trace) -> (magnitude: Double, rate: Double) {
    let magnitudes = trace.samples.map(\.acceleration.magnitude).sorted()
    let intervals = zip(trace.samples, trace.samples.dropFirst()).map { $1.time - $0.time }.sorted()
    return (magnitudes[magnitudes.count / 2], 1 / intervals[intervals.count / 2])
}

/// Writes the recording and reads it back strictly (unit check on): what a user gets.
private func roundTrip(_ recording: ConvertedRecording, checkUnits: Bool = true) throws -> Trace {
    let path = temporaryPath(recording.name + ".csv")
    try TraceWriter.write(recording.trace, to: path)
    return try Trace.read(path: path, options: .init(checkUnits: checkUnits))
}

@Suite struct USTransportationMode2017Tests {
    static let folder = TestDatasets.folder("us-tm2017").appendingPathComponent("raw").path

    @Test func fileNamesAndLabels() {
        let parsed = USTransportationMode2017.parse(fileName: "sensorfile_Damiano_Car_1485092234910.csv")
        #expect(parsed?.user == "Damiano")
        #expect(parsed?.mode == "Car")
        #expect(parsed?.startMilliseconds == 1_485_092_234_910)
        #expect(USTransportationMode2017.parse(fileName: "sensorfile_x_Flying_1.csv") == nil)
        #expect(USTransportationMode2017.label(mode: "Train") == .automotive)
        #expect(USTransportationMode2017.label(mode: "Still") == .stationary)
    }

    @Test func skipsOtherSensorsAndBadRows() throws {
        let path = temporaryFile("""
            10,android.sensor.light,0.0,3678.0,0.0
            155,android.sensor.accelerometer,-2.767697,3.9360676,7.795521
            -3,android.sensor.accelerometer,0,0,9.8
            1x0,android.sensor.accelerometer,0,0,9.8
            206,android.sensor.accelerometer,-2.719813,3.8786068,8.619126
            206,android.sensor.accelerometer,-2.7,3.8,8.6
            250,android.sensor.gyroscope,1,2,3

            """, name: "sensorfile_u_Walking_1000.csv")
        let recording = try #require(USTransportationMode2017.convert(file: path).first)
        #expect(recording.name == "us-tm2017_u_Walking_1000")
        #expect(recording.trace.samples.map(\.time) == [1.155, 1.206])
        #expect(recording.skippedRowCount == 3)
        #expect(abs(recording.trace.samples[0].acceleration.z - 7.795521 / 9.80665) < 1e-6)
        #expect(recording.trace.labels == [.walking, .walking])
    }

    @Test func keepsTheLoggedSpeedsInFileOrder() throws {
        let path = temporaryFile("""
            12649,speed,13.884155,12.0
            155,android.sensor.accelerometer,-2.767697,3.9360676,7.795521
            -2000,speed,0.5,8.0
            300,speed,fast,8.0
            206,android.sensor.accelerometer,-2.719813,3.8786068,8.619126

            """, name: "sensorfile_u_Car_1474820020900.csv")
        let recording = try #require(USTransportationMode2017.convert(file: path).first)
        // Negative times count from the start by their absolute value, as upstream reads them; a bad row is left out.
        #expect(recording.speeds == [
            LoggedSpeed(time: 1_474_820_033.549, metersPerSecond: 13.884155, accuracy: 12),
            LoggedSpeed(time: 1_474_820_022.9, metersPerSecond: 0.5, accuracy: 8),
        ])
        #expect(recording.trace.samples.count == 2 && recording.skippedRowCount == 0)
        let written = temporaryPath("speeds.csv")
        try LoggedSpeedWriter.write(recording.speeds ?? [], to: written)
        #expect(try String(contentsOfFile: written, encoding: .utf8)
                == "timestamp,speed,accuracy\n1474820033.549,13.884155,12\n1474820022.9,0.5,8\n")
    }

    @Test(.tags(.realData), .enabled(if: TestDatasets.isPresent("us-tm2017"), Comment(rawValue: TestDatasets.absence("us-tm2017"))))
    func realFile() throws {
        let file = Self.folder + "/sensorfile_Damiano_Car_1485092234910.csv"
        let recording = try #require(USTransportationMode2017.convert(file: file).first)
        let trace = try roundTrip(recording)
        #expect(trace.samples.count > 1000)
        #expect(Set(trace.labels!) == [.automotive])
        let (magnitude, rate) = medians(trace)
        #expect(magnitude > 0.9 && magnitude < 1.1)
        #expect(rate > 3 && rate < 25)   // irregular round-robin logging, ≈20 Hz at best
        #expect(trace.samples[0].time > 1_485_092_234)
        #expect(try USTransportationMode2017.inputFiles(in: TestDatasets.folder("us-tm2017").path).count >= 70)
    }
}

@Suite struct OxfordStepCounterTests {
    static let folder = TestDatasets.folder("oxford-step-counter").appendingPathComponent("raw/optimisation/data").path

    @Test func stepsAreRisingEdgesOfEitherFoot() throws {
        let path = temporaryFile("1000000000,0,0\n1100000000,1,0\n1200000000,1,0\n1300000000,0,1\n1400000000,1,1\n",
                                 name: "stepcounter.csv")
        #expect(try OxfordStepCounter.stepTimes(path) == [1.1, 1.3, 1.4])
    }

    @Test(.tags(.realData), .enabled(if: TestDatasets.isPresent("oxford-step-counter"), Comment(rawValue: TestDatasets.absence("oxford-step-counter"))))
    func realTraceMatchesPublishedStepCount() throws {
        // stats.csv: Nexus_Jamie_Hard_InHand_1 has 305 steps in 152 s.
        let file = Self.folder + "/Nexus_Jamie_Hard_InHand_1/accelerometer.csv"
        let recording = try #require(OxfordStepCounter.convert(file: file).first)
        #expect(recording.name == "oxford-step-counter_Nexus_Jamie_Hard_InHand_1")
        #expect(recording.stepTimes?.count == 305)
        let trace = try roundTrip(recording)
        let (magnitude, rate) = medians(trace)
        #expect(magnitude > 0.9 && magnitude < 1.15)
        #expect(rate > 180 && rate < 220)   // Nexus ≈ 199 Hz
        let duration = trace.samples.last!.time - trace.samples.first!.time
        #expect(duration > 140 && duration < 165)
        let walking = trace.labels!.filter { $0 == .walking }.count
        #expect(Double(walking) / Double(trace.samples.count) > 0.9)
        let steps = recording.stepTimes!
        #expect(steps.first! >= trace.samples.first!.time && steps.last! <= trace.samples.last!.time)
    }
}

@Suite struct MobiFallV2Tests {
    @Test func fileNamesAndLabels() {
        #expect(MobiFallV2.parse(fileName: "JOG_acc_2_1.txt")?.code == "JOG")
        #expect(MobiFallV2.parse(fileName: "JOG_gyro_2_1.txt") == nil)
        #expect(MobiFallV2.labels["JOG"] == .running)
        #expect(MobiFallV2.labels["STN"] == .walking)
        #expect(MobiFallV2.labels["CSI"] == .unknown)
    }

    @Test(.tags(.realData), .enabled(if: TestDatasets.isPresent("mobifall-v2"), Comment(rawValue: TestDatasets.absence("mobifall-v2"))))
    func realJoggingFile() throws {
        let file = TestDatasets.folder("mobifall-v2").appendingPathComponent("raw/sub2/ADL/JOG/JOG_acc_2_1.txt").path
        let recording = try #require(MobiFallV2.convert(file: file).first)
        #expect(recording.name == "mobifall-v2_sub2_JOG_1")
        let trace = try roundTrip(recording)
        #expect(Set(trace.labels!) == [.running])
        let (magnitude, rate) = medians(trace)
        #expect(magnitude > 0.6 && magnitude < 1.6)   // running: impacts and flight
        #expect(rate > 85 && rate < 105)              // ≈ 94 Hz
        let duration = trace.samples.last!.time - trace.samples.first!.time
        #expect(duration > 25 && duration < 35)        // 30-s trials
        #expect(trace.samples.count > 2500)
    }
}

extension MobiFallV2Tests {
    @Test(.tags(.realData), .enabled(if: TestDatasets.isPresent("mobifall-v2"), Comment(rawValue: TestDatasets.absence("mobifall-v2"))))
    func continuousJumpingPassesTheUnitCheck() throws {
        // Median |a| ≈ 0.29 g: much of the time in flight. Real data the unit check must accept.
        let file = TestDatasets.folder("mobifall-v2").appendingPathComponent("raw/sub5/ADL/JUM/JUM_acc_5_3.txt").path
        let recording = try #require(MobiFallV2.convert(file: file).first)
        let trace = try roundTrip(recording)
        #expect(medians(trace).magnitude < 0.4)
        #expect(Set(trace.labels!) == [.unknown])
    }
}

@Suite struct GeoTecINITSmartphoneHARTests {
    @Test(.tags(.realData), .enabled(if: TestDatasets.isPresent("geotecinit-sp-har"), Comment(rawValue: TestDatasets.absence("geotecinit-sp-har"))))
    func realExecution() throws {
        let file = TestDatasets.folder("geotecinit-sp-har").appendingPathComponent("raw/DATA/s01/s01_01_sp.csv").path
        let recording = try #require(GeoTecINITSmartphoneHAR.convert(file: file).first)
        #expect(recording.name == "geotecinit-sp-har_s01_01_back_inv")
        let trace = try roundTrip(recording)
        let labels = try #require(trace.labels)
        #expect(Set(labels) == [.stationary, .walking, .unknown])
        // The script starts seated and ends sitting down.
        #expect(labels.first == .stationary)
        #expect(labels.last == .unknown || labels.last == .stationary)
        let (magnitude, rate) = medians(trace)
        #expect(magnitude > 0.9 && magnitude < 1.1)
        #expect(rate > 80 && rate < 120)
        // Duplicate millisecond timestamps are dropped, and counted.
        #expect(recording.skippedRowCount > 0)
        #expect(zip(trace.samples, trace.samples.dropFirst()).allSatisfy { $0.time < $1.time })
    }
}

@Suite struct BasicMotionsTests {
    @Test(.tags(.realData), .enabled(if: TestDatasets.isPresent("basicmotions"), Comment(rawValue: TestDatasets.absence("basicmotions"))))
    func realCasesAreGravityRemoved() throws {
        let file = TestDatasets.folder("basicmotions").appendingPathComponent("raw/BasicMotions_TRAIN.ts").path
        let recordings = try BasicMotions.convert(file: file)
        #expect(recordings.count == 40)
        #expect(recordings.allSatisfy { $0.trace.samples.count == 100 })
        var perLabel: [MotionActivity: Int] = [:]
        for recording in recordings { perLabel[recording.trace.labels![0], default: 0] += 1 }
        #expect(perLabel == [.stationary: 10, .walking: 10, .running: 10, .unknown: 10])
        let standing = try #require(recordings.first { $0.name.hasSuffix("_Standing") })
        // Gravity removed: the unit check refuses it, and it reads with the check off.
        let path = temporaryPath(standing.name + ".csv")
        try TraceWriter.write(standing.trace, to: path)
        #expect(throws: InputError.self) { try Trace.read(path: path) }
        let trace = try roundTrip(standing, checkUnits: false)
        #expect(medians(trace).magnitude < 0.3)
        #expect(abs(medians(trace).rate - 10) < 1e-6)
    }
}

@Suite struct IPOLGaitLowerBackTests {
    static let folder = TestDatasets.folder("ipol-gait-lowerback").appendingPathComponent("raw/GaitData").path

    @Test func fileNames() {
        #expect(IPOLGaitLowerBack.parse(fileName: "10-3_lb.txt") == "10-3")
        #expect(IPOLGaitLowerBack.parse(fileName: "10-3_rf.txt") == nil)
        #expect(IPOLGaitLowerBack.parse(fileName: "a-3_lb.txt") == nil)
        #expect(IPOLGaitLowerBack.parse(fileName: "3_lb.txt") == nil)
    }

    @Test func packetsBecomeTimeAndSwingEndsBecomeSteps() throws {
        let lb = temporaryFile("""
            Acquisition frequency: 100 Hz
            PacketCounter\tAcc_X\tAcc_Y\tAcc_Z\tGyr_X
            0.0\t9.80665\t0\t0\t0
            1.0\t9.80665\t0\t0\t0
            1.0\t9.80665\t0\t0\t0
            5.0\t0\t9.80665\t0\t0
            x\t1\t2\t3\t4

            """, name: "3-2_lb.txt")
        let json = String(lb.dropLast("_lb.txt".count)) + ".json"
        try #"{"Height": NaN, "TrialBoundaries": [1, 4], "LeftFootEvents": [[1, 3]], "RightFootEvents": [[0, 2]]}"#
            .write(toFile: json, atomically: true, encoding: .utf8)
        let recording = try #require(IPOLGaitLowerBack.convert(file: lb).first)
        #expect(recording.name == "ipol-gait-lowerback_3-2")
        #expect(recording.trace.samples.map(\.time) == [0, 0.01, 0.05])   // a hole stays a hole
        #expect(recording.skippedRowCount == 2)                         // the repeated packet, the bad row
        #expect(recording.trace.samples[2].acceleration.y == 1)          // m/s² → g
        #expect(recording.stepTimes == [0.02, 0.03])                     // swing ends, sorted
        #expect(recording.trace.labels == [.stationary, .walking, .stationary])
    }

    @Test func shufflesAfterTheTrialAreStepsButNotTheWalk() throws {
        let rows = (0...9).map { "\($0).0\t9.80665\t0\t0\t0" }.joined(separator: "\n")
        let lb = temporaryFile("h\nh\n" + rows + "\n", name: "4-4_lb.txt")
        let json = String(lb.dropLast("_lb.txt".count)) + ".json"
        // The trial is packets 1…4; a shuffle swings from 5 to 7, after it.
        try #"{"TrialBoundaries": [1, 4], "LeftFootEvents": [[1, 3], [5, 7]], "RightFootEvents": [[2, 4]]}"#
            .write(toFile: json, atomically: true, encoding: .utf8)
        let recording = try #require(IPOLGaitLowerBack.convert(file: lb).first)
        #expect(recording.stepTimes == [0.03, 0.04, 0.07])
        #expect(recording.trace.labels == [.stationary] + Array(repeating: .walking, count: 4)
                + Array(repeating: .unknown, count: 3) + [.stationary, .stationary])
    }

    @Test func missingOrBadMetadataNamesTheFile() throws {
        let lb = temporaryFile("h\nh\n0\t1\t2\t3\n", name: "1-1_lb.txt")
        let json = String(lb.dropLast("_lb.txt".count)) + ".json"
        #expect { try IPOLGaitLowerBack.convert(file: lb) } throws: { ($0 as? InputError)?.file == json }
        try #"{"TrialBoundaries": [5, 1], "LeftFootEvents": [], "RightFootEvents": []}"#
            .write(toFile: json, atomically: true, encoding: .utf8)
        #expect { try IPOLGaitLowerBack.convert(file: lb) } throws: {
            ($0 as? InputError)?.problem.contains("TrialBoundaries") == true
        }
    }

    @Test(.tags(.realData), .enabled(if: TestDatasets.isPresent("ipol-gait-lowerback"), Comment(rawValue: TestDatasets.absence("ipol-gait-lowerback"))))
    func realTrial() throws {
        let recording = try #require(IPOLGaitLowerBack.convert(file: Self.folder + "/1-1_lb.txt").first)
        #expect(recording.stepTimes?.count == 35)   // 17 left + 18 right swings in 1-1.json
        let trace = try roundTrip(recording)
        let (magnitude, rate) = medians(trace)
        #expect(magnitude > 0.9 && magnitude < 1.1)
        #expect(rate > 99 && rate < 101)
        let steps = recording.stepTimes!
        #expect(steps.first! >= trace.samples.first!.time && steps.last! <= trace.samples.last!.time)
        #expect(try IPOLGaitLowerBack.inputFiles(in: TestDatasets.folder("ipol-gait-lowerback").path).count == 70)
    }
}

@Suite struct MobgapLabTests {
    @Test(.tags(.realData), .enabled(if: TestDatasets.isPresent("mobgap-lab-ha002"), Comment(rawValue: TestDatasets.absence("mobgap-lab-ha002"))))
    func realParticipant() throws {
        let file = TestDatasets.folder("mobgap-lab-ha002").appendingPathComponent("raw/lab/HA/002/data.mat").path
        let recordings = try MobgapLab.convert(file: file)
        #expect(recordings.map(\.name) == ["mobgap-lab_HA_002_Test5_Trial1", "mobgap-lab_HA_002_Test5_Trial2",
                                           "mobgap-lab_HA_002_Test11_Trial1"])
        #expect(recordings[0].stepTimes == nil)          // INDIP marked no bout: no truth, not zero steps
        let course = recordings[2]
        #expect(course.trueStepCount == 54)              // SOURCE.md: 54 initial contacts
        #expect(course.untimedSteps.count == 8)
        let trace = try roundTrip(course)
        let (magnitude, rate) = medians(trace)
        #expect(magnitude > 0.9 && magnitude < 1.1)
        #expect(rate > 99 && rate < 101)
        #expect(trace.samples.first!.time == 0)
        let duration = trace.samples.last!.time
        #expect(duration > 150 && duration < 170)
        #expect(course.stepTimes!.allSatisfy { $0 > 0 && $0 < duration })
    }
}

@Suite struct QROWDTRPhoneTests {
    /// A session file in the source's layout (`<activity>/user<N>.txt`) in a new folder; returns its path.
    static func session(_ text: String, activity: String = "cycling", user: String = "user7") throws -> String {
        let folder = try temporaryDirectory().appendingPathComponent(activity)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("\(user).txt").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func rowsAreTimedByTheRateQuotesAndClassesAreRead() throws {
        let path = try Self.session("""
            "x","y","z","class"
            -0.19,5.47,8.18,"cycling"
            -0.29,"5.36",8.29,"cycling"
            nan?,1,2,"cycling"
            0.1,0.2,9.8,"cycling"

            """)
        let recording = try #require(QROWDTRPhone.convert(file: path).first)
        #expect(recording.name == "qrowd-tr-phone_cycling_user7")
        // The unreadable row keeps its place in time: the rows are consecutive samples.
        let rows: [Double] = [0, 1, 3]
        let expected = rows.map { (($0 / 24) * 1e6).rounded() / 1e6 }
        #expect(recording.trace.samples.map(\.time) == expected)
        #expect(recording.skippedRowCount == 1)
        #expect(abs(recording.trace.samples[1].acceleration.y - 5.36 / 9.80665) < 1e-6)
        #expect(recording.trace.labels == [.cycling, .cycling, .cycling])
        let faster = try #require(QROWDTRPhone.convert(file: path, rate: 30).first)
        #expect(faster.trace.samples.last?.time == 0.1)
    }

    @Test func everyClassMapsToItsActivity() throws {
        for (name, activity) in [("walking", MotionActivity.walking), ("run", .running), ("still", .stationary),
                                 ("driving", .automotive), ("cycling", .cycling)] {
            let path = try Self.session("\"x\",\"y\",\"z\",\"class\"\n0,0,9.8,\"\(name)\"\n")
            #expect(try QROWDTRPhone.convert(file: path).first?.trace.labels == [activity])
        }
    }

    @Test func aWrongHeaderAnUnknownClassOrRateIsAnErrorNamingTheFileAndLine() throws {
        let header = try Self.session("x,y,z\n0,0,9.8\n")
        #expect { try QROWDTRPhone.convert(file: header) } throws: { ($0 as? InputError)?.line == 1 }
        let flying = try Self.session("\"x\",\"y\",\"z\",\"class\"\n0,0,9.8,\"cycling\"\n0,0,9.8,\"flying\"\n")
        #expect {
            try QROWDTRPhone.convert(file: flying)
        } throws: { error in
            guard let error = error as? InputError else { return false }
            return error.file == flying && error.line == 3 && "\(error)".contains("flying")
        }
        let short = try Self.session("\"x\",\"y\",\"z\",\"class\"\n0,9.8\n")
        #expect { try QROWDTRPhone.convert(file: short) } throws: { ($0 as? InputError)?.line == 2 }
        let empty = try Self.session("")
        #expect(throws: InputError.self) { try QROWDTRPhone.convert(file: empty) }
        for rate in [0, -24, .nan, .infinity, 1001] {
            #expect(throws: InputError.self) { try QROWDTRPhone.convert(file: flying, rate: rate) }
        }
    }

    @Test func aFolderListsTheSessionsOfTheLayoutOnly() throws {
        let root = try temporaryDirectory()
        for folder in ["cycling", "walk", "notes"] {
            let url = root.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try Data("\"x\",\"y\",\"z\",\"class\"\n".utf8).write(to: url.appendingPathComponent("user1.txt"))
        }
        try Data().write(to: root.appendingPathComponent("LICENSE"))
        let files = try QROWDTRPhone.inputFiles(in: root.path)
        #expect(files.map { QROWDTRPhone.activity(of: $0) } == ["cycling", "walk"])
        // A file named on its own is taken whatever its folder.
        let loose = root.appendingPathComponent("notes/user1.txt").path
        #expect(try QROWDTRPhone.inputFiles(in: loose) == [loose])
    }

    @Test(.tags(.realData), .enabled(if: TestDatasets.isPresent("qrowd-tr-phone"), Comment(rawValue: TestDatasets.absence("qrowd-tr-phone"))))
    func realRide() throws {
        let files = try QROWDTRPhone.inputFiles(in: TestDatasets.folder("qrowd-tr-phone").path)
        #expect(files.count == 15)
        let ride = try #require(files.first { $0.hasSuffix("cycling/user1.txt") })
        let recording = try #require(QROWDTRPhone.convert(file: ride).first)
        #expect(recording.trace.samples.count == 19_900 && recording.skippedRowCount == 0)
        let trace = try roundTrip(recording)
        let (magnitude, rate) = medians(trace)
        #expect(magnitude > 0.9 && magnitude < 1.1)
        #expect(abs(rate - QROWDTRPhone.inferredRate) < 0.01)
        #expect(Set(trace.labels!) == [.cycling])
    }
}
