import ArgumentParser
import DatebookKit
import DatebookTerminal
import Foundation

/// `datebook remind`: rings alarms without a screen, once (for cron) or as a daemon.
struct Remind: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: "Ring the alarms that are due, without a screen: once, or as a daemon.",
        discussion: """
            Each alarm rings once, wherever it rings: the first of the planner and this \
            command to record it in the database rings it. Without --notify-command each is \
            printed on stdout: date and time, title, place.

            --notify-command 'notify-send {title} {time}' runs a program per alarm. The \
            template is split into arguments first, as a shell splits words (quotes keep \
            spaces), then {title}, {time}, {date}, {place}, {kind}, {id} and {rings} are \
            replaced inside each argument; nothing passes through a shell. A command that \
            fails is reported on stderr and the others still run; one still running after \
            --notify-timeout seconds is stopped and reported.
            """)

    @OptionGroup var store: StoreOptions

    @Flag(help: "Ring what is due now and exit (for cron).")
    var once = false

    @Flag(help: "Keep running: sleep until the next alarm, waking early when the database changes.")
    var daemon = false

    @Option(help: ArgumentHelp("The command run for each alarm.", valueName: "template"))
    var notifyCommand: String?

    @Option(help: ArgumentHelp("Seconds a notify command may run before it is stopped.", valueName: "seconds"))
    var notifyTimeout: Double = 5

    func validate() throws {
        if once == daemon {
            throw ValidationError("say --once or --daemon")
        }
        if !(notifyTimeout > 0 && notifyTimeout <= 3600) {
            throw ValidationError("--notify-timeout is a number of seconds from 0 to 3600")
        }
        if let notifyCommand {
            do {
                _ = try NotifyTemplate(notifyCommand)
            } catch {
                throw ValidationError("--notify-command: \(error)")
            }
        }
    }

    func run() throws {
        let template = try notifyCommand.map { try NotifyTemplate($0) }
        let database = try store.openStore()
        let check = ReminderCheck(store: database)
        let clock = Console.clock
        var failed = false
        func ringDue() {
            do {
                for ring in try check.takeDue(now: clock.now()) {
                    if !ringOne(ring, template: template) { failed = true }
                }
            } catch {
                Console.error("datebook remind: \(error)")
                failed = true
            }
        }
        guard daemon else {
            ringDue()
            if failed { throw ExitCode(1) }
            return
        }
        let clockFile = ProcessInfo.processInfo.environment[Clock.fileVariable]
        let watcher: FileChangeWatcher
        let feed: ChangeFeed
        do {
            watcher = try FileChangeWatcher(paths: FileChangeWatcher.databaseFiles(store.path) + (clockFile.map { [$0] } ?? []))
            feed = try database.changeFeed()
        } catch {
            Console.fail("datebook remind: \(error.localizedDescription)")
        }
        while true {
            _ = try? feed.changesSinceLastAsked()
            ringDue()
            let now = clock.now()
            let next = (try? check.nextRing(after: now)) ?? nil
            let deadline = Date().addingTimeInterval(next.map { min(max(0, $0.timeIntervalSince(now)), 3600) } ?? 3600)
            // A file written wakes the wait; only a commit by another process (or the clock
            // file moving) is worth a look. This process's own writes, and another's writes
            // before its commit, go back to sleep: the commit writes again and wakes it then.
            while watcher.wait(timeout: deadline.timeIntervalSinceNow) {
                if clockFile != nil { break }
                if (try? feed.changesSinceLastAsked().external) ?? true { break }
            }
        }
    }

    /// Rings one alarm: prints it, or runs the notify command for it. False when that failed.
    private func ringOne(_ ring: DueAlarm, template: NotifyTemplate?) -> Bool {
        let calendar = Console.calendar
        guard let template else {
            let dates = DateText(calendar: calendar)
            let line = [dates.field(ring.occurrence), ring.title, ring.place].filter { !$0.isEmpty }
                .map { InertText.line($0) }.joined(separator: "\t")
            Console.write(Array((line + "\n").utf8))
            return true
        }
        let arguments = template.arguments(for: ring, calendar: calendar)
        let outcome = NotifyRunner.run(arguments, timeout: notifyTimeout)
        if let problem = outcome.problem(program: arguments[0]) {
            Console.error("datebook remind: \(problem) (for \u{201C}\(ring.title)\u{201D})")
            return false
        }
        return true
    }
}
