import Foundation

/// Tab completion of the last path in the form's Attachments field (paths separated by `;`),
/// as a shell completes: one match is completed (a folder with its `/`), several to what they
/// share, and the matches are listed when nothing more can be added.
public enum PathCompletion {
    public struct Result: Equatable, Sendable {
        /// The field's text, completed as far as it can be.
        public var text: String
        /// The names that still match, when more than one does (at most `shownMatches`).
        public var matches: [String]
    }

    /// How many matches are listed.
    public static let shownMatches = 8

    /// The completion of the last path of `text`, or nil when nothing matches (or the last
    /// entry is empty, or a link). Relative paths are read from `workingDirectory`; names
    /// beginning with a dot are offered only when the typed name begins with one.
    public static func complete(_ text: String, workingDirectory: String = FileManager.default.currentDirectoryPath,
                                home: String = HomeFolder.path) -> Result? {
        let separator = text.lastIndex(of: ";").map { text.index(after: $0) } ?? text.startIndex
        let head = text[..<separator]
        let typed = text[separator...]
        let leading = typed.prefix { $0 == " " }
        let path = String(typed.dropFirst(leading.count))
        guard !path.isEmpty, !AttachmentFile.isLink(path) else { return nil }
        let slash = path.lastIndex(of: "/")
        let folderPart = slash.map { String(path[...$0]) } ?? ""
        let stem = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var folder = AttachmentFile.expanded(folderPart.isEmpty ? "." : folderPart, home: home)
        if path.hasPrefix("~") && slash == nil { return nil }
        if !folder.hasPrefix("/") { folder = workingDirectory + "/" + folder }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        let matching = names.filter { $0.hasPrefix(stem) && (stem.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted()
        guard let first = matching.first else { return nil }
        var completed: String
        if matching.count == 1 {
            completed = first
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + first, isDirectory: &isFolder), isFolder.boolValue {
                completed += "/"
            }
        } else {
            completed = matching.dropFirst().reduce(first) { shared, name in String(shared.commonPrefix(with: name)) }
        }
        let result = String(head) + leading + folderPart + completed
        return Result(text: result, matches: matching.count == 1 ? [] : Array(matching.prefix(shownMatches)))
    }
}
