import ArgumentParser
import DatebookKit
import DatebookTerminal
import Foundation

/// `datebook`: the full-screen planner by default, and commands for scripts.
@main
struct Datebook: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "datebook",
        abstract: "A full-screen terminal planner: events, tasks and reminders in five tabs.",
        discussion: """
            Run without a command to open the planner. The database is one SQLite file:
            --db PATH, else $DATEBOOK_DB, else $XDG_DATA_HOME/datebook/datebook.sqlite
            (~/.local/share/datebook/datebook.sqlite). It is created on first use.

            Dates accept 2026-11-22, 2026-11-22 14:30, 22/11, tomorrow, fri, +3d, 14:30, 2pm.
            """,
        version: "0.1.0",
        subcommands: [
            Open.self, Add.self, List.self, Agenda.self, Search.self, Import.self, Export.self, Contacts.self,
            Subscriptions.self, MeCommand.self, MeetingCommand.self, Inbox.self, WeatherCommand.self, Check.self, Remind.self,
            AccountCommand.self, SyncCommand.self,
        ],
        defaultSubcommand: Open.self
    )

    static func main() {
        // Past a file size limit, a write should fail with an error Datebook reports, not
        // end the process by a signal halfway through.
        signal(SIGXFSZ, SIG_IGN)
        do {
            var command = try parseAsRoot(nil)
            try command.run()
        } catch {
            // As ArgumentParser's own exit, except that an error quoting what was typed (an
            // unknown option, a bad value) shows its control characters, never obeys them.
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
            } else if !message.isEmpty {
                Console.error(message)
            }
            Foundation.exit(code.rawValue)
        }
    }
}

/// Options every command takes.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The database file.", valueName: "path"))
    var db: String?

    /// The database path these options name.
    var path: String {
        DatabaseLocation.resolve(explicit: db, environment: ProcessInfo.processInfo.environment)
    }

    /// Opens the store, or explains on stderr why not and exits non-zero.
    ///
    /// A command that only reads (`creating: false`) creates nothing: without a database file
    /// it says so on stderr and reads an empty store. A command that writes is refused when
    /// the file is damaged (`checkForDamageBeforeWriting`), unless it runs on (`checked: false`:
    /// the planner and the reminder daemon, which look on their own).
    func openStore(creating: Bool = true, checked: Bool = true) throws -> SQLiteStore {
        let path = self.path
        if !creating && !FileManager.default.fileExists(atPath: path) {
            Console.error("datebook: there is no database at \(path) yet; nothing to read")
            do {
                return try SQLiteStore.inMemory()
            } catch {
                Console.fail("datebook: \(error)")
            }
        }
        do {
            let database = try SQLiteStore(path: path, clock: Console.clock)
            if creating && checked {
                try database.checkForDamageBeforeWriting()
            }
            return database
        } catch {
            Console.fail("datebook: \(error)")
        }
    }
}

/// Writing to the terminal from commands.
enum Console {
    /// The time: the real one, or the file `DATEBOOK_CLOCK_FILE` names (a testing aid).
    static let clock = Clock.fromEnvironment(ProcessInfo.processInfo.environment)

    /// Writes a message and a line end on stderr. Its lines are made inert (`InertText`): a
    /// message may quote a file (an import's notes name UIDs and TZIDs as the file wrote them)
    /// or a path, and a terminal must show an ESC or BEL in them, not obey it.
    static func error(_ message: String) {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { InertText.line(String($0)) }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// Writes bytes to stdout as they are, in large pieces.
    static func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(1, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    /// Prints a message on stderr and exits with status 1.
    static func fail(_ message: String) -> Never {
        error(message)
        Foundation.exit(1)
    }

    /// Imports `file` (or standard input for `-`) with `fromData` and `fromPath`, or explains on
    /// stderr which input could not be read and exits.
    static func importInput<Report>(
        _ file: String, command: String, fromData: (Data) throws -> Report, fromPath: (String) throws -> Report
    ) -> Report {
        do {
            return file == "-" ? try fromData(FileHandle.standardInput.readDataToEndOfFile()) : try fromPath(file)
        } catch {
            fail("datebook \(command): \(file == "-" ? "standard input" : file): \(error)")
        }
    }

    /// Reads a date option as `DateParser` does, relative to `base`, or explains on stderr and exits.
    static func date(_ text: String, option: String, command: String, relativeTo base: Date = Date()) -> ParsedDate {
        do {
            return try DateParser(now: base, calendar: calendar).parse(text)
        } catch {
            fail("datebook \(command): --\(option): \(error)")
        }
    }

    /// The calendar dates are read and shown in: Gregorian, the local time zone (TZ), weeks from Monday.
    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        calendar.locale = Locale(identifier: "en_US_POSIX")
        calendar.firstWeekday = 2
        calendar.minimumDaysInFirstWeek = 4
        return calendar
    }
}
