import Foundation
import Testing

/// The journeys a person takes through the Events tab, in the real binary in tmux.
@Suite("Events journeys in a real terminal")
struct EventsJourneyTests {
    @Test("tabs switch by digit, Tab, Shift-Tab and a click; ? shows the keys")
    func tabs() async throws {
        let session = try TmuxSession()
        try await session.waitFor("No events, tasks or reminders yet")
        try session.send(keys: "3")
        try await session.waitFor("Wk Mo Tu We Th Fr Sa Su")
        try session.send(keys: "Tab")
        try await session.waitFor("[Invitations]  Hosting  Coming")
        try session.send(keys: "BTab", "BTab")
        try await session.waitFor("Type to search")
        try session.click(x: 3, y: 0)
        try await session.waitFor("No events, tasks or reminders yet")
        try session.send(keys: "?")
        try await session.waitFor("Everywhere")
        try session.send(keys: "Escape")
        try await session.waitUntil("help closed") { !$0.contains("Everywhere") }
        try session.send(keys: "q")
        #expect(try await session.waitForExit() == 0)
    }

    @Test("add an event in the form, edit it from its details, complete it, see it in History, bring it back")
    func addEditCompleteHistory() async throws {
        let session = try TmuxSession()
        try await session.waitFor("No events")
        try session.send(keys: "n")
        try await session.waitFor("Reminder")
        try session.send(keys: "e")
        try await session.waitFor("New event")
        try session.type("Dentist 会议 🎉")
        try session.send(keys: "C-s")
        try await session.waitFor("Saved \u{201C}Dentist 会议 🎉\u{201D}")
        try session.send(keys: "Enter")
        try await session.waitFor("When")
        try session.send(keys: "e")
        try await session.waitFor("Edit event")
        try session.send(keys: "End")
        try session.type(" check-up")
        try session.send(keys: "C-s")
        try await session.waitFor("Dentist 会议 🎉 check-up")
        try session.send(keys: "Escape")
        try await session.waitFor("1 item")
        try session.send(keys: "x")
        try await session.waitFor("Completed")
        try await session.waitFor("0 items")
        try session.send(keys: "h")
        try await session.waitFor("[x] Dentist")
        try session.send(keys: "x")
        try await session.waitFor("back in the list")
        try session.send(keys: "Escape")
        try await session.waitFor("1 item")
        try await session.waitFor("check-up")
    }

    @Test("a bad form says what is wrong beside the field and keeps the text; Esc asks before discarding")
    func formValidation() async throws {
        let session = try TmuxSession()
        try await session.waitFor("No events")
        try session.send(keys: "n", "t")
        try await session.waitFor("New task")
        try session.send(keys: "C-s")
        try await session.waitFor("! A title is required")
        try session.type("Pay rent")
        try session.send(keys: "Tab")
        try session.type("31/02")
        try session.send(keys: "C-s")
        try await session.waitUntil("the due date refused") { $0.contains("! ") && $0.contains("31") && $0.contains("Pay rent") }
        try session.send(keys: "Escape")
        try await session.waitFor("Discard your changes")
        try session.send(keys: "n")
        try await session.waitUntil("the question gone") { !$0.contains("Discard") }
        #expect(try session.screen().contains("Pay rent"))
        try session.send(keys: "Escape")
        try await session.waitFor("Discard your changes")
        try session.send(keys: "y")
        try await session.waitFor("No events")
    }

    @Test("quit with q, start again: everything is still there")
    func quitAndRelaunch() async throws {
        let first = try TmuxSession()
        try await first.waitFor("No events")
        try first.send(keys: "n", "r")
        try await first.waitFor("New reminder")
        try first.type("Water the plants")
        try first.send(keys: "C-s")
        try await first.waitFor("Saved")
        try first.send(keys: "q")
        #expect(try await first.waitForExit() == 0)

        let again = try TmuxSession(environment: ["DATEBOOK_DB": first.environment["DATEBOOK_DB"]!])
        try await again.waitFor("(!) Water the plants")
    }

    @Test("resizing down to 20x6 and below never breaks the screen, and growing back redraws it whole")
    func resize() async throws {
        let session = try TmuxSession()
        let db = session.environment["DATEBOOK_DB"]!
        try await session.waitFor("No events")
        _ = try Command.run(try DatebookBinary.path, ["add", "A long title that will not fit", "--task", "--db", db])
        try await session.waitFor("A long title", timeout: .seconds(5))
        try session.resize(width: 20, height: 6)
        try await session.waitUntil("the 20x6 layout with the task's row") {
            $0.contains("[ ] A long") && !$0.contains("Terminal too small")
        }
        try session.resize(width: 19, height: 5)
        try await session.waitFor("Terminal too small")
        try session.resize(width: 100, height: 30)
        // Growing back redraws everything: the whole title and tab bar, nothing left over.
        try await session.waitUntil("the full layout again") {
            $0.contains("A long title that will not fit") && $0.contains("5 Contacts") && !$0.contains("Terminal too small")
        }
        #expect(try session.end == nil)
    }

    @Test("an escape sequence in a title is shown as symbols, never obeyed")
    func inertTitles() async throws {
        let session = try TmuxSession()
        let db = session.environment["DATEBOOK_DB"]!
        let added = try Command.run(try DatebookBinary.path, ["add", "Evil\u{1B}[2J\u{1B}]0;pwned\u{07}", "--task", "--db", db])
        #expect(added.status == 0)
        try await session.waitFor("Evil\u{241B}[2J\u{241B}]0;pwned\u{2407}")
        #expect(try session.display("#{pane_title}") != "pwned")
    }

    @Test("two instances on one database both work and each sees the other's changes")
    func twoInstances() async throws {
        let a = try TmuxSession()
        let b = try TmuxSession(environment: ["DATEBOOK_DB": a.environment["DATEBOOK_DB"]!])
        try await a.waitFor("No events")
        try await b.waitFor("No events")
        try a.send(keys: "n", "t")
        try await a.waitFor("New task")
        try a.type("From A")
        try a.send(keys: "C-s")
        try await b.waitFor("From A")
        try b.send(keys: "n", "t")
        try await b.waitFor("New task")
        try b.type("From B")
        try b.send(keys: "C-s")
        try await a.waitFor("From B")
        try await b.waitFor("2 items")
        #expect(!(try a.screen()).contains("locked"))
        #expect(!(try b.screen()).contains("locked"))
    }
}

/// The Events list after years of use, in the real binary with the real clock: items are
/// placed around the moment the test runs.
@Suite("Events list over years in a real terminal")
struct EventsOverYearsJourneyTests {
    /// `yyyy-MM-dd HH:mm` in UTC, as `datebook add` reads it with TZ=UTC.
    static func field(_ date: Date) -> String {
        format(date, "yyyy-MM-dd HH:mm")
    }

    static func format(_ date: Date, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }

    @Test("the list opens at today, the past above in plain text with its years, a weekly series at its next meeting")
    func listOverYears() async throws {
        // Two years of items, then the planner opens on them.
        let home = try TemporaryDirectory(prefix: "datebook-e2e")
        let db = home.path("datebook.sqlite")
        let now = Date()
        let day = 86_400.0
        // The standup began 52 weeks ago, two hours later in the day than now: its next meeting
        // is two hours from now.
        let standupStart = now.addingTimeInterval(-364 * day + 2 * 3600)
        var adds: [[String]] = [
            ["Kick-off two years ago", "--start", Self.field(now.addingTimeInterval(-730 * day))],
            ["Yesterday's review", "--start", Self.field(now.addingTimeInterval(-day))],
            ["Weekly standup", "--start", Self.field(standupStart), "--end", Self.field(standupStart + 900),
             "--repeat", "weekly"],
            ["Dentist tomorrow", "--start", Self.field(now.addingTimeInterval(day))],
            ["A title long enough to be cut by its column at one hundred columns, and then some more words",
             "--start", Self.field(now.addingTimeInterval(1.5 * day)), "--place", "Somewhere with a long name"],
        ]
        for n in 0..<30 {
            adds.append(["Later \(n)", "--start", Self.field(now.addingTimeInterval(Double(3 + n) * day))])
        }
        for arguments in adds {
            let added = try Command.run(try DatebookBinary.path, ["add"] + arguments + ["--db", db],
                                        environment: ["TZ": "UTC"])
            #expect(added.status == 0, "\(added.standardError)")
        }
        let session = try TmuxSession(width: 100, height: 30, environment: ["TZ": "UTC"], home: home)
        // The first row of the list is the standup's next meeting, two hours from now.
        let next = standupStart.addingTimeInterval(364 * day)
        let screen = try await session.waitFor("35 items")
        let rows = screen.split(separator: "\n").map(String.init)
        #expect(rows[2].contains("Weekly standup"), "\(screen)")
        #expect(rows[2].contains(Self.format(next, "EEE d MMM")), "\(screen)")
        #expect(!screen.contains("Yesterday's review"))
        let long = try #require(rows.first { $0.contains("A title long enough") })
        #expect(long.contains("… "), "\(long)")

        // The past is above: g goes to its top, where the oldest item shows its year.
        try session.send(keys: "g")
        let past = try await session.waitFor("Yesterday's review")
        let kickOff = try #require(past.split(separator: "\n").first { $0.contains("Kick-off") })
        #expect(kickOff.contains(Self.format(now.addingTimeInterval(-730 * day), "yyyy")), "\(kickOff)")
        // Drawn dim, never red (SGR 31), as an ended event is past, not overdue.
        let styled = try session.styledScreen().split(separator: "\n")
        let review = try #require(styled.first { $0.contains("Yesterday's review") })
        #expect(!review.contains("[31m") && !review.contains(";31m") && !review.contains(";31;"), "\(review)")
        #expect(review.contains("[2m") || review.contains(";2m") || review.contains(";2;"), "\(review)")
        // t comes back to today.
        try session.send(keys: "t")
        try await session.waitUntil("back at the standup") { screen in
            screen.split(separator: "\n").dropFirst(2).first?.contains("Weekly standup") == true
        }
        // The list command agrees: the standup stands at its next meeting.
        let list = try Command.run(try DatebookBinary.path, ["list", "--db", db], environment: ["TZ": "UTC"])
        let titles = list.standardOutput.split(separator: "\n").map { $0.split(separator: "\t")[4] }
        #expect(titles.prefix(4) == ["Kick-off two years ago", "Yesterday's review", "Weekly standup", "Dentist tomorrow"])
    }

    @Test("x on a repeating task in the list asks which; only this one moves the row to the next occurrence")
    func completeOneOccurrenceInTheList() async throws {
        let home = try TemporaryDirectory(prefix: "datebook-e2e")
        let db = home.path("datebook.sqlite")
        let day = 86_400.0
        let first = try Self.addWaterPlants(db: db)
        let session = try TmuxSession(width: 100, height: 30, environment: ["TZ": "UTC"], home: home)
        try await session.waitUntil("the task at its first occurrence") {
            $0.contains("Water plants") && $0.contains(Self.format(first, "EEE d MMM"))
        }
        try session.send(keys: "x")
        try await session.waitUntil("the question") { $0.contains("Complete \u{201C}Water plants\u{201D}") && $0.contains("o only this one") }
        try session.send(keys: "o")
        try await session.waitFor("the rest of the series stays")
        // The row now stands at the next one, and only the first is completed.
        try await session.waitUntil("the row at the second occurrence") {
            $0.split(separator: "\n").contains { $0.contains("Water plants") && $0.contains(Self.format(first + day, "EEE d MMM")) }
        }
        #expect(try agendaStatuses(db: db, from: Self.format(first, "yyyy-MM-dd"), days: 5) == ["completed", "active", "active", "active", "active"])
        // On the details page, x asks about the occurrence the row shows; a all completes the series.
        try session.send(keys: "Enter")
        try await session.waitFor("Kind")
        try session.send(keys: "x")
        try await session.waitFor("o only this one")
        try session.send(keys: "a")
        try await session.waitFor("it is in History")
        #expect(try agendaStatuses(db: db, from: Self.format(first, "yyyy-MM-dd"), days: 5) == ["completed", "completed", "completed", "completed", "completed"])
    }

    @Test("one occurrence completed from the list is in History and in list --history; x there sets it back")
    func oneOccurrenceInHistory() async throws {
        let home = try TemporaryDirectory(prefix: "datebook-e2e")
        let db = home.path("datebook.sqlite")
        let first = try Self.addWaterPlants(db: db)
        let session = try TmuxSession(width: 100, height: 30, environment: ["TZ": "UTC"], home: home)
        try await session.waitFor("Water plants")
        try session.send(keys: "x")
        try await session.waitFor("o only this one")
        try session.send(keys: "o")
        try await session.waitFor("the rest of the series stays")
        let listed = try Command.run(try DatebookBinary.path, ["list", "--history", "--db", db], environment: ["TZ": "UTC"])
        let columns = listed.standardOutput.split(separator: "\n").first.map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(columns?[4] == "Water plants", "\(listed.standardOutput)")
        #expect(columns?[2] == Substring(Self.format(first, "EEE d MMM")), "\(listed.standardOutput)")
        #expect(columns?[6].hasPrefix("completed (one occurrence) ") == true, "\(listed.standardOutput)")
        try session.send(keys: "h")
        try await session.waitUntil("the occurrence's row in History") {
            $0.split(separator: "\n").contains { $0.contains("[x] Water plants (one occurrence)") }
        }
        try session.send(keys: "x")
        try await session.waitFor("is not completed")
        try await session.waitFor("History is empty")
        #expect(try agendaStatuses(db: db, from: Self.format(first, "yyyy-MM-dd"), days: 5) == ["active", "active", "active", "active", "active"])
    }

    /// Adds "Water plants", a task due at 18:00 from tomorrow on, five times; returns the first.
    static func addWaterPlants(db: String) throws -> Date {
        let first = Calendar.current.startOfDay(for: Date().addingTimeInterval(86_400)).addingTimeInterval(18 * 3600)
        let added = try Command.run(
            try DatebookBinary.path,
            ["add", "Water plants", "--task", "--due", Self.field(first), "--repeat", "daily, 5 times", "--db", db],
            environment: ["TZ": "UTC"])
        #expect(added.status == 0, "\(added.standardError)")
        return first
    }
}
