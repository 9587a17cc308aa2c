import Foundation
import Testing

/// Typing in the item form of the real binary in tmux: the end follows the start, fields edit
/// like a shell line, and each message stands under the field that is wrong.
@Suite("Form journeys in a real terminal")
struct FormJourneyTests {
    /// The day after `date` in UTC, as a form's date field reads: `2026-11-24`.
    static func day(after date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let next = calendar.date(byAdding: .day, value: 1, to: date)!
        let parts = calendar.dateComponents([.year, .month, .day], from: next)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    /// The one item of the session's database, from `datebook list --json`.
    static func onlyItem(_ session: TmuxSession) throws -> [String: Any] {
        let listed = try Command.run(
            try DatebookBinary.path, ["list", "--json", "--db", session.environment["DATEBOOK_DB"]!],
            environment: ["TZ": "UTC"])
        #expect(listed.status == 0, "\(listed.standardError)")
        let items = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: Any]])
        try #require(items.count == 1, "\(items)")
        return items[0]
    }

    /// What a form line shows after its label: the field's text (and the hint of a focused one).
    static func field(_ label: String, in screen: String) -> String? {
        guard let line = line(containing: label + "  ", in: screen)?.line,
            let range = line.range(of: label + "  ")
        else { return nil }
        return line[range.upperBound...].trimmingCharacters(in: .whitespaces)
    }

    /// The screen line that holds `text`, and the line under it.
    static func line(containing text: String, in screen: String) -> (line: String, below: String)? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let index = lines.firstIndex(where: { $0.contains(text) }) else { return nil }
        return (lines[index], index + 1 < lines.count ? lines[index + 1] : "")
    }

    @Test("new event, Start \"tomorrow 9:30\" typed over the prefilled date, Ctrl-S: a one-hour event tomorrow")
    func newEventTomorrow() async throws {
        let before = Date()
        let session = try TmuxSession(environment: ["TZ": "UTC"])
        try await session.waitFor("No events")
        try session.send(keys: "n", "e")
        try await session.waitFor("New event")
        try session.type("Dentist")
        try session.send(keys: "Tab")
        try session.type("tomorrow 9:30")
        try await session.waitUntil("the prefilled start replaced") {
            Self.field("Start", in: $0)?.hasPrefix("tomorrow 9:30 ") == true
        }
        try session.send(keys: "C-s")
        try await session.waitFor("Saved \u{201C}Dentist\u{201D}")
        try await session.waitFor("09:30-10:30")

        let item = try Self.onlyItem(session)
        let tomorrow = [Self.day(after: before), Self.day(after: Date())]
        let start = try #require(item["start"] as? String)
        #expect(tomorrow.map { $0 + "T09:30:00+00:00" }.contains(start))
        #expect(item["end"] as? String == start.replacingOccurrences(of: "T09:30", with: "T10:30"))
    }

    @Test("edit an event, move its start to another day: the end moves with it and keeps the length")
    func moveExistingEvent() async throws {
        let session = try TmuxSession(environment: ["TZ": "UTC"])
        let db = session.environment["DATEBOOK_DB"]!
        let added = try Command.run(
            try DatebookBinary.path, ["add", "Workshop", "--start", "2027-03-15 09:00", "--end", "10:30", "--db", db],
            environment: ["TZ": "UTC"])
        #expect(added.status == 0, "\(added.standardError)")
        try await session.waitFor("Workshop")
        try session.send(keys: "e")
        try await session.waitFor("Edit event")
        try session.send(keys: "Tab")
        try session.type("2027-03-17 14:00")
        try session.send(keys: "Tab")
        // Leaving the Start moves the End at once, before anything is saved.
        try await session.waitUntil("the end moved to 17 March 15:30") {
            Self.line(containing: "End", in: $0)?.line.contains("2027-03-17 15:30") == true
        }
        try session.send(keys: "C-s")
        try await session.waitFor("Saved \u{201C}Workshop\u{201D}")

        let item = try Self.onlyItem(session)
        #expect(item["start"] as? String == "2027-03-17T14:00:00+00:00")
        #expect(item["end"] as? String == "2027-03-17T15:30:00+00:00")
    }

    @Test("Ctrl-U, Ctrl-W, Ctrl-A, Ctrl-K and Ctrl-E reach the field and edit it like a shell line")
    func shellLineKeys() async throws {
        let session = try TmuxSession(environment: ["TZ": "UTC"])
        try await session.waitFor("No events")
        try session.send(keys: "n", "e")
        try await session.waitFor("New event")
        try session.type("Lunch at noon")
        try session.send(keys: "C-w")
        try session.type("one")
        try session.send(keys: "C-a")
        try session.type("Late ")
        try session.send(keys: "C-e")
        try session.type("!")
        try await session.waitFor("Late Lunch at one!")
        try session.send(keys: "C-a", "Right", "Right", "Right", "Right", "C-k")
        try await session.waitUntil("the title cut after \"Late\"") {
            Self.field("Title", in: $0) == "Late"
        }

        // The Start: leave the selection with End, then Ctrl-U clears the whole date.
        try session.send(keys: "Tab", "End", "C-u")
        try await session.waitUntil("the start empty, only its hint beside it") {
            Self.field("Start", in: $0)?.hasPrefix("2026-11-22 14:30, 22/11") == true
        }
        try session.type("2027-03-15 9:30")
        try session.send(keys: "C-s")
        try await session.waitFor("Saved \u{201C}Late\u{201D}")
        let item = try Self.onlyItem(session)
        #expect(item["start"] as? String == "2027-03-15T09:30:00+00:00")
        #expect(item["end"] as? String == "2027-03-15T10:30:00+00:00")
    }

    @Test("a More times entry that ends before it starts is reported under More times, not under End")
    func moreTimesErrorUnderItsField() async throws {
        let session = try TmuxSession(environment: ["TZ": "UTC"])
        try await session.waitFor("No events")
        try session.send(keys: "n", "t")
        try await session.waitFor("New task")
        try session.type("Practice")
        try session.send(keys: "Tab", "Tab", "Tab", "Tab")  // Due, Start, End, More times
        try session.type("2027-03-15 10:00 - 09:00")
        try session.send(keys: "C-s")
        let screen = try await session.waitFor("! ")
        let moreTimes = try #require(Self.line(containing: "More times", in: screen))
        #expect(moreTimes.below.contains("! "), "\(screen)")
        #expect(moreTimes.below.contains("end is before the start"), "\(screen)")
        let end = try #require(Self.line(containing: "End", in: screen))
        #expect(!end.below.contains("! "), "\(screen)")
        #expect(moreTimes.line.contains("2027-03-15 10:00 - 09:00"))
    }

    @Test("F1 opens the help from a form, where ? is typed, and Esc comes back to the form with its text")
    func helpFromAForm() async throws {
        let session = try TmuxSession(width: 100, height: 30, environment: ["TZ": "UTC"])
        try await session.waitFor("No events")
        try session.send(keys: "n")
        try await session.waitFor("Reminder")
        try session.send(keys: "e")
        try await session.waitFor("New event")
        try session.type("Why? Because")
        try await session.waitFor("Why? Because")
        try session.send(keys: "F1")
        try await session.waitFor("Keys")
        try session.send(keys: "Escape")
        try await session.waitUntil("the form again, its title kept") {
            $0.contains("New event") && $0.contains("Why? Because") && !$0.contains("┌─ Keys")
        }
    }
}
