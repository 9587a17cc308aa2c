import Foundation

/// Where the `datebook` executable under test is.
enum DatebookBinary {
    /// `DATEBOOK_BIN` if set, else `.build/debug/datebook` in the package this file belongs to.
    ///
    /// The tests drive the built binary and do not build it, and `swift test` compiles the
    /// executable's module without linking `.build/debug/datebook` again: run `swift build`
    /// first, or the tests run the binary of the last build. (Its modification time says
    /// nothing: when a build finds nothing new to link, the old file stays.)
    static var path: String {
        get throws {
            if let path = ProcessInfo.processInfo.environment["DATEBOOK_BIN"], !path.isEmpty {
                return try executable(at: path, hint: "DATEBOOK_BIN names no executable file")
            }
            let root = try packageRoot()
            let path = root.appendingPathComponent(".build/debug/datebook").path
            return try executable(at: path, hint: "run `swift build` first, or set DATEBOOK_BIN")
        }
    }

    /// The folder holding Package.swift, found by walking up from this source file.
    static func packageRoot(from file: String = #filePath) throws -> URL {
        var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder.deleteLastPathComponent()
        }
        throw EndToEndFailure("no Package.swift above \(file); set DATEBOOK_BIN to the datebook executable")
    }

    private static func executable(at path: String, hint: String) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw EndToEndFailure("no datebook executable at \(path): \(hint)")
        }
        return path
    }
}
