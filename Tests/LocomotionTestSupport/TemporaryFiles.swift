import Foundation

// Fresh temporary folders and files for tests: every call makes a new folder (named after a prefix and a UUID)
// under the system's temporary directory, so tests running in parallel never share one. The caller removes what it
// no longer needs; the system cleans the rest.

/// A new, empty folder.
public func temporaryDirectory(prefix: String = "locomotion-tests") throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}

/// A path named `name` in a new folder; nothing is created at the path itself. Traps when no folder can be made
/// (a test cannot run without one).
public func temporaryPath(_ name: String) -> String {
    try! temporaryDirectory().appendingPathComponent(name).path
}

/// A file named `name` in a new folder, holding `contents`; returns its path.
public func temporaryFile(_ contents: [UInt8], name: String = "trace.csv") -> String {
    let path = temporaryPath(name)
    try! Data(contents).write(to: URL(fileURLWithPath: path))
    return path
}

/// A file named `name` in a new folder, holding `text` as UTF-8; returns its path.
public func temporaryFile(_ text: String, name: String = "trace.csv") -> String {
    temporaryFile(Array(text.utf8), name: name)
}
