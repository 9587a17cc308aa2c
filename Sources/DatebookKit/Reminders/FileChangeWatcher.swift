#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Waits, using no CPU, until one of some files changes or a time passes (Linux inotify on
/// their folders).
///
/// The daemon watches the database, its `-wal` and `-journal`: any commit by any process
/// writes one of them. Events for other files of the folders are read and ignored.
public final class FileChangeWatcher {
    private let descriptor: Int32
    /// The names watched, by watch descriptor.
    private var names: [Int32: Set<String>] = [:]

    /// Watches `paths` (files that need not exist yet; their folders must).
    public init(paths: [String]) throws {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
        }
        let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO | IN_DELETE)
        for path in paths {
            let url = URL(fileURLWithPath: path)
            let folder = url.deletingLastPathComponent().path
            let watch = inotify_add_watch(descriptor, folder, mask)
            guard watch >= 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot watch \(folder): \(reason)"])
            }
            names[watch, default: []].insert(url.lastPathComponent)
        }
    }

    deinit {
        close(descriptor)
    }

    /// The database file and the files SQLite writes beside it.
    public static func databaseFiles(_ path: String) -> [String] {
        [path, path + "-wal", path + "-journal"]
    }

    /// Waits until a watched file changes (true) or `timeout` passes (false).
    public func wait(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(max(0, timeout))
        while true {
            if drain() { return true }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return false }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(left * 1000, Double(Int32.max / 2)).rounded(.up))
            if poll(&entry, 1, milliseconds) < 0 && errno != EINTR { return false }
        }
    }

    /// Reads every event waiting; true when one was about a watched file.
    @discardableResult
    public func drain() -> Bool {
        var relevant = false
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, size)
            guard count > 0 else { return relevant }
            var offset = 0
            while offset + 16 <= count {
                let watch = buffer.load(fromByteOffset: offset, as: Int32.self)
                let length = Int(buffer.load(fromByteOffset: offset + 12, as: UInt32.self))
                let nameBytes = UnsafeRawBufferPointer(start: buffer + offset + 16, count: min(length, count - offset - 16))
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                if names[watch]?.contains(name) == true { relevant = true }
                offset += 16 + length
            }
        }
    }
}
