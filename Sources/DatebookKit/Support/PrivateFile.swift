import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Files Datebook writes for its owner (an export, the meeting messages waiting to be sent):
/// readable by the owner only whatever the umask, as the database is, and whole or absent.
public enum PrivateFile {
    /// Writes `data` to `path` through a private temporary file beside it, renamed over `path`
    /// only once it is complete and on disk.
    public static func write(_ data: Data, to path: String) throws {
        try write(to: path) { try $0.write(contentsOf: data) }
    }

    /// Writes what `fill` writes to its handle to `path`, as `write(_:to:)` does: nothing is
    /// left at `path` when `fill` throws, and what was there stays.
    public static func write(to path: String, _ fill: (FileHandle) throws -> Void) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = ((folder.isEmpty ? "." : folder) as NSString)
            .appendingPathComponent(".datebook-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).partial")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw PrivateFileError(path: path, code: errno) }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try fill(handle)
        try handle.synchronize()
        try handle.close()
        guard rename(temporary, path) == 0 else { throw PrivateFileError(path: path, code: errno) }
        renamed = true
    }

    /// Makes `path` and the folders above it that are missing, each readable by the owner only.
    public static func makeFolder(_ path: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { return }
        try FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
}

/// A private file that could not be made or put in place: `cannot write PATH: REASON`.
public struct PrivateFileError: Error, CustomStringConvertible {
    public var path: String
    public var code: Int32

    public var description: String { "cannot write \(path): \(String(cString: strerror(code)))" }
}
