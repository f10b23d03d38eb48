import Foundation

// Fresh temporary folders and files for tests: every call makes a new folder (named after a prefix and a UUID), so
// tests running in parallel never share one. All of them sit in one folder per test process, under the system's
// temporary directory, removed when the process exits: a run of the suite leaves nothing behind (it used to leave
// some 500 folders in /tmp per run). A process killed before it exits leaves its one folder.

/// The folder of this process's temporary folders, made on first use and removed at exit.
private let processTemporaryRoot: URL = {
    let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("locomotion-tests-\(getpid())-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: processTemporaryRoot) }
    return root
}()

/// A new, empty folder, removed with everything in it when the test process exits.
public func temporaryDirectory(prefix: String = "locomotion-tests") throws -> URL {
    let directory = processTemporaryRoot.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
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
