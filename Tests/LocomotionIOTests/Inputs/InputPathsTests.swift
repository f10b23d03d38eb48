import Foundation
import LocomotionIO
import LocomotionDatasets
import Testing
import LocomotionTestSupport

@Suite struct InputPathsTests {
    /// A folder with b.csv, a.csv, notes.txt and sub/c.csv.
    private func makeFolder() throws -> String {
        let folder = try! temporaryDirectory(prefix: "InputPaths")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        for name in ["b.csv", "a.csv", "notes.txt", "sub/c.csv"] {
            try Data("x".utf8).write(to: folder.appendingPathComponent(name))
        }
        return folder.path
    }

    @Test func directoriesExpandSortedAndRecursively() throws {
        let folder = try makeFolder()
        #expect(try InputPaths.expand([folder]) == ["\(folder)/a.csv", "\(folder)/b.csv", "\(folder)/sub/c.csv"])
    }

    @Test func globsFilesStdinAndDuplicates() throws {
        let folder = try makeFolder()
        #expect(try InputPaths.expand(["\(folder)/b.csv", "\(folder)/*.csv", "-"])
                == ["\(folder)/b.csv", "\(folder)/a.csv", "-"])
        #expect(throws: InputError.self) { try InputPaths.expand(["-", "-"]) }
    }

    @Test func directoriesSkipCompanionFilesButExplicitNamesDoNot() throws {
        let folder = try makeFolder()
        try Data("x".utf8).write(to: URL(fileURLWithPath: "\(folder)/a.steps.csv"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: "\(folder)/a.fixes.csv"))
        #expect(try InputPaths.expandInputs([folder]) == ["\(folder)/a.csv", "\(folder)/b.csv", "\(folder)/sub/c.csv"])
        #expect(try InputPaths.expandInputs(["\(folder)/a.steps.csv"]) == ["\(folder)/a.steps.csv"])
        #expect(try InputPaths.expand([folder]).count == 5)
    }

    @Test func standardInputMustStandAlone() throws {
        #expect(try InputPaths.expandInputs(["-"]) == ["-"])
        let folder = try makeFolder()
        #expect(throws: CommandFailure.self) { try InputPaths.expandInputs(["-", "\(folder)/a.csv"]) }
        #expect(throws: CommandFailure.self) { try InputPaths.expandInputs([]) }
    }

    @Test func missingPathsAndEmptyMatchesAreErrors() throws {
        let folder = try makeFolder()
        #expect(throws: InputError.self) { try InputPaths.expand(["\(folder)/missing.csv"]) }
        #expect(throws: InputError.self) { try InputPaths.expand(["\(folder)/*.gpx"]) }
        #expect(throws: InputError.self) { try InputPaths.expand(["\(folder)/sub"], extensions: ["gpx"]) }
    }

    // MARK: Hostile folders

    /// `expand` with its warnings collected.
    private func expand(_ arguments: [String]) throws -> (files: [String], warnings: [String]) {
        var warnings: [String] = []
        let files = try InputPaths.expand(arguments) { warnings.append($0) }
        return (files, warnings)
    }

    @Test func symbolicLinkLoopsEndAndEveryFileIsListedOnce() throws {
        let folder = try makeFolder()
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: "\(folder)/sub/up", withDestinationPath: "..")
        try manager.createSymbolicLink(atPath: "\(folder)/sub/self", withDestinationPath: ".")
        try manager.createSymbolicLink(atPath: "\(folder)/alias", withDestinationPath: "sub")
        try manager.createSymbolicLink(atPath: "\(folder)/a-link.csv", withDestinationPath: "a.csv")
        try manager.linkItem(atPath: "\(folder)/b.csv", toPath: "\(folder)/sub/b-hard.csv")
        let (files, warnings) = try expand([folder])
        // Real names win over links; a hard link is one file, kept under the name met first.
        #expect(files == ["\(folder)/a.csv", "\(folder)/b.csv", "\(folder)/sub/c.csv"])
        #expect(warnings.count == 3 && warnings.allSatisfy { $0.contains("already searched") }, "\(warnings)")
    }

    @Test func aLinkedFolderOutsideTheTreeIsSearchedOnce() throws {
        let outside = try makeFolder(), folder = try makeFolder()
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/more", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/again", withDestinationPath: outside)
        let (files, warnings) = try expand([folder])
        #expect(files.count == 6)
        #expect(files.contains("\(folder)/again/sub/c.csv"))
        #expect(warnings == ["\(folder)/more: skipped: the folder \(folder)/again, already searched"])
    }

    @Test func theSameFileNamedTwiceIsReadOnce() throws {
        let folder = try makeFolder()
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/link.csv", withDestinationPath: "a.csv")
        let (files, _) = try expand(["\(folder)/a.csv", "\(folder)/./a.csv", "\(folder)/link.csv", "\(folder)/sub/../a.csv"])
        #expect(files == ["\(folder)/a.csv"])
    }

    @Test func fifosAndDevicesInFoldersAreSkippedWithAWarning() throws {
        let folder = try makeFolder()
        #expect(mkfifo("\(folder)/sub/pipe.csv", 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/null.csv", withDestinationPath: "/dev/null")
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/gone.csv", withDestinationPath: "nowhere.csv")
        let (files, warnings) = try expand([folder])
        #expect(files == ["\(folder)/a.csv", "\(folder)/b.csv", "\(folder)/sub/c.csv"])
        #expect(warnings.sorted() == [
            "\(folder)/gone.csv: skipped: a symbolic link to nothing",
            "\(folder)/null.csv: skipped: a character device, not a regular file",
            "\(folder)/sub/pipe.csv: skipped: a FIFO, not a regular file",
        ])
        // Named explicitly, a FIFO is read (`<(…)` is one).
        #expect(try expand(["\(folder)/sub/pipe.csv"]).files == ["\(folder)/sub/pipe.csv"])
    }

    @Test func theSearchStopsAtABoundedDepth() throws {
        let folder = try makeFolder()
        var deep = folder
        for _ in 0..<70 { deep += "/d" }
        try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: deep + "/deep.csv"))
        let (files, warnings) = try expand([folder])
        #expect(files.count == 3)
        #expect(warnings.count == 1 && warnings[0].hasSuffix("skipped: more than 64 folders deep; not searched"))
    }

    @Test func datasetFoldersAreSearchedTheSameWay() throws {
        let folder = try makeFolder()
        try Data("<gpx/>".utf8).write(to: URL(fileURLWithPath: "\(folder)/sub/t.gpx"))
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/sub/up", withDestinationPath: "..")
        #expect(mkfifo("\(folder)/p.gpx", 0o600) == 0)
        #expect(try FixDataset.gpx.inputFiles(in: folder) == ["\(folder)/sub/t.gpx"])
    }
}
