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
        let day = try await session.waitFor("Monday 15 March 2027 · week 11")
        // Standup and Dentist share the 09:00 row, side by side.
        let nine = try #require(day.split(separator: "\n").first { $0.contains("09:00 ▏") })
        #expect(nine.contains("Standup") && nine.contains("Dentist"), "\(nine)")
        #expect(day.contains("会议准备"))

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
}
