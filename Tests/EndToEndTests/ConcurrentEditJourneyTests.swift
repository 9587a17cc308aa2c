import Foundation
import Testing

/// Two Datebooks on one database file, each in its own terminal: A has an item's form open
/// while B changes or deletes the same item. A's save never overwrites B's change silently.
@Suite("Two Datebooks editing one item")
struct ConcurrentEditJourneyTests {
    /// Two planners on one new database holding the event “Dentist” at Main St 4.
    func twoPlanners() async throws -> (a: TmuxSession, b: TmuxSession) {
        let a = try TmuxSession()
        let db = a.environment["DATEBOOK_DB"]!
        let added = try Command.run(
            try DatebookBinary.path,
            ["add", "Dentist", "--start", "2026-12-01 09:30", "--place", "Main St 4", "--db", db],
            environment: a.environment)
        try #require(added.status == 0, "\(added.standardError)")
        let b = try TmuxSession(environment: ["DATEBOOK_DB": db])
        try await a.waitFor("Dentist")
        try await b.waitFor("Dentist")
        return (a, b)
    }

    /// The Events list (or History) of the database, as `datebook list --json` prints it.
    func items(_ session: TmuxSession, history: Bool = false) throws -> [[String: Any]] {
        let listed = try Command.run(
            try DatebookBinary.path,
            ["list", "--json", "--db", session.environment["DATEBOOK_DB"]!] + (history ? ["--history"] : []),
            environment: session.environment)
        try #require(listed.status == 0, "\(listed.standardError)")
        return try #require(try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: Any]])
    }

    /// Opens the form of the selected item and waits for it.
    func openForm(_ session: TmuxSession) async throws {
        try session.send(keys: "e")
        try await session.waitFor("Edit event")
    }

    /// Adds `text` at the end of the Title field (where the form opens) and saves.
    func appendToTitleAndSave(_ session: TmuxSession, _ text: String) throws {
        try session.send(keys: "End")
        try session.type(text)
        try session.send(keys: "C-s")
    }

    @Test("B changes the notes while A's form is open: A's save keeps B's notes and says so")
    func otherFieldIsMerged() async throws {
        let (a, b) = try await twoPlanners()
        try await openForm(a)
        try await openForm(b)
        try b.send(keys: "BTab", "BTab")  // Title, Kind, then round to Notes
        try b.type("Bring the card")
        try b.send(keys: "C-s")
        try await b.waitFor("Saved")

        try appendToTitleAndSave(a, " check-up")
        try await a.waitFor("kept the changes made elsewhere to Notes")
        let stored = try items(a)
        #expect(stored.count == 1)
        #expect(stored.first?["title"] as? String == "Dentist check-up")
        #expect(stored.first?["notes"] as? String == "Bring the card")
        #expect(stored.first?["place"] as? String == "Main St 4")
    }

    @Test("both change the title: A is asked, names the field; k keeps A's title and B's new place")
    func sameFieldAsksKeepMine() async throws {
        let (a, b) = try await twoPlanners()
        try await openForm(a)
        try await openForm(b)
        try b.send(keys: "End")
        try b.type(" (moved)")
        try b.send(keys: "Tab", "Tab", "Tab", "Tab", "End")  // Start, End, All day, Place
        try b.type(", 2nd floor")
        try b.send(keys: "C-s")
        try await b.waitFor("Saved")

        try appendToTitleAndSave(a, " check-up")
        let question = try await a.waitFor("k keep mine")
        #expect(question.contains("changed elsewhere"))
        #expect(question.contains("both changed Title."))
        #expect(try items(a).first?["title"] as? String == "Dentist (moved)")
        try a.send(keys: "k")
        try await a.waitFor("with your changes over the others")
        let stored = try items(a)
        #expect(stored.count == 1)
        #expect(stored.first?["title"] as? String == "Dentist check-up")
        #expect(stored.first?["place"] as? String == "Main St 4, 2nd floor")
    }

    @Test("both change the title, b keeps both: B's version stays and A's is a second item")
    func sameFieldKeepBoth() async throws {
        let (a, b) = try await twoPlanners()
        try await openForm(a)
        try await openForm(b)
        try appendToTitleAndSave(b, " (moved)")
        try await b.waitFor("Saved")

        try appendToTitleAndSave(a, " check-up")
        try await a.waitFor("b keep both")
        try a.send(keys: "b")
        try await a.waitFor("2 items")
        try await b.waitFor("2 items")
        let stored = try items(a)
        #expect(Set(stored.compactMap { $0["title"] as? String }) == ["Dentist (moved)", "Dentist check-up"])
        #expect(Set(stored.compactMap { $0["id"] as? String }).count == 2)
    }

    @Test("B deletes the item while A edits it: A's save asks, and t leaves it deleted")
    func deletedIsNotBroughtBack() async throws {
        let (a, b) = try await twoPlanners()
        try await openForm(a)
        try b.send(keys: "d")
        try await b.waitFor("Delete \u{201C}Dentist\u{201D}?")
        try b.send(keys: "y")
        try await b.waitFor("0 items")

        try appendToTitleAndSave(a, " check-up")
        let question = try await a.waitFor("deleted elsewhere")
        #expect(question.contains("k restore it with my changes"))
        #expect(try items(a).isEmpty)
        try a.send(keys: "t")
        try await a.waitFor("stays deleted")
        #expect(try items(a).isEmpty)
        let history = try items(a, history: true)
        #expect(history.count == 1)
        #expect(history.first?["title"] as? String == "Dentist")
        #expect(history.first?["status"] as? String == "deleted")
    }

    @Test("both change the title of one occurrence of a series: A is asked; k keeps A's, the other days stay")
    func occurrenceAsks() async throws {
        let a = try TmuxSession(environment: ["TZ": "UTC"])
        let db = a.environment["DATEBOOK_DB"]!
        let added = try Command.run(
            try DatebookBinary.path,
            ["add", "Standup", "--start", "2027-03-15 09:00", "--end", "09:15", "--repeat", "daily, 5 times", "--db", db],
            environment: ["TZ": "UTC"])
        try #require(added.status == 0, "\(added.standardError)")
        let b = try TmuxSession(environment: ["DATEBOOK_DB": db, "TZ": "UTC"])
        for session in [a, b] {
            try await session.waitFor("1 item")
            try await session.goToDate("2027-03-16")
            try session.send(keys: "D", "j")
            try await session.waitUntil("the 16th's Standup selected") {
                $0.contains("Tuesday 16 March 2027") && $0.contains("09:00-09:15")
            }
            try session.send(keys: "e")
            try await session.waitFor("o only this one")
            try session.send(keys: "o")
            try await session.waitFor("Edit one occurrence")
        }
        try appendToTitleAndSave(b, " (short)")
        try await b.waitFor("Saved")

        try appendToTitleAndSave(a, " with Ana")
        let question = try await a.waitFor("k keep mine")
        #expect(question.contains("both changed Title."))
        try a.send(keys: "k")
        try await a.waitFor("with your changes over the others")
        let agenda = try Command.run(
            try DatebookBinary.path, ["agenda", "--from", "2027-03-15", "--days", "3", "--json", "--db", db],
            environment: ["TZ": "UTC"])
        let titles = (try JSONSerialization.jsonObject(with: Data(agenda.standardOutput.utf8)) as? [[String: Any]])?
            .compactMap { $0["title"] as? String }
        #expect(titles == ["Standup", "Standup with Ana", "Standup"])
    }
}
