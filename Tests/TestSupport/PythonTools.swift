import Foundation

/// The Python test tools `scripts/ensure-deps` installs into `.build/python-tools` (Radicale,
/// caldav), and the repository's own scripts and files the tests run with them.
public enum PythonTools {
    /// The folder holding Package.swift, found by walking up from this source file.
    public static func packageRoot(from file: String = #filePath) throws -> URL {
        var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder.deleteLastPathComponent()
        }
        throw ChildProcess.Failure("no Package.swift above \(file)")
    }

    /// The virtual environment: `DATEBOOK_PYTHON_TOOLS` if set, else `.build/python-tools`.
    public static func environment() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["DATEBOOK_PYTHON_TOOLS"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return try packageRoot().appendingPathComponent(".build/python-tools", isDirectory: true)
    }

    /// The environment's python, which imports radicale and caldav.
    public static func python() throws -> String {
        let path = try environment().appendingPathComponent("bin/python").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ChildProcess.Failure("no Python test tools at \(path): run `make deps` (scripts/ensure-deps)")
        }
        return path
    }

    /// A file of the repository, by its path from the root (e.g. "scripts/dav-peer.py").
    public static func repositoryFile(_ relativePath: String) throws -> String {
        let path = try packageRoot().appendingPathComponent(relativePath).path
        guard FileManager.default.fileExists(atPath: path) else {
            throw ChildProcess.Failure("the repository has no \(relativePath)")
        }
        return path
    }
}
