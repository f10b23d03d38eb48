import Foundation

/// Which file a path names, so that two spellings of one file compare equal: `t.csv`, `./t.csv`, a symbolic
/// link to it and a hard link to it are one file.
///
/// An existing regular file is its device and inode. A path that does not exist yet (an output about to be
/// created) is its absolute path with the links of its folder resolved. Other things (devices such as
/// `/dev/null`, FIFOs, terminals) have no identity here: writing to one of them twice, or reading and writing
/// one, is legitimate.
package enum FileIdentity: Hashable {
    case file(device: UInt64, inode: UInt64)
    case absent(path: String)

    /// The identity of `path`; nil for `-`, folders, devices and FIFOs.
    package init?(path: String) {
        guard path != "-" else { return nil }
        var status = stat()
        if stat(path, &status) == 0 {
            guard let identity = FileIdentity(status) else { return nil }
            self = identity
            return
        }
        self = .absent(path: Self.absolutePath(of: path))
    }

    /// The identity of an open descriptor (standard input or output redirected to a file); nil unless it is a
    /// regular file.
    package init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0, let identity = FileIdentity(status) else { return nil }
        self = identity
    }

    private init?(_ status: stat) {
        guard (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        self = .file(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// `path` made absolute, with its folder's links resolved where the folder exists, and `.`/`..` removed.
    package static func absolutePath(of path: String) -> String {
        let target = OutputFile.resolvedTarget(of: path)
        let folder = OutputFile.directory(of: target)
        let name = target.split(separator: "/").last.map(String.init) ?? target
        if let resolved = realpath(folder, nil) {
            defer { free(resolved) }
            return String(cString: resolved) + "/" + name
        }
        var base = target.hasPrefix("/") ? "" : currentDirectory()
        base += "/" + target
        var parts: [Substring] = []
        for part in base.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    private static func currentDirectory() -> String {
        guard let directory = getcwd(nil, 0) else { return "" }
        defer { free(directory) }
        return String(cString: directory)
    }
}
