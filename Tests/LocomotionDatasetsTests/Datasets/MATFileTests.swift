import Foundation
import Testing
@testable import LocomotionIO
@testable import LocomotionDatasets
import LocomotionTestSupport

/// Base64 without the line breaks of a multi-line literal.
private func bytes(_ base64: String) -> [UInt8] {
    [UInt8](Data(base64Encoded: base64.filter { !$0.isWhitespace })!)
}

@Suite struct ZlibInflaterTests {
    /// The text the streams below compress: repetitive (long matches) then every byte value (literals).
    static let text: [UInt8] = Array(String(repeating: "step step step, turn, step step stop. ", count: 20).utf8)
        + (0...255).map(UInt8.init)
    // Python's zlib.compress(text, level): 0 stored blocks, 1 fixed/dynamic Huffman at speed, 9 best compression.
    static let stored = """
        eAEB+AMH/HN0ZXAgc3RlcCBzdGVwLCB0dXJuLCBzdGVwIHN0ZXAgc3RvcC4gc3RlcCBzdGVwIHN0ZXAsIHR1cm4sIHN0ZXAgc3Rl
        cCBzdG9wLiBzdGVwIHN0ZXAgc3RlcCwgdHVybiwgc3RlcCBzdGVwIHN0b3AuIHN0ZXAgc3RlcCBzdGVwLCB0dXJuLCBzdGVwIHN0
        ZXAgc3RvcC4gc3RlcCBzdGVwIHN0ZXAsIHR1cm4sIHN0ZXAgc3RlcCBzdG9wLiBzdGVwIHN0ZXAgc3RlcCwgdHVybiwgc3RlcCBz
        dGVwIHN0b3AuIHN0ZXAgc3RlcCBzdGVwLCB0dXJuLCBzdGVwIHN0ZXAgc3RvcC4gc3RlcCBzdGVwIHN0ZXAsIHR1cm4sIHN0ZXAg
        c3RlcCBzdG9wLiBzdGVwIHN0ZXAgc3RlcCwgdHVybiwgc3RlcCBzdGVwIHN0b3AuIHN0ZXAgc3RlcCBzdGVwLCB0dXJuLCBzdGVw
        IHN0ZXAgc3RvcC4gc3RlcCBzdGVwIHN0ZXAsIHR1cm4sIHN0ZXAgc3RlcCBzdG9wLiBzdGVwIHN0ZXAgc3RlcCwgdHVybiwgc3Rl
        cCBzdGVwIHN0b3AuIHN0ZXAgc3RlcCBzdGVwLCB0dXJuLCBzdGVwIHN0ZXAgc3RvcC4gc3RlcCBzdGVwIHN0ZXAsIHR1cm4sIHN0
        ZXAgc3RlcCBzdG9wLiBzdGVwIHN0ZXAgc3RlcCwgdHVybiwgc3RlcCBzdGVwIHN0b3AuIHN0ZXAgc3RlcCBzdGVwLCB0dXJuLCBz
        dGVwIHN0ZXAgc3RvcC4gc3RlcCBzdGVwIHN0ZXAsIHR1cm4sIHN0ZXAgc3RlcCBzdG9wLiBzdGVwIHN0ZXAgc3RlcCwgdHVybiwg
        c3RlcCBzdGVwIHN0b3AuIHN0ZXAgc3RlcCBzdGVwLCB0dXJuLCBzdGVwIHN0ZXAgc3RvcC4gc3RlcCBzdGVwIHN0ZXAsIHR1cm4s
        IHN0ZXAgc3RlcCBzdG9wLiAAAQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSYnKCkqKywtLi8wMTIzNDU2Nzg5
        Ojs8PT4/QEFCQ0RFRkdISUpLTE1OT1BRUlNUVVZXWFlaW1xdXl9gYWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXp7fH1+f4CBgoOE
        hYaHiImKi4yNjo+QkZKTlJWWl5iZmpucnZ6foKGio6SlpqeoqaqrrK2ur7CxsrO0tba3uLm6u7y9vr/AwcLDxMXGx8jJysvMzc7P
        0NHS09TV1tfY2drb3N3e3+Dh4uPk5ebn6Onq6+zt7u/w8fLz9PX29/j5+vv8/f7/KIeQJA==
        """
    static let fast = """
        eAErLkktUCiGEToKJaVFeToIASArv0APhZ9aMKpqNLyGeppgYGRiZmFlY+fg5OLm4eXjFxAUEhYRFROXkJSSlpGVk1dQVFJWUVVT
        19DU0tbR1dM3MDQyNjE1M7ewtLK2sbWzd3B0cnZxdXP38PTy9vH18w8IDAoOCQ0Lj4iMio6JjYtPSExKTklNS8/IzMrOyc3LLygs
        Ki4pLSuvqKyqrqmtq29obGpuaW1r7+js6u7p7eufMHHS5ClTp02fMXPW7Dlz581fsHDR4iVLly1fsXLV6jVr163fsHHT5i1bt23f
        sXPX7j179+0/cPDQ4SNHjx0/cfLU6TNnz52/cPHS5StXr12/cfPW7Tt3791/8PDR4ydPnz1/8fLV6zdv373/8PHT5y9fv33/8fPX
        7z9///0HACiHkCQ=
        """
    static let best = """
        eNorLkktUCiGEToKJaVFeToIASCRX6CHwh9VNapq6KtiYGRiZmFlY+fg5OLm4eXjFxAUEhYRFROXkJSSlpGVk1dQVFJWUVVT19DU
        0tbR1dM3MDQyNjE1M7ewtLK2sbWzd3B0cnZxdXP38PTy9vH18w8IDAoOCQ0Lj4iMio6JjYtPSExKTklNS8/IzMrOyc3LLygsKi4p
        LSuvqKyqrqmtq29obGpuaW1r7+js6u7p7eufMHHS5ClTp02fMXPW7Dlz581fsHDR4iVLly1fsXLV6jVr163fsHHT5i1bt23fsXPX
        7j179+0/cPDQ4SNHjx0/cfLU6TNnz52/cPHS5StXr12/cfPW7Tt3791/8PDR4ydPnz1/8fLV6zdv373/8PHT5y9fv33/8fPX7z9/
        //0HACiHkCQ=
        """

    @Test(arguments: [stored, fast, best])
    func inflatesWhatZlibCompressed(_ stream: String) throws {
        #expect(try ZlibInflater.inflate(bytes(stream)) == Self.text)
    }

    @Test func checksumIsAdler32() {
        #expect(ZlibInflater.adler32(Self.text) == 0x2887_9024)   // zlib.adler32 of the same bytes
        #expect(ZlibInflater.adler32([]) == 1)
    }

    @Test func refusesDamagedStreams() {
        var damaged = bytes(Self.best)
        damaged[damaged.count / 2] ^= 0x10
        #expect(throws: ZlibInflater.Failure.self) { try ZlibInflater.inflate(damaged) }
        let truncated = Array(bytes(Self.fast).prefix(100))
        #expect(throws: ZlibInflater.Failure.self) { try ZlibInflater.inflate(truncated) }
        #expect(throws: ZlibInflater.Failure.self) { try ZlibInflater.inflate([0x12, 0x34, 0, 0, 0, 0]) }
    }
}

@Suite struct MATFileTests {
    /// scipy.io.savemat(do_compression=True) of a Mobilise-D-shaped struct: data.TimeMeasure1.Test11.Trial1 with
    /// SU.LowerBack.{Acc (3×3), Timestamp [100, 100.01, 100.02], Fs 100} and Standards.INDIP.MicroWB, a 1×2 struct
    /// array: Start 1.5, End 3, contacts [1.5, NaN, 3]; Start 5, End 6, contacts [5].
    static let mobgapShaped = """
        TUFUTEFCIDUuMCBNQVQtZmlsZSBQbGF0Zm9ybTogcG9zaXgsIENyZWF0ZWQgb246IFdlZCBOb3YgMjUgMTM6MDM6MTEgMjAyNgAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABSU0PAAAAcQEAAHic42NgYJjAysDABqQ5
        gJiJAQJYoXxGOGZhSEksSWQF0rxQMRAdkpmb6puaWFxalGoI0scHxA5EmQcTZ2Fgh/JBdEhqcYmhIcScHywUmFOUmZgDNWcDieZw
        QfkiQBwcCpVgCC5JzEtJLEopZoD5cwcjeeaCaJ/88tQip8TkbKg8yLwMMs2TA2LH5GSoDChGiksScwsY3IoZ4ABkfgUDwnw2NPOZ
        oRhmPicQe8B1f7A/ewYE3tjPmgkCH+1hMhD+Tqj4zv2o/JNwdXxQ83DZz4jFfgm4/ZEOhbZc1xcD6YdVIuvcGSMdQOZZIJnHRyC8
        eKDiKUjumcFEWnizQfkg2tPPxTMAak4AiebAxEG0b2ZyUX64E9gcDgLmMKGZIwrlgwIZmDqLShjQgGteCroQ0OV5mSXAvOGcn1eS
        mFwS71qWmlcC8QdyeGKLH2R/cELFIeCHPWX6ORwoSx8/oOnsRz2yeeS7R4RC/RIU2w8A6u1ebw==
        """

    @Test func readsNestedStructsArraysAndNaN() throws {
        let variables = try MATFile.variables(in: bytes(Self.mobgapShaped))
        let trial = try #require(variables["data"]?[field: "TimeMeasure1"]?[field: "Test11"]?[field: "Trial1"])
        let lowerBack = try #require(trial[field: "SU"]?[field: "LowerBack"])
        let acc = try #require(lowerBack[field: "Acc"])
        #expect(acc.dimensions == [3, 3])
        // Column-major: x of the three rows, then y, then z.
        #expect(acc.numbers == [1.0, 0.9, 1.1, 0.0, 0.1, -0.1, 0.1, 0.2, 0.0])
        #expect(lowerBack[field: "Timestamp"]?.numbers == [100.0, 100.01, 100.02])
        #expect(lowerBack[field: "Fs"]?.numbers == [100])
        let bouts = try #require(trial[field: "Standards"]?[field: "INDIP"]?[field: "MicroWB"]?.structElements)
        #expect(bouts.count == 2)
        let contacts = try #require(bouts[0]["InitialContact_Event"]?.numbers)
        #expect(contacts.count == 3 && contacts[0] == 1.5 && contacts[1].isNaN && contacts[2] == 3)
        #expect(bouts[1]["End"]?.numbers == [6])
    }

    @Test func refusesOtherFiles() {
        #expect(throws: MATFile.Failure.self) { try MATFile.variables(in: Array(repeating: 0, count: 200)) }
        var truncated = bytes(Self.mobgapShaped)
        truncated.removeLast(40)
        #expect(throws: MATFile.Failure.self) { try MATFile.variables(in: truncated) }
    }

    @Test func mobgapAdapterTurnsTheStructIntoATraceWithUntimedSteps() throws {
        let folder = temporaryPath("mobgap-lab/HA/007")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/data.mat"
        try Data(bytes(Self.mobgapShaped)).write(to: URL(fileURLWithPath: file))
        let recording = try #require(MobgapLab.convert(file: file).first)
        #expect(recording.name == "mobgap-lab_HA_007_Test11_Trial1")
        #expect(recording.trace.samples.map(\.time) == [0, 0.01, 0.02])
        #expect(recording.trace.samples[1].acceleration.x == 0.9)   // already in g
        #expect(recording.trace.samples[1].acceleration.z == 0.2)
        #expect(recording.stepTimes == [1.5, 3, 5])
        #expect(recording.untimedSteps == [1.5...3])
        #expect(recording.trueStepCount == 4)
        #expect(recording.trace.labels == [.unknown, .unknown, .unknown])   // before the first bout
    }
}
