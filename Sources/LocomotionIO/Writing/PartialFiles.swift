import Foundation

/// The temporary files of ``OutputFile``s not yet committed, so that a program interrupted by a signal can
/// remove them before it dies (``removeAll()``; the `locomotion` tool does it on SIGINT, SIGTERM, SIGHUP and
/// SIGPIPE).
///
/// The paths are kept as C strings in a fixed table: ``removeAll()`` runs inside a signal handler, where only
/// async-signal-safe calls (`unlink`) and plain loads are allowed — no locks, no allocation. Registering takes a
/// lock; a handler that interrupts a registration may miss that one file (a hidden `.partial` left behind), never
/// the final name. More than ``capacity`` files open at once are written just the same, unregistered.
package enum PartialFiles {
    /// The most temporary files tracked at once.
    package static let capacity = 1024

    private nonisolated(unsafe) static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()

    private nonisolated(unsafe) static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()

    private nonisolated(unsafe) static var serial = 0

    /// A number not handed out before in this process (for unique temporary names).
    static func nextSerial() -> Int {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        serial += 1
        return serial
    }

    /// Tracks `path` until ``forget(_:)``.
    static func remember(_ path: String) {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        for index in 0..<capacity where slots[index] == nil {
            slots[index] = strdup(path)
            return
        }
    }

    /// Stops tracking `path` (committed or removed).
    static func forget(_ path: String) {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        for index in 0..<capacity {
            guard let entry = slots[index], strcmp(entry, path) == 0 else { continue }
            slots[index] = nil
            free(entry)
            return
        }
    }

    /// Removes every tracked temporary file. Async-signal-safe: call it from a signal handler just before the
    /// process ends (the table is left as it is).
    package static func removeAll() {
        for index in 0..<capacity {
            if let entry = slots[index] { _ = unlink(entry) }
        }
    }
}
