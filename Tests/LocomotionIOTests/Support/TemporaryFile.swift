import Foundation

/// A file in a fresh temporary directory holding `contents`; returns its path.
func temporaryFile(_ contents: [UInt8], name: String = "trace.csv") -> String {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("LocomotionIOTests-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try! Data(contents).write(to: url)
    return url.path
}

func temporaryFile(_ text: String, name: String = "trace.csv") -> String {
    temporaryFile(Array(text.utf8), name: name)
}

/// A path in a fresh temporary directory (nothing created there yet).
func temporaryPath(_ name: String) -> String {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("LocomotionIOTests-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent(name).path
}
