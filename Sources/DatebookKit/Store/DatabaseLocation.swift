import Foundation

/// Where the database file is, from the command line and the environment.
public enum DatabaseLocation {
    /// The file name inside the data folder.
    public static let fileName = "datebook.sqlite"

    /// The database path, first of: the `--db` value, `DATEBOOK_DB`,
    /// `$XDG_DATA_HOME/datebook/datebook.sqlite`, `$HOME/.local/share/datebook/datebook.sqlite`.
    ///
    /// Empty values count as unset, and so does a relative `XDG_DATA_HOME` (the XDG Base
    /// Directory specification says to ignore it). A leading `~/` is read as `$HOME/`.
    /// Without `HOME`, the last choice is relative to the current folder.
    public static func resolve(explicit: String?, environment: [String: String]) -> String {
        let home = nonEmpty(environment["HOME"])
        if let explicit = nonEmpty(explicit) {
            return expandingTilde(explicit, home: home)
        }
        if let variable = nonEmpty(environment["DATEBOOK_DB"]) {
            return expandingTilde(variable, home: home)
        }
        if let dataHome = nonEmpty(environment["XDG_DATA_HOME"]), dataHome.hasPrefix("/") {
            return joined(dataHome, "datebook", fileName)
        }
        return joined(home ?? ".", ".local/share/datebook", fileName)
    }

    // MARK: - Path pieces

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }

    private static func expandingTilde(_ path: String, home: String?) -> String {
        guard let home else { return path }
        if path == "~" { return home }
        if path.hasPrefix("~/") { return joined(home, String(path.dropFirst(2))) }
        return path
    }

    private static func joined(_ parts: String...) -> String {
        var result = ""
        for part in parts where !part.isEmpty {
            if result.isEmpty {
                result = part
            } else {
                result = (result.hasSuffix("/") ? String(result.dropLast()) : result) + "/"
                    + (part.hasPrefix("/") ? String(part.dropFirst()) : part)
            }
        }
        return result
    }
}
