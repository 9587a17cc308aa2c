import ArgumentParser
import DatebookKit
import DatebookTerminal
import Foundation

/// `datebook check`: SQLite's integrity check over the whole file, and what to do when it fails.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the database file for damage, and say how to recover.",
        discussion: """
            Reads every page of the file (SQLite's integrity check) and every item. Prints \
            "ok" and exits 0 when the file is whole; else prints what is damaged and how to \
            recover, and exits 1. Nothing is written either way.
            """)

    @OptionGroup var store: StoreOptions

    func run() throws {
        let path = store.path
        guard FileManager.default.fileExists(atPath: path) else {
            Console.fail("datebook check: there is no database at \(path)")
        }
        let problems: [String]
        do {
            problems = try SQLiteStore.integrityProblems(path: path)
        } catch {
            switch error {
            case .cannotOpen, .newerVersion, .notADatabase:
                Console.error("datebook check: \(error)")  // these name the file themselves
            default:
                Console.error("datebook check: \(path): \(error)")
            }
            // A file that cannot be read (its permissions, a folder) or that a newer Datebook
            // wrote is no damage: copying and recovering it would not help. Another program's
            // file may be one damaged at its very start.
            switch error {
            case .cannotOpen, .newerVersion: break
            default: Self.adviseRecovery(path)
            }
            throw ExitCode(1)
        }
        if problems.isEmpty {
            print(InertText.line("ok: \(path) is whole"))
            return
        }
        Console.error("datebook check: the database file is damaged: \(path)")
        for problem in problems.prefix(20) {
            Console.error("  \(problem)")
        }
        if problems.count > 20 {
            Console.error("  … and \(problems.count - 20) more")
        }
        Self.adviseRecovery(path)
        throw ExitCode(1)
    }

    /// How to get the data back, on stderr.
    static func adviseRecovery(_ path: String) {
        let quoted = "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        Console.error(
            """
            To recover:
              1. Keep the damaged file as it is: cp \(quoted) \(quoted).damaged
              2. If you have a good copy of it (a backup) or an export taken before the damage,
                 use that: put the copy back, or `datebook import --db NEW.sqlite export.ics`.
              3. Else save what SQLite can still read into a new file and check it:
                 sqlite3 \(quoted) .recover | sqlite3 recovered.sqlite
                 datebook check --db recovered.sqlite
                 then use it with --db recovered.sqlite (or move it into place).
            """)
    }
}
