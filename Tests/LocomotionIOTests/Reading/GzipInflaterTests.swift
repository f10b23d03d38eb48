import Foundation
import LocomotionTestSupport
import Testing
@testable import LocomotionIO

/// Each ``GzipInflater`` the build has (zlib always; ISA-L with the `ISAL` trait on Linux) gives the bytes the system's
/// `gzip -d` gives, whatever the sizes of the reads and of the compressed input buffer, and the same errors for cut,
/// damaged and trailing data. The text is a real recording's CSV (Oxford step counter).
@Suite(.tags(.realData), .enabled(if: TestDatasets.isPresent("oxford-step-counter"), Comment(rawValue: TestDatasets.absence("oxford-step-counter"))))
struct GzipInflaterTests {
    /// The inflaters of this build, named for messages.
    static var inflaters: [(name: String, make: () -> any GzipInflater)] {
        var all: [(name: String, make: () -> any GzipInflater)] = [("zlib", { ZlibGzipInflater() })]
        #if LOCOMOTION_ISAL
        all.append(("ISA-L", { IsalGzipInflater() }))
        #endif
        return all
    }

    /// The first `rows` rows of a real recording, as canonical CSV bytes.
    private static func text(rows: Int) throws -> [UInt8] {
        let samples = try StepTestDatasets.oxford("Pixel_Jamie_Hard_BackPocket_1").samples.prefix(rows)
        var text = "timestamp,x,y,z\n"
        for sample in samples {
            let a = sample.acceleration
            text += "\(1_700_000_000 + sample.time),\(a.x),\(a.y),\(a.z)\n"
        }
        return Array(text.utf8)
    }

    /// `bytes` compressed by the system's gzip at `level` (one member, the file named in its header).
    static func gzip(_ bytes: [UInt8], level: Int = 6) throws -> [UInt8] {
        let input = temporaryFile(bytes, name: "plain.csv")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-c", "-\(level)", input]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return [UInt8](data)
    }

    /// Everything `GzipStream` gives for `compressed`, read `readSize` bytes at a time from an input buffer of
    /// `inputSize` bytes.
    private static func inflate(_ compressed: [UInt8], with inflater: any GzipInflater, readSize: Int,
                                inputSize: Int) throws(LineSource.Failure) -> [UInt8] {
        let path = temporaryFile(compressed, name: "data.gz")
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let stream = GzipStream(descriptor: descriptor, inflater: inflater, inputCapacity: inputSize)
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: readSize)
        while true {
            let count = try buffer.withUnsafeMutableBufferPointer { (chunk) throws(LineSource.Failure) -> Int in
                try stream.read(into: chunk.baseAddress!, count: chunk.count)
            }
            if count == 0 { return output }
            output += buffer[..<count]
        }
    }

    /// The reason a read of `compressed` failed with, or nil when it did not fail.
    private static func failure(_ compressed: [UInt8], with inflater: any GzipInflater) -> String? {
        do {
            _ = try inflate(compressed, with: inflater, readSize: 1 << 16, inputSize: 1 << 12)
            return nil
        } catch {
            guard case .readFailed(let reason) = error else { return "\(error)" }
            return reason
        }
    }

    @Test("every inflater gives gzip's bytes, in one member or three, at every read and input size", arguments: [
        (1, 1), (7, 3), (13, 4096), (4096, 1), (1 << 16, 1 << 18), (1 << 20, 17),
    ])
    func sameBytes(readSize: Int, inputSize: Int) throws {
        // Byte-at-a-time reads cost a call each: a short text for them, the whole recording otherwise.
        let plain = try Self.text(rows: readSize < 64 || inputSize < 64 ? 3_000 : 60_000)
        let third = plain.count / 3
        let members = try Self.gzip(Array(plain[..<third]), level: 1) + Self.gzip(Array(plain[third..<(2 * third)]), level: 9)
            + Self.gzip(Array(plain[(2 * third)...]))
        let single = try Self.gzip(plain)
        for (name, make) in Self.inflaters {
            for (what, compressed) in [("one member", single), ("three members", members)] {
                do {
                    let output = try Self.inflate(compressed, with: make(), readSize: readSize, inputSize: inputSize)
                    #expect(output == plain, "\(name): \(what), reads of \(readSize), input of \(inputSize)")
                } catch {
                    Issue.record("\(name): \(what), reads of \(readSize), input of \(inputSize): \(error)")
                }
            }
        }
    }

    @Test("an empty .gz file is empty input for every inflater")
    func emptyFile() throws {
        for (name, make) in Self.inflaters {
            #expect(try Self.inflate([], with: make(), readSize: 100, inputSize: 100).isEmpty, "\(name)")
        }
    }

    @Test("every inflater refuses a cut anywhere, a wrong checksum or length, damage, and bytes after the last member")
    func sameErrors() throws {
        let plain = try Self.text(rows: 20_000)
        let compressed = try Self.gzip(plain)
        var cuts = [1, 10, 11, compressed.count / 2, compressed.count - 8, compressed.count - 5, compressed.count - 1]
        cuts += [compressed.count - 9, compressed.count - 4]
        var badChecksum = compressed
        badChecksum[compressed.count - 8] ^= 0x01  // CRC-32's first byte
        var badLength = compressed
        badLength[compressed.count - 1] ^= 0x01  // ISIZE's last byte
        var badHeader = compressed
        badHeader[0] = 0x1E
        for (name, make) in Self.inflaters {
            for cut in cuts {
                let reason = Self.failure(Array(compressed.prefix(cut)), with: make())
                #expect(reason?.contains("cut short") == true, "\(name): cut to \(cut) of \(compressed.count): \(reason ?? "read")")
            }
            #expect(Self.failure(badChecksum, with: make())?.contains("gzip") == true, "\(name): wrong CRC-32")
            #expect(Self.failure(badLength, with: make())?.contains("gzip") == true, "\(name): wrong length")
            #expect(Self.failure(badHeader, with: make())?.contains("gzip") == true, "\(name): not a gzip header")
            #expect(Self.failure(compressed + Array("trailing text\n".utf8), with: make())?.contains("gzip") == true,
                    "\(name): text after the member")
            #expect(Self.failure(plain, with: make())?.contains("gzip") == true, "\(name): plain text")
        }
    }

    /// A gzip member of `plain` whose header carries the optional fields `flags` asks for (RFC 1952: 2 header CRC,
    /// 4 extra field, 8 file name, 16 comment), built around the deflate data and trailer the system's gzip wrote.
    private static func member(_ plain: [UInt8], flags: UInt8, wrongHeaderChecksum: Bool = false) throws -> [UInt8] {
        let written = try gzip(plain)
        #expect(written[3] == 8, "gzip(1) names the file")  // FNAME only: the body starts after the name's zero
        let bodyStart = try #require(written[10...].firstIndex(of: 0)) + 1
        var header: [UInt8] = [0x1F, 0x8B, 8, flags, 0x10, 0x20, 0x30, 0x40, 0, 3]
        if flags & 4 != 0 { header += [6, 0, 0x41, 0x42, 2, 0, 0xFF, 0x00] }  // XLEN 6: one subfield "AB" of 2 bytes
        if flags & 8 != 0 { header += Array("trace.csv".utf8) + [0] }
        if flags & 16 != 0 { header += Array("exported by a collector, 2024".utf8) + [0] }
        if flags & 2 != 0 {
            var crc = UInt32(0xFFFF_FFFF)  // CRC-32 (ISO 3309), bitwise: an oracle independent of both inflaters
            for byte in header {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            crc = ~crc ^ (wrongHeaderChecksum ? 1 : 0)
            header += [UInt8(crc & 0xFF), UInt8((crc >> 8) & 0xFF)]
        }
        return header + written[bodyStart...]
    }

    @Test("every inflater reads every combination of the header's optional fields, cut at every byte")
    func optionalHeaderFields() throws {
        let plain = try Self.text(rows: 2_000)
        for flags: UInt8 in stride(from: 0, through: 30, by: 2) {
            let compressed = try Self.member(plain, flags: flags) + Self.member(plain, flags: 30 - flags)
            for (name, make) in Self.inflaters {
                for inputSize in [1, 5, 1 << 16] {
                    do {
                        let output = try Self.inflate(compressed, with: make(), readSize: 1 << 16, inputSize: inputSize)
                        #expect(output == plain + plain, "\(name): flags \(flags), input of \(inputSize)")
                    } catch {
                        Issue.record("\(name): flags \(flags), input of \(inputSize): \(error)")
                    }
                }
            }
        }
        let wrong = try Self.member(plain, flags: 2 | 8, wrongHeaderChecksum: true)
        var reserved = try Self.member(plain, flags: 0)
        reserved[3] = 0x20
        var method = try Self.member(plain, flags: 0)
        method[2] = 7
        for (name, make) in Self.inflaters {
            #expect(Self.failure(wrong, with: make())?.contains("header crc") == true, "\(name): wrong header CRC")
            #expect(Self.failure(reserved, with: make())?.contains("gzip") == true, "\(name): a reserved flag")
            #expect(Self.failure(method, with: make())?.contains("gzip") == true, "\(name): not deflate")
        }
    }
}
