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

    func run() throws {
        let database = try store.openStore()
        // Keep each series' stored instances the next weeks ahead as time passes (one indexed
        // query when nothing needs it; views further ahead keep more as they are read); a
        // failure here only makes those dates slower, so it is not fatal.
        _ = try? database.extendRecurrenceHorizon()
        let weather = WeatherService(
            settings: database, api: OpenMeteo.from(environment: ProcessInfo.processInfo.environment))
        let app = AppCoordinator(store: database, clock: Console.clock, ids: .random, calendar: Console.calendar,
                                 weather: weather, reminders: ReminderCheck(store: database))
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
}
