import ArgumentParser
import DatebookCurses
import DatebookKit
import DatebookTerminal
import DatebookUI
import Foundation

/// `datebook` / `datebook open`: the full-screen planner.
struct Open: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the full-screen planner (the default command).")

    @OptionGroup var store: StoreOptions

    /// For `make bench`: open, draw one full frame, restore the terminal and exit.
    @Flag(help: .hidden)
    var exitAfterFirstFrame = false

    @Option(help: ArgumentHelp(
        "Minutes between automatic syncs with the accounts while the planner is open (0: only S syncs).",
        valueName: "minutes"))
    var syncInterval: Double = 5

    @Option(help: ArgumentHelp("Seconds one sync request may take (default 30).", valueName: "seconds"))
    var syncTimeout: Double = 30

    func validate() throws {
        guard syncInterval >= 0, syncInterval <= 24 * 60 else {
            throw ValidationError("--sync-interval must be between 0 and 1440 minutes")
        }
        guard syncTimeout > 0, syncTimeout <= 3600 else {
            throw ValidationError("--sync-timeout must be between 0 and 3600 seconds")
        }
    }

    func run() throws {
        // The file is checked for damage beside the first screen, not before it.
        let database = try store.openStore(checked: false)
        // Keep each series' stored instances the next weeks ahead as time passes (one indexed
        // query when nothing needs it; views further ahead keep more as they are read); a
        // failure here only makes those dates slower, so it is not fatal.
        _ = try? database.extendRecurrenceHorizon()
        let weather = WeatherService(
            settings: database, api: OpenMeteo.from(environment: ProcessInfo.processInfo.environment))
        // No sync, and no second connection, for a first frame alone.
        let runner = exitAfterFirstFrame ? nil : syncRunner(database)
        let accounts = runner == nil ? [] : (try? database.syncAccounts()) ?? []
        let app = AppCoordinator(store: database, clock: Console.clock, ids: .random, calendar: Console.calendar,
                                 weather: weather, reminders: ReminderCheck(store: database),
                                 sync: runner.map { sync(database, runner: $0) },
                                 damageCheck: exitAfterFirstFrame ? nil : damageCheck(database),
                                 feeds: { timeout in
                                     FeedFetcher(timeout: timeout).signingIn(to: accounts) { runner?.runner.password(for: $0) }
                                 })
        let terminal: Terminal
        do {
            terminal = try Terminal.start()
        } catch {
            Console.fail("\(error)")
        }
        if exitAfterFirstFrame {
            _ = app.handle(.resize(terminal.size()))
            terminal.draw(app.render(size: terminal.size()))
        } else {
            TerminalRunner.run(app, terminal: terminal)
        }
        terminal.stop()
    }

    /// The check for damage, on a connection of its own (a read there never waits on the
    /// screens' connection).
    private func damageCheck(_ database: SQLiteStore) -> DamageCheck? {
        guard database.path != ":memory:" else { return nil }
        let path = database.path
        return DamageCheck {
            try SQLiteStore(path: path, clock: Console.clock).checkForDamageBeforeWriting()
        }
    }

    /// Sync beside the screens, on a connection of its own to the file (so the screens' reads
    /// never queue behind a sync's writes, nor behind the count of changes waiting), or on the
    /// screens' own when a second one cannot be had.
    private func syncRunner(_ database: SQLiteStore) -> (runner: SyncRunner, store: SQLiteStore) {
        let own = database.path == ":memory:" ? database
            : (try? SQLiteStore(path: database.path, clock: Console.clock)) ?? database
        return (SyncRunner.engine(store: own, timeout: syncTimeout, environment: ProcessInfo.processInfo.environment), own)
    }

    private func sync(_ database: SQLiteStore, runner: (runner: SyncRunner, store: SQLiteStore)) -> SyncController {
        SyncController(store: database, statusStore: runner.store, runner: runner.runner, interval: syncInterval * 60)
    }
}
