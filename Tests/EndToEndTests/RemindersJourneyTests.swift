import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Alarms ringing in the real binary: the banner and bell in tmux, snooze and dismiss, the
/// reminders missed while nothing ran, and `datebook remind` with a stand-in notify command.
/// Time comes from a clock file (`DATEBOOK_CLOCK_FILE`) the tests write: nothing waits for a
/// real minute.
@Suite("Reminders in a real terminal and from the command line")
struct RemindersJourneyTests {
    /// A home with a clock file and a notify script that appends its arguments to a file.
    struct Home {
        let folder: TemporaryDirectory
        var clock: String { folder.path("clock") }
        var calls: String { folder.path("calls") }
        var script: String { folder.path("notify.sh") }

        init() throws {
            folder = try TemporaryDirectory(prefix: "datebook-e2e")
            // Each call: its arguments joined by |, then its pid, on one line; "B" fails, "Hang" hangs.
            let script = """
                #!/bin/sh
                case "$1" in
                  B) exit 3 ;;
                  Hang) echo $$ > "\(folder.path("hung.pid"))"; sleep 30 ;;
                esac
                printf '%s|' "$@" >> "\(folder.path("calls"))"
                echo >> "\(folder.path("calls"))"

                """
            try script.write(toFile: folder.path("notify.sh"), atomically: true, encoding: .utf8)
            chmod(folder.path("notify.sh"), 0o755)
        }

        func setClock(_ text: String) throws {
            try (text + "\n").write(toFile: clock, atomically: true, encoding: .utf8)
        }

        var environment: [String: String] {
            var environment = TmuxSession.environment(home: folder)
            environment["TZ"] = "UTC"
            environment["DATEBOOK_CLOCK_FILE"] = clock
            return environment
        }

        @discardableResult
        func datebook(_ arguments: [String], allowFailure: Bool = false) throws -> Command.Result {
            let result = try Command.run(try DatebookBinary.path, arguments, environment: environment, timeout: .seconds(30))
            guard result.status == 0 || allowFailure else {
                throw EndToEndFailure("\(arguments) failed: \(result.standardError)")
            }
            return result
        }

        func session(_ arguments: [String] = []) throws -> TmuxSession {
            try TmuxSession(arguments: arguments, environment: ["TZ": "UTC", "DATEBOOK_CLOCK_FILE": clock], home: folder)
        }

        /// The notify command's calls so far, one per line.
        func callLines() -> [String] {
            ((try? String(contentsOfFile: calls, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
    }

    @Test("an alarm a minute ahead shows its banner on every tab and rings; snooze brings it back; Esc dismisses")
    func bannerSnoozeDismiss() async throws {
        let home = try Home()
        try home.setClock("2026-11-23T08:44:00Z")
        try home.datebook(["add", "Dentist", "--start", "2026-11-23 09:00", "--place", "Main St 4", "--alarm", "15m"])
        let tui = try home.session()
        try await tui.waitFor("Dentist")
        #expect(try !tui.screen().contains("\u{23F0}"))
        #expect(try tui.display("#{window_bell_flag}") == "0")

        // On another tab, a minute later by the clock: the banner over it, and the bell.
        try tui.send(keys: "3")
        try await tui.waitUntil("the Calendar") { !$0.contains("Events  1 item") }
        try home.setClock("2026-11-23T08:45:00Z")
        try await tui.waitUntil("the banner over the Calendar") {
            $0.contains("\u{23F0} Dentist \u{2014} Mon 23 Nov 09:00 \u{00B7} Main St 4")
                && $0.contains("Enter open \u{00B7} z snooze \u{00B7} Esc dismiss") && !$0.contains("Events  1 item")
        }
        try await waitUntil("the bell rang") { try tui.display("#{window_bell_flag}") == "1" }

        // Snooze: a bad duration is refused and kept; 5 minutes is taken.
        try tui.send(keys: "z")
        try await tui.waitFor("Snooze for:")
        try tui.type("soon")
        try tui.send(keys: "Enter")
        try await tui.waitFor("Cannot read \u{201C}soon\u{201D}")
        for _ in 0..<4 { try tui.send(keys: "BSpace") }
        try tui.type("5")
        try tui.send(keys: "Enter")
        try await tui.waitFor("Snoozed \u{201C}Dentist\u{201D} until 08:50")
        #expect(try !tui.screen().contains("\u{23F0}"))

        // Back when the clock passes the snooze; Esc dismisses it for good.
        try home.setClock("2026-11-23T08:50:30Z")
        try await tui.waitFor("\u{23F0} Dentist")
        try tui.send(keys: "Escape")
        try await tui.waitUntil("the banner gone") { !$0.contains("\u{23F0}") }
        try home.setClock("2026-11-23T08:58:00Z")
        try tui.send(keys: "q")
        #expect(try await tui.waitForExit() == 0)

        // Started again: nothing missed, nothing ringing.
        let again = try home.session()
        try await again.waitFor("Dentist")
        #expect(try !again.screen().contains("missed"))
        #expect(try !again.screen().contains("\u{23F0}"))
    }

    @Test("Enter on the banner opens the item's details; two rings at once show 1 of 2")
    func enterOpensTheItem() async throws {
        let home = try Home()
        try home.setClock("2026-11-23T08:40:00Z")
        try home.datebook(["add", "Dentist", "--start", "2026-11-23 09:00", "--alarm", "15m"])
        try home.datebook(["add", "Standup", "--start", "2026-11-23 08:55", "--alarm", "11m", "--alarm", "1d"])
        let tui = try home.session()
        try await tui.waitFor("Standup")
        try home.setClock("2026-11-23T08:45:30Z")
        try await tui.waitFor("\u{23F0} 1 of 2: Standup")
        try tui.send(keys: "Enter")
        try await tui.waitUntil("Standup's details and Dentist's banner") {
            $0.contains("Alarm 1      11m before") && $0.contains("Alarm 2      1d before")
                && $0.contains("2 of 2: Dentist")
        }
    }

    @Test("alarms that came due while nothing ran are listed at the next start, once")
    func missedAtStart() async throws {
        let home = try Home()
        try home.setClock("2026-11-23T08:00:00Z")
        try home.datebook(["remind", "--once"])
        try home.datebook(["add", "Dentist", "--start", "2026-11-23 09:00", "--alarm", "30m"])
        try home.datebook(["add", "Report", "--task", "--due", "2026-11-23 09:30", "--alarm", "2026-11-23 09:10"])
        try home.datebook(["add", "Later", "--start", "2026-11-23 12:00", "--alarm", "15m"])
        try home.setClock("2026-11-23T10:00:00Z")
        let tui = try home.session()
        let screen = try await tui.waitFor("2 reminders you missed")
        #expect(screen.contains("Mon 23 Nov 09:00  Dentist"))
        #expect(screen.contains("Mon 23 Nov 09:30  Report"))
        #expect(!screen.contains("Later"))
        try tui.send(keys: "Escape")
        try await tui.waitUntil("the list closed") { !$0.contains("missed") }
        try tui.send(keys: "q")
        #expect(try await tui.waitForExit() == 0)

        let again = try home.session()
        try await again.waitFor("Later")
        #expect(try !again.screen().contains("missed"))
    }

    @Test("remind --once runs the notify command once per alarm, titles as single arguments, even with the planner open")
    func onceWithThePlannerOpen() async throws {
        let home = try Home()
        try home.setClock("2026-11-23T08:40:00Z")
        try home.datebook(["add", "Dentist; rm -rf \"$HOME\" 'x'", "--start", "2026-11-23 09:00", "--place", "Main St",
                           "--alarm", "15m"])
        let tui = try home.session()
        try await tui.waitFor("Dentist")
        try home.setClock("2026-11-23T08:46:00Z")
        let template = "\(home.script) {title} '{time} at {place}'"
        try home.datebook(["remind", "--once", "--notify-command", template])
        try home.datebook(["remind", "--once", "--notify-command", template])
        // One more ring, after that: when the planner shows it, it has looked at Dentist too.
        try home.datebook(["add", "Lunch", "--start", "2026-11-23 08:50", "--alarm", "2026-11-23 08:46"])
        // The planner shows Lunch's ring; Dentist's too ("1 of 2") when it took it first.
        let screen = try await tui.waitUntil("Lunch's ring in the planner") {
            $0.contains("\u{23F0} Lunch \u{2014}") || $0.contains("of 2")
        }
        let rangInPlanner = screen.contains("of 2") ? 1 : 0
        let calls = home.callLines()
        #expect(calls.count + rangInPlanner == 1, "calls: \(calls), screen:\n\(screen)")
        if rangInPlanner == 0 {
            #expect(calls == ["Dentist; rm -rf \"$HOME\" 'x'|09:00 at Main St|"])
        }
        #expect(FileManager.default.fileExists(atPath: home.folder.path(".")))
    }

    @Test("a notify command that fails or hangs is reported and stopped; the others still run")
    func failingAndHangingCommands() throws {
        let home = try Home()
        try home.setClock("2026-11-23T08:40:00Z")
        try home.datebook(["remind", "--once"])
        for title in ["A", "B", "Hang", "D"] {
            try home.datebook(["add", title, "--start", "2026-11-23 09:00", "--alarm", "15m"])
        }
        try home.setClock("2026-11-23T08:45:10Z")
        let started = ContinuousClock.now
        let result = try home.datebook(
            ["remind", "--once", "--notify-command", "\(home.script) {title}", "--notify-timeout", "1"],
            allowFailure: true)
        #expect(ContinuousClock.now - started < .seconds(20))  // the hung one sleeps 30 s
        #expect(result.status == 1)
        #expect(result.standardError.contains("exited with status 3 (for \u{201C}B\u{201D})"))
        #expect(result.standardError.contains("was still running after 1 s and was stopped (for \u{201C}Hang\u{201D})"))
        #expect(Set(home.callLines()) == ["A|", "D|"])
        let pid = try #require(pid_t(try String(contentsOfFile: home.folder.path("hung.pid"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, 0) != 0, "the hung command still runs")

        let missing = try home.datebook(["remind", "--once", "--notify-command", "no-such-notifier {title}"],
                                        allowFailure: true)
        #expect(missing.status == 0)  // nothing due any more: it runs nothing
        let bad = try home.datebook(["remind", "--once", "--notify-command", "notify-send 'unclosed"], allowFailure: true)
        #expect(bad.status != 0)
        #expect(bad.standardError.contains("quote that is not closed"))
        let neither = try home.datebook(["remind"], allowFailure: true)
        #expect(neither.standardError.contains("--once or --daemon"))
    }

    @Test("the daemon rings an alarm saved while it sleeps, woken by the change, and when the clock moves")
    func daemonWakesOnChange() async throws {
        let home = try Home()
        try home.setClock("2026-11-23T08:40:00Z")
        try home.datebook(["remind", "--once"])
        let daemon = try home.session(["remind", "--daemon", "--notify-command", "\(home.script) {title} {time}"])
        // Saved while it sleeps in its wait for a change, due now. Any other sleep (a page read
        // while it starts) would let it find the alarm at its first look, woken or not.
        try await waitUntil("the daemon waits for a change") {
            try String(contentsOfFile: "/proc/\(try daemon.pid ?? 0)/wchan", encoding: .utf8).contains("poll")
        }
        // Without the wake it would sleep an hour (no alarm is due before then): ringing within
        // the wait's bound shows the change woke it. The bound is for a CI machine running every
        // suite at once; make bench times the wake alone (< 1 s).
        try home.datebook(["add", "Now", "--start", "2026-11-23 08:50", "--alarm", "10m"])
        try await waitUntil("the notify command ran for Now", timeout: TmuxSession.patience) {
            home.callLines() == ["Now|08:50|"]
        }
        // Due later: rung when the clock reaches it, not before.
        try home.datebook(["add", "Later", "--start", "2026-11-23 09:30", "--alarm", "15m"])
        try home.setClock("2026-11-23T09:14:00Z")
        try home.datebook(["list"])
        #expect(home.callLines() == ["Now|08:50|"])
        try home.setClock("2026-11-23T09:15:00Z")
        try await waitUntil("the notify command ran for Later", timeout: TmuxSession.patience) {
            home.callLines() == ["Now|08:50|", "Later|09:30|"]
        }
        #expect(try !daemon.isDead)
    }

    /// Polls `condition` every 50 ms until it holds, failing after `timeout`.
    func waitUntil(_ what: String, timeout: Duration = .seconds(10), _ condition: () throws -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while try !condition() {
            if ContinuousClock.now >= deadline { throw EndToEndFailure("waited \(timeout) for \(what)") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}
