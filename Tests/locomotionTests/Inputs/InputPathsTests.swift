import Foundation
import LocomotionIO
import Testing
@testable import locomotion

@Suite struct InputPathsTests {
    /// A folder with b.csv, a.csv, notes.txt and sub/c.csv.
    private func makeFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("InputPaths-\(UUID().uuidString)")
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
}
