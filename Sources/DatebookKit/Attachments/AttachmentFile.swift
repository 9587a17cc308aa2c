import Foundation

/// One attachment of an item as it stands now: a file (there or missing, with its size) or
/// a link (`https://…`, `mailto:…`), which is never looked up.
public struct AttachmentFile: Equatable, Sendable {
    public enum State: Equatable, Sendable {
        case file(size: Int64)
        case folder
        case missing
        case link
    }

    /// The attachment as stored: a path (`~/` allowed) or a URI.
    public let text: String
    public let state: State

    /// Looks at the file `text` names (nothing is read from it; a link is not looked up).
    public static func inspect(_ text: String, home: String = HomeFolder.path) -> AttachmentFile {
        if isLink(text) { return AttachmentFile(text: text, state: .link) }
        let path = expanded(text, home: home)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            return AttachmentFile(text: text, state: .missing)
        }
        if isFolder.boolValue { return AttachmentFile(text: text, state: .folder) }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
        return AttachmentFile(text: text, state: .file(size: size))
    }

    init(text: String, state: State) {
        self.text = text
        self.state = state
    }

    /// True for a URI with a scheme (`https:`, `mailto:`), false for a path.
    public static func isLink(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
        let scheme = text[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return scheme.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
        }
    }

    /// `text` as it is kept: a relative path made absolute from `workingDirectory` (`..` and
    /// `.` resolved); an absolute path, a `~/` path or a link as typed.
    public static func absolute(_ text: String,
                                workingDirectory: String = FileManager.default.currentDirectoryPath) -> String {
        guard !isLink(text), !text.hasPrefix("/"), !text.hasPrefix("~") else { return text }
        return URL(fileURLWithPath: workingDirectory + "/" + text).standardizedFileURL.path
    }

    /// A path with a leading `~/` made absolute.
    public static func expanded(_ path: String, home: String = HomeFolder.path) -> String {
        HomeFolder.expanding(path, home: home)
    }

    /// What the details page says beside it: `1.2 MB`, `folder`, `missing`, `link`.
    public var summary: String {
        switch state {
        case let .file(size): return Self.size(size)
        case .folder: return "folder"
        case .missing: return "missing"
        case .link: return "link"
        }
    }

    /// `512 bytes`, `3.4 KB`, `1.2 MB`, `2.0 GB` (powers of 1,000, as file managers show).
    public static func size(_ bytes: Int64) -> String {
        if bytes < 1_000 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1_000
        var unit = 0
        while value >= 999.95, unit < units.count - 1 {
            value /= 1_000
            unit += 1
        }
        return String(format: "%.1f %@", value, units[unit])
    }
}
