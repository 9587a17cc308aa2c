import Foundation

/// The user's home folder as a shell reads `~`: `$HOME`, else the account's.
///
/// Foundation on Linux reads `~` (`expandingTildeInPath`, `NSHomeDirectory()`) from the
/// password database and ignores `$HOME`, so a path typed as `~/cal.ics` in a prompt named
/// another file than the same path in the shell (`HOME=/tmp/x datebook …`).
public enum HomeFolder {
    /// `$HOME` when it is set and not empty; else the account's home folder.
    public static var path: String {
        if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty { return home }
        return NSHomeDirectory()
    }

    /// `path` with a leading `~` or `~/` read as the home folder; any other path as it is
    /// (`~name/` too, which names another user's folder).
    public static func expanding(_ path: String, home: String = HomeFolder.path) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return (home.hasSuffix("/") ? String(home.dropLast()) : home) + path.dropFirst(1) }
        return path
    }
}
