import Foundation

/// Opens an attachment with the desktop's program for it: `xdg-open`, or the command
/// `DATEBOOK_OPEN` names (its words are the program and its first arguments; the attachment
/// is the last argument, passed as it is, never through a shell).
public struct AttachmentOpener: Equatable, Sendable {
    public var command: [String]

    public init(command: [String]) {
        self.command = command
    }

    public static func from(environment: [String: String]) -> AttachmentOpener {
        let words = (environment["DATEBOOK_OPEN"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
        return AttachmentOpener(command: words.isEmpty ? ["xdg-open"] : words)
    }

    /// Starts the program on `attachment` (a path, `~/` allowed, or a link) and returns at
    /// once; the program's output goes nowhere, so it never writes over the screen.
    public func open(_ attachment: AttachmentFile, path environmentPath: String? = ProcessInfo.processInfo.environment["PATH"],
                     home: String = HomeFolder.path) throws(AttachmentError) {
        if attachment.state == .missing { throw .missing(attachment.text) }
        guard let program = command.first, let executable = Self.find(program, in: environmentPath) else {
            throw .noOpener(command.first ?? "xdg-open")
        }
        let target = attachment.state == .link ? attachment.text : AttachmentFile.expanded(attachment.text, home: home)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(command.dropFirst()) + [target]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .cannotStart(program, String(describing: error))
        }
        // Reaped when it ends, without holding the screen up.
        Thread.detachNewThread { process.waitUntilExit() }
    }

    /// The executable `program` names: itself when it has a slash, else the first in `PATH`.
    static func find(_ program: String, in path: String?) -> String? {
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) ? program : nil }
        for folder in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// Why an attachment was not opened.
public enum AttachmentError: Error, Equatable, CustomStringConvertible {
    case missing(String)
    case noOpener(String)
    case cannotStart(String, String)

    public var description: String {
        switch self {
        case let .missing(path): return "\(path) is no longer there"
        case let .noOpener(program):
            return "cannot open attachments: \(program) is not installed (DATEBOOK_OPEN names another program)"
        case let .cannotStart(program, reason): return "\(program) did not start: \(reason)"
        }
    }
}
