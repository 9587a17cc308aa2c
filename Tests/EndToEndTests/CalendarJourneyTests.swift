import Foundation
import Testing

/// Walking the Calendar tab in the real binary, as a person would.
@Suite("Calendar journeys in a real terminal")
struct CalendarJourneyTests {
    @Test("jump to a date, see overlapping events side by side, switch views, open and edit an event")
    func walkTheCalendar() async throws {
        let session = try TmuxSession(width: 100, height: 30, environment: ["TZ": "UTC"])
        let db = session.environment["DATEBOOK_DB"]!
        for arguments in [
            ["add", "Standup", "--start", "2027-03-15 09:00", "--end", "09:15", "--place", "Office"],
            ["add", "Dentist", "--start", "2027-03-15 09:30", "--place", "Main St 4"],
            ["add", "会议准备", "--start", "2027-03-15 10:00", "--end", "11:30"],
            ["add", "Pay rent", "--task", "--due", "2027-03-16 17:00"],
        ] {
            let result = try Command.run(try DatebookBinary.path, arguments + ["--db", db], environment: ["TZ": "UTC"])
            #expect(result.status == 0, "\(result.standardError)")
        }
        try await session.waitFor("4 items")
        try session.send(keys: "3")
        try await session.waitFor("Wk Mo Tu We Th Fr Sa Su")
        try session.send(keys: ":")
        try await session.waitFor("Go to date:")
        try session.type("2027-03-15")
        try session.send(keys: "Enter")
        // Standup and Dentist share the 09:00 row, side by side (waiting for the whole frame).
        try await session.waitUntil("15 March with Standup and Dentist side by side") { screen in
            screen.contains("Monday 15 March 2027 · week 11") && screen.contains("会议准备")
                && screen.split(separator: "\n").contains { $0.contains("09:00 ▏") && $0.contains("Standup") && $0.contains("Dentist") }
        }

        try session.send(keys: "W")
        try await session.waitFor("Week 11")
        try session.send(keys: "A")
        try await session.waitFor("Agenda from Monday 15 March 2027")
        try await session.waitFor("due 17:00")
        try session.send(keys: "D", "j")
        try await session.waitUntil("Dentist selected") { $0.contains("09:30-10:30") }
        try session.send(keys: "Enter")
        try await session.waitFor("Main St 4")
        try session.send(keys: "e")
        try await session.waitFor("Edit event")
        try session.send(keys: "End")
        try session.type(" (check-up)")
        try session.send(keys: "C-s")
        try await session.waitFor("Saved")
        try session.send(keys: "Escape")
        try await session.waitFor("Dentist (check-up)")
        try session.send(keys: "]")
        try await session.waitFor("Tuesday 16 March 2027")
        // A click on the month grid: March 2027 starts on a Monday, so the 17th is the third
        // row's Wednesday (the grid's days start at column 4, row 5, three columns apart).
        try session.click(x: 4 + 2 * 3, y: 5 + 2)
        try await session.waitFor("Wednesday 17 March 2027")
        try session.send(keys: "t")
        try await session.waitUntil("back to today") { !$0.contains("March 2027 · week") }
    }

    @Test("x on an occurrence of a series asks which: only this one is completed and dimmed, x again sets it back")
    func completeOneOccurrence() async throws {
        let session = try TmuxSession(width: 100, height: 30, environment: ["TZ": "UTC"])
        let db = session.environment["DATEBOOK_DB"]!
        let added = try Command.run(
            try DatebookBinary.path,
            ["add", "Standup", "--start", "2027-03-15 09:00", "--end", "09:15", "--repeat", "daily, 5 times", "--db", db],
            environment: ["TZ": "UTC"])
        #expect(added.status == 0, "\(added.standardError)")

        try await session.waitFor("1 item")
        try await session.goToDate("2027-03-15")
        try session.send(keys: "D", "j")
        try await session.waitUntil("the 15th's Standup selected") {
            $0.contains("Monday 15 March 2027") && $0.contains("09:00-09:15")
        }
        try session.send(keys: "x")
        try await session.waitUntil("the question") {
            $0.contains("Complete \u{201C}Standup\u{201D} on Mon 15 Mar 2027") && $0.contains("occurrences?")
                && $0.contains("o only this one · f this and following · a all")
        }
        try session.send(keys: "o")
        try await session.waitFor("Completed \u{201C}Standup\u{201D} on Mon 15 Mar 2027 09:00; the rest of the series stays")
        try await session.waitFor("✓ Standup")
        #expect(try agendaStatuses(db: db, from: "2027-03-15", days: 5) == ["completed", "active", "active", "active", "active"])

        // The next day's is not completed: it is drawn as one still to come.
        try session.send(keys: "]")
        try await session.waitUntil("the 16th, not completed") {
            $0.contains("Tuesday 16 March 2027") && $0.contains("09:00 Standup") && !$0.contains("✓")
        }
        // Back on the 15th, x sets the one occurrence back at once.
        try session.send(keys: "[", "j", "x")
        try await session.waitFor("\u{201C}Standup\u{201D} on Mon 15 Mar 2027 09:00 is not completed")
        #expect(try agendaStatuses(db: db, from: "2027-03-15", days: 5) == ["active", "active", "active", "active", "active"])

        // This and following: from the 17th on, the series is completed; before it, it goes on.
        try session.send(keys: "]", "]", "j", "x")
        try await session.waitFor("o only this one")
        try session.send(keys: "f")
        try await session.waitFor("Completed \u{201C}Standup\u{201D} from Wed 17 Mar 2027 09:00 on")
        #expect(try agendaStatuses(db: db, from: "2027-03-15", days: 5) == ["active", "active", "completed", "completed", "completed"])
    }

    /// A weekly 09:00 series in Berlin (with an EXDATE and a moved instance) across the end of
    /// summer time, an all-day holiday, a task, and a broken component.
    static let berlinCalendar = #"""
BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Example Corp//Calendar 1.0//EN
BEGIN:VTIMEZONE
TZID:Europe/Berlin
BEGIN:DAYLIGHT
TZOFFSETFROM:+0100
TZOFFSETTO:+0200
TZNAME:CEST
DTSTART:19700329T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:+0200
TZOFFSETTO:+0100
TZNAME:CET
DTSTART:19701025T030000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
END:STANDARD
END:VTIMEZONE
BEGIN:VEVENT
UID:standup-1@example.com
DTSTAMP:20261001T120000Z
DTSTART;TZID=Europe/Berlin:20261019T090000
DTEND;TZID=Europe/Berlin:20261019T091500
RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=8
EXDATE;TZID=Europe/Berlin:20261102T090000
SUMMARY:Standup 会议
LOCATION:Office
X-CUSTOM-THING:keep me
END:VEVENT
BEGIN:VEVENT
UID:standup-1@example.com
RECURRENCE-ID;TZID=Europe/Berlin:20261109T090000
DTSTAMP:20261001T120000Z
DTSTART;TZID=Europe/Berlin:20261109T100000
DTEND;TZID=Europe/Berlin:20261109T101500
SUMMARY:Standup (moved)
END:VEVENT
BEGIN:VEVENT
UID:holiday@example.com
DTSTAMP:20261001T120000Z
DTSTART;VALUE=DATE:20261225
DTEND;VALUE=DATE:20261227
SUMMARY:Christmas
END:VEVENT
BEGIN:VTODO
UID:todo-1@example.com
DTSTAMP:20261001T120000Z
DUE:20261124T170000Z
SUMMARY:Send the report
END:VTODO
BEGIN:VEVENT
DTSTAMP:20261001T120000Z
SUMMARY:No uid and no start
END:VEVENT
END:VCALENDAR
"""#

    @Test("import a file, walk the calendar in another time zone, change one occurrence, export it back")
    func importAndWalk() async throws {
        let folder = try TemporaryDirectory()
        let file = folder.path("cal.ics")
        try Self.berlinCalendar.replacingOccurrences(of: "\n", with: "\r\n").write(toFile: file, atomically: true, encoding: .utf8)
        let session = try TmuxSession(width: 100, height: 30, environment: ["TZ": "America/New_York"])
        let db = session.environment["DATEBOOK_DB"]!
        let environment = ["TZ": "America/New_York", "HOME": folder.path]
        let imported = try Command.run(try DatebookBinary.path, ["import", file, "--db", db], environment: environment)
        #expect(imported.standardOutput.contains("3 added"), "\(imported.standardOutput)")
        #expect(imported.standardError.contains("no DTSTART"), "\(imported.standardError)")

        try await session.waitFor("3 items")
        try await session.goToDate("2026-10-26")
        // Berlin has left summer time, New York not yet: 09:00 there is 04:00 here.
        // Wait for the whole condition: a capture can catch a frame half drawn.
        try await session.waitUntil("the 26 October standup at 04:00") {
            $0.contains("Monday 26 October 2026") && $0.contains("04:00 Standup 会议")
        }
        try session.send(keys: "]", "]", "]", "]", "]", "]", "]")  // Monday 2 November: skipped (EXDATE)
        try await session.waitUntil("2 November without the standup") {
            $0.contains("Monday 2 November 2026") && !$0.contains("Standup")
        }
        try session.send(keys: "W")
        try await session.waitFor("Week 45")
        try session.send(keys: "]", "D")
        try await session.waitUntil("the moved standup at 04:00 on 9 November") {
            $0.contains("Monday 9 November 2026") && $0.contains("04:00 Standup (moved)")
        }
        try session.send(keys: "d")
        try await session.waitFor("o only this one")
        try session.send(keys: "o")
        try await session.waitFor("Deleted the occurrence")
        try session.send(keys: "q")
        #expect(try await session.waitForExit() == 0)

        let exported = try Command.run(try DatebookBinary.path, ["export", "--db", db], environment: environment)
        #expect(exported.status == 0)
        #expect(exported.standardOutput.contains("X-CUSTOM-THING:keep me"))
        #expect(exported.standardOutput.contains("20261109T090000"), "the moved instance is now an exception date")
        #expect(!exported.standardOutput.contains("RECURRENCE-ID"))
    }
}

/// The week beside the month, views that keep the selection, and one changed occurrence of a
/// series, in the real binary.
@Suite("Calendar views and changed occurrences in a real terminal")
struct CalendarViewsJourneyTests {
    @Test("at 110 columns the week shows the month grid; D, W and A keep the selected event")
    func weekBesideMonth() async throws {
        let home = try TemporaryDirectory(prefix: "datebook-e2e")
        let db = home.path("datebook.sqlite")
        for arguments in [
            ["add", "Standup", "--start", "2027-03-15 09:00", "--end", "2027-03-15 09:15"],
            ["add", "Dentist", "--start", "2027-03-15 11:00", "--place", "Main St 4"],
            ["add", "Review", "--start", "2027-03-15 15:00"],
        ] {
            let result = try Command.run(try DatebookBinary.path, arguments + ["--db", db], environment: ["TZ": "UTC"])
            #expect(result.status == 0, "\(result.standardError)")
        }
        let session = try TmuxSession(width: 110, height: 40, environment: ["TZ": "UTC"], home: home)
        try await session.waitFor("3 items")
        try await session.goToDate("2027-03-15")
        try await session.waitFor("Monday 15 March 2027")
        // Select the Dentist: the summary under the month grid names it.
        try session.send(keys: "j")
        try await session.waitFor("@ Main St 4")
        try session.send(keys: "W")
        try await session.waitUntil("the week beside the month grid, the Dentist still selected") { screen in
            screen.contains("Week 11") && screen.contains("Wk Mo Tu We Th Fr Sa Su") && screen.contains("11:00-12:00")
        }
        try session.send(keys: "A")
        try await session.waitFor("Agenda from Monday 15 March 2027")
        try session.send(keys: "D")
        try await session.waitFor("Monday 15 March 2027 · week 11")
        try session.send(keys: "Enter")
        try await session.waitUntil("the Dentist's page") { $0.contains("Place        Main St 4") }
        // Narrower than 103 columns, the week stands alone.
        try session.send(keys: "Escape")
        try await session.waitUntil("back in the day view") { !$0.contains("Place        Main St 4") }
        try session.resize(width: 100, height: 40)
        try session.send(keys: "W")
        try await session.waitUntil("the week without the grid") { screen in
            screen.contains("Week 11") && !screen.contains("Wk Mo Tu We Th Fr Sa Su")
        }
    }

    @Test("one occurrence changed: its page shows its own title, and saving names it")
    func changedOccurrence() async throws {
        let home = try TemporaryDirectory(prefix: "datebook-e2e")
        let db = home.path("datebook.sqlite")
        let added = try Command.run(
            try DatebookBinary.path,
            ["add", "Standup", "--start", "2027-03-15 09:00", "--end", "2027-03-15 09:15", "--repeat", "weekly",
             "--place", "Office", "--db", db],
            environment: ["TZ": "UTC"])
        #expect(added.status == 0, "\(added.standardError)")
        let session = try TmuxSession(width: 100, height: 30, environment: ["TZ": "UTC"], home: home)
        try await session.waitFor("1 item")
        try await session.goToDate("2027-03-22")
        try await session.waitFor("Monday 22 March 2027")
        try session.send(keys: "e")
        try await session.waitFor("o only this one")
        try session.send(keys: "o")
        try await session.waitFor("Edit one occurrence")
        try session.send(keys: "End")
        try session.type(" with the board")
        try session.send(keys: "C-s")
        try await session.waitFor("Saved \u{201C}Standup with the board\u{201D} on Mon 22 Mar 2027")
        try session.send(keys: "Enter")
        try await session.waitUntil("the changed occurrence's own page") { screen in
            screen.split(separator: "\n").dropFirst().first == " Standup with the board"
                && screen.contains("Series       Standup")
        }
        // e there asks again, and the form holds the occurrence's own title.
        try session.send(keys: "e")
        try await session.waitFor("\u{201C}Standup with the board\u{201D} on Mon 22 Mar 2027")
        try session.send(keys: "o")
        try await session.waitFor("Edit one occurrence")
        try await session.waitFor("Standup with the board")
        try session.send(keys: "End")
        try session.type("!")
        try session.send(keys: "C-s")
        try await session.waitFor("Saved \u{201C}Standup with the board!\u{201D}")
        try await session.waitUntil("the page with the new title") {
            $0.split(separator: "\n").dropFirst().first == " Standup with the board!"
        }
    }
}
