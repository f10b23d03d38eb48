import Foundation

/// The files under a folder, recursively, each once, sorted by path: how every folder input is searched (the
/// commands' folder arguments and `convert`'s dataset folders).
///
/// Safe on any tree a user can make:
/// - a symbolic link to a folder is followed, but each folder (by device and inode) is searched once, so a
///   link loop (`sub/up -> ..`) ends and a folder reached twice gives its files once (reported); a file
///   reached through two names is listed once, under its real name when the tree holds it (links are
///   searched after the real folders), else under the first link met;
/// - entries that are not regular files (FIFOs, sockets, devices) are skipped and reported: opening a FIFO
///   would block until someone writes to it;
/// - the search stops `maximumDepth` folders down (reported);
/// - hidden names (a leading `.`) are skipped, among them the `.NAME.partial` files of outputs being written;
/// - a folder, or a wanted file, that cannot be named to the readers — its name is not valid UTF-8, or its path is
///   `PATH_MAX` bytes or longer — stops the search with an error naming it (``FileNameRule``), never left out.
///
/// O(entries) system calls; memory O(files + folders).
package enum FolderWalk {
    /// What a search found.
    package struct Listing: Sendable {
        /// The matching regular files, sorted by path.
        package var files: [String] = []
        /// Entries left out, with why (`a FIFO, not a regular file`, `the folder X, already searched`…), in the
        /// order met: commands print them as warnings.
        package var skipped: [(path: String, reason: String)] = []
    }

    /// How deep a search goes below the folder named, by default (`a/b/…` 64 levels).
    package static let defaultMaximumDepth = 64

    /// Searches `folder`; `includes(name)` decides by file name which regular files are wanted (entries it
    /// rejects are neither listed nor reported).
    ///
    /// - Throws: ``InputError`` when `folder`, or a folder under it, cannot be opened, or holds a folder or wanted
    ///   file whose name is not UTF-8 or whose path reaches `PATH_MAX`.
    package static func files(under folder: String, maximumDepth: Int = defaultMaximumDepth,
                              includes: (_ name: String) -> Bool) throws(InputError) -> Listing {
        var listing = Listing()
        let root = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var status = stat()
        guard stat(root, &status) == 0 else {
            throw InputError(file: folder, problem: "cannot open: \(String(cString: strerror(errno)))")
        }
        var searched: [Identity: String] = [Identity(status): root]
        var files: [(path: String, identity: Identity, isLink: Bool)] = []
        // Depth-first in name order, real folders before linked ones, so that which of two names of one folder
        // or file is kept is deterministic and is the real one when the tree holds both.
        var pending: [(path: String, depth: Int)] = [(root, 0)]
        var linked: [(path: String, depth: Int)] = []
        while let (directory, depth) = pending.popLast() {
            var subfolders: [String] = []
            for name in try entries(of: directory, includes: includes) {
                let path = directory == "/" ? "/" + name : directory + "/" + name
                var link = stat()
                let isLink = lstat(path, &link) == 0 && (link.st_mode & S_IFMT) == S_IFLNK
                guard stat(path, &status) == 0 else {
                    if isLink || includes(name) {
                        listing.skipped.append((path, isLink ? "a symbolic link to nothing" : String(cString: strerror(errno))))
                    }
                    continue
                }
                let identity = Identity(status)
                switch status.st_mode & S_IFMT {
                case S_IFDIR:
                    if isLink {
                        linked.append((path, depth + 1))
                    } else if depth + 1 > maximumDepth {
                        listing.skipped.append((path, "more than \(maximumDepth) folders deep; not searched"))
                    } else if searched[identity] == nil {
                        searched[identity] = path
                        subfolders.append(path)
                    }
                case S_IFREG:
                    if includes(name) { files.append((path, identity, isLink)) }
                default:
                    if includes(name) { listing.skipped.append((path, "\(kind(of: status)), not a regular file")) }
                }
            }
            pending += subfolders.reversed().map { ($0, depth + 1) }
            // A linked folder is searched once no real folder is left, unless it was searched already.
            while pending.isEmpty, !linked.isEmpty {
                let (path, linkDepth) = linked.removeFirst()
                guard stat(path, &status) == 0 else { continue }
                if let first = searched[Identity(status)] {
                    listing.skipped.append((path, "the folder \(first), already searched"))
                } else if linkDepth > maximumDepth {
                    listing.skipped.append((path, "more than \(maximumDepth) folders deep; not searched"))
                } else {
                    searched[Identity(status)] = path
                    pending.append((path, linkDepth))
                }
            }
        }
        // Each file once: under a real name where there is one, else under the first link met.
        var seenFiles: Set<Identity> = []
        for file in files where !file.isLink && seenFiles.insert(file.identity).inserted { listing.files.append(file.path) }
        for file in files where file.isLink && seenFiles.insert(file.identity).inserted { listing.files.append(file.path) }
        listing.files.sort()
        return listing
    }

    /// The entry names of `directory` except `.`, `..` and hidden ones, sorted.
    ///
    /// - Throws: ``InputError`` when the folder cannot be opened, or holds a folder or a wanted file (by
    ///   `includes`) that cannot be named to the readers: its name is not valid UTF-8, or its path is `PATH_MAX`
    ///   bytes or longer (FileNameRule). Both were left out before, with exit 0.
    private static func entries(of directory: String, includes: (_ name: String) -> Bool) throws(InputError) -> [String] {
        guard let handle = opendir(directory) else {
            throw InputError(file: directory, problem: "cannot open the folder: \(String(cString: strerror(errno)))")
        }
        defer { closedir(handle) }
        let prefix = directory == "/" ? "/" : directory + "/"
        var names: [String] = []
        while let entry = readdir(handle) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            // Hidden: the first byte a dot (a dot with a combining mark is hidden too).
            guard bytes.first != UInt8(ascii: ".") else { continue }
            let name = FileNameRule.name(fromBytes: bytes)
            let fitsPathMax = FileNameRule.fitsPathMax(prefix) && prefix.utf8.count + bytes.count < FileNameRule.maximumPathBytes
            if let name, fitsPathMax {
                names.append(name)
                continue
            }
            // Asked of the open folder, which works whatever the length of its path.
            var status = stat()
            let isFolder = fstatat(dirfd(handle), bytes.map { CChar(bitPattern: $0) } + [0], &status, 0) == 0
                && (status.st_mode & S_IFMT) == S_IFDIR
            let shown = prefix + FileNameRule.escaped(bytes)
            guard isFolder || includes(name ?? String(decoding: bytes, as: UTF8.self)) else { continue }
            if name == nil {
                throw InputError(file: shown, problem: "the \(isFolder ? "folder" : "file") name is not valid UTF-8, so it cannot be read; rename it (e.g. convmv -f latin1 -t utf-8)")
            }
            throw InputError(file: shown, problem: "the path is \(prefix.utf8.count + bytes.count) bytes, longer than the \(FileNameRule.maximumPathBytes - 1) a file can be opened by (PATH_MAX); move or rename its folders")
        }
        return names.sorted()
    }

    private static func kind(of status: stat) -> String {
        switch status.st_mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "something"
        }
    }

    /// Device and inode.
    private struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
        init(_ status: stat) { (device, inode) = (UInt64(status.st_dev), UInt64(status.st_ino)) }
    }
}
