import Foundation
import Locomotion
import LocomotionDSP
import Testing
@_spi(Harness) @testable import LocomotionIO
import LocomotionTestSupport

/// `OutputFile`: nothing under the final name until complete, every failure reported with the path and the
/// system's reason.
@Suite struct OutputFileTests {
    private func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    /// The files of `path`'s folder, hidden ones (temporary files) included.
    private func folderListing(_ path: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent).sorted()) ?? []
    }

    @Test func theTargetAppearsOnlyWhenCommitted() throws {
        let path = temporaryPath("out.csv")
        let file = try OutputFile(path: path, bufferSize: 4)
        try file.write("first line\n")  // more than the buffer: written to the temporary file
        #expect(contents(path) == nil)
        #expect(folderListing(path).count == 1 && folderListing(path)[0].hasSuffix(".partial"))
        try file.write("second\n")
        try file.commit()
        #expect(contents(path) == "first line\nsecond\n")
        #expect(folderListing(path) == ["out.csv"])
        try file.commit()  // a second commit does nothing
    }

    @Test func aDiscardedOrDroppedFileLeavesTheOldContent() throws {
        let path = temporaryFile("old\n", name: "out.csv")
        let file = try OutputFile(path: path, bufferSize: 1)
        try file.write("new\n")
        file.discard()
        #expect(contents(path) == "old\n")
        #expect(folderListing(path) == ["out.csv"])
        #expect(throws: OutputError.self) { try file.write("more") }
        do {
            let dropped = try OutputFile(path: path, bufferSize: 1)
            try dropped.write("new\n")
        }
        #expect(contents(path) == "old\n")
        #expect(folderListing(path) == ["out.csv"])
    }

    @Test func aSymbolicLinkIsFollowedAndTheModeKept() throws {
        let target = temporaryFile("old\n", name: "target.csv")
        #expect(chmod(target, 0o640) == 0)
        let link = (target as NSString).deletingLastPathComponent + "/link.csv"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.csv")
        let file = try OutputFile(path: link)
        try file.write("new\n")
        try file.commit()
        #expect(contents(target) == "new\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: link)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        let mode = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int
        #expect(mode == 0o640)
    }

    @Test func aDanglingSymbolicLinkCreatesTheFileItNames() throws {
        let folder = (temporaryPath("x") as NSString).deletingLastPathComponent
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.csv", withDestinationPath: "made.csv")
        let file = try OutputFile(path: folder + "/link.csv")
        try file.write("x\n")
        try file.commit()
        #expect(contents(folder + "/made.csv") == "x\n")
    }

    @Test func failuresNameThePathAndTheReason() throws {
        let missing = temporaryPath("no-such-folder/out.csv")
        #expect { try OutputFile(path: missing) } throws: { error in
            "\(error)" == "\(missing): cannot write: No such file or directory"
        }
        let folder = (temporaryPath("x") as NSString).deletingLastPathComponent
        #expect { try OutputFile(path: folder) } throws: { error in "\(error)".hasSuffix("cannot write: it is a folder") }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full"))
    func aFullDeviceFailsAtTheWriteAndEveryCallAfter() throws {
        let file = try OutputFile(path: "/dev/full")
        #expect(file.isStream)
        try file.write("x")  // buffered
        #expect { try file.commit() } throws: { error in
            "\(error)" == "/dev/full: cannot write: No space left on device" && !(error as! OutputError).isBrokenPipe
        }
        #expect(throws: OutputError.self) { try file.write(String(repeating: "x", count: 1 << 17)) }
    }

    @Test func aDeviceIsWrittenInPlace() throws {
        let file = try OutputFile(path: "/dev/null")
        try file.write("x\n")
        try file.commit()
        #expect(FileManager.default.fileExists(atPath: "/dev/null"))
    }

    @Test(.enabled(if: getuid() != 0, "root may write any file"))
    func aReadOnlyFileIsNotReplaced() throws {
        let path = temporaryFile("keep\n", name: "locked.csv")
        #expect(chmod(path, 0o444) == 0)
        #expect { try OutputFile(path: path) } throws: { error in "\(error)" == "\(path): cannot write: Permission denied" }
        #expect(contents(path) == "keep\n")
    }

    @Test func theWritersAppearOnlyWhenFinished() throws {
        let path = temporaryPath("trace.csv")
        var writer = try TraceWriter(path: path)
        for index in 0..<20_000 {
            try writer.write(AccelerometerSample(time: Double(index) * 0.02, x: 0, y: 0, z: 1))
        }
        #expect(contents(path) == nil)  // 20 000 rows are more than the 256 KiB buffer: written, but not there
        try writer.finish()
        #expect(contents(path)?.hasPrefix("timestamp,x,y,z\n0,0,0,1\n") == true)

        let fixesPath = temporaryPath("fixes.csv")
        do {
            var fixes = try LocationFixWriter(path: fixesPath)
            try fixes.write(LocationFix(time: 1, latitude: 47, longitude: 8))
        }
        #expect(contents(fixesPath) == nil)  // dropped unfinished
        #expect(folderListing(fixesPath).isEmpty)
    }

    @Test func aFailedWriteKeepsTheOldFile() throws {
        let path = temporaryFile("old\n", name: "trace.csv")
        var writer = try TraceWriter(path: path)
        #expect(throws: OutputError.self) { try writer.write(AccelerometerSample(time: .nan, x: 0, y: 0, z: 1)) }
        #expect(contents(path) == "old\n")
    }
}
