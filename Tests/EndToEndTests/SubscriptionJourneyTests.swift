import Foundation
import Testing

/// A subscribed calendar and a birthday in the real binary's Calendar tab.
@Suite("Subscription journeys in a real terminal")
struct SubscriptionJourneyTests {
    @Test("subscribe Ana to an .ics file from a script, and see her busy time and Ben's birthday in the Calendar")
    func busyBlockAndBirthdayInTheCalendar() async throws {
        let home = try TemporaryDirectory(prefix: "datebook-e2e")
        let db = home.path("datebook.sqlite")
        // A day ten days from now, in UTC (the feed is read from 30 days back to a year ahead).
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let day = calendar.date(byAdding: .day, value: 10, to: calendar.startOfDay(for: Date()))!
        let parts = calendar.dateComponents([.year, .month, .day], from: day)
        let compact = String(format: "%04d%02d%02d", parts.year!, parts.month!, parts.day!)
        let dashed = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
        let feed = home.path("ana.ics")
        try Data("""
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VEVENT\r
            UID:ana-1\r
            DTSTAMP:20261101T000000Z\r
            DTSTART:\(compact)T140000Z\r
            DTEND:\(compact)T153000Z\r
            END:VEVENT\r
            END:VCALENDAR\r

            """.utf8).write(to: URL(fileURLWithPath: feed))
        for arguments in [
            ["contacts", "add", "Ana"],
            ["contacts", "add", "Ben", "--birthday", String(format: "1990-%02d-%02d", parts.month!, parts.day!)],
            ["add", "Dentist", "--start", "\(dashed) 14:30", "--end", "15:00"],
            ["subscriptions", "add", "Ana", feed],
            ["subscriptions", "refresh"],
        ] {
            let result = try Command.run(try DatebookBinary.path, arguments + ["--db", db], environment: ["TZ": "UTC"])
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
        }

        let session = try TmuxSession(width: 100, height: 30, environment: ["TZ": "UTC"], home: home)
        try await session.waitFor("1 item")
        try await session.goToDate(dashed)
        // Ana's busy time beside my Dentist, and Ben's birthday in the all-day row.
        try await session.waitUntil("Ana busy beside Dentist, and Ben's birthday") { screen in
            let lines = screen.split(separator: "\n")
            return lines.contains { $0.contains("14:00 ▏") && $0.contains("Ana: busy") && $0.contains("Dentist") }
                && screen.contains("Ben's birthday (\(parts.year! - 1990))")
        }
        // Item keys do not act on them: the selection is my Dentist, and e edits it.
        try session.send(keys: "A")
        try await session.waitUntil("the agenda lists both") { $0.contains("14:00-15:30") && $0.contains("Ana: busy") }
        try session.send(keys: "D", "e")
        try await session.waitFor("Edit event")
        #expect(try session.screen().contains("Dentist"))
    }
}
