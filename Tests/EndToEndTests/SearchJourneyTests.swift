import Foundation
import Testing

/// The Search tab in the real binary in tmux: typing a query and opening a result, a CJK
/// query, a query that finds nothing.
@Suite("Search journeys in a real terminal")
struct SearchJourneyTests {
    /// A session on a database holding a few items, added through `datebook add`.
    func session() throws -> TmuxSession {
        let home = try TemporaryDirectory(prefix: "datebook-e2e")
        let environment = TmuxSession.environment(home: home)
        func add(_ arguments: String...) throws {
            let result = try Command.run(try DatebookBinary.path, ["add"] + arguments, environment: environment)
            guard result.status == 0 else { throw EndToEndFailure("add failed: \(result.standardError)") }
        }
        try add("Dentist check-up", "--start", "2026-11-27 09:00", "--place", "Rue Érable 4")
        try add("会议准备", "--start", "2026-11-24 10:00", "--place", "会议室 3")
        try add("Buy milk", "--task", "--notes", "ask the dentist about the bill")
        try add("Planning", "--start", "2026-11-30 09:00")
        let contact = try Command.run(
            try DatebookBinary.path,
            ["contacts", "add", "Zoë Dentinger", "--email", "zoe@example.org", "--phone", "+48 22 555 0100"],
            environment: environment)
        guard contact.status == 0 else { throw EndToEndFailure("contacts add failed: \(contact.standardError)") }
        return try TmuxSession(home: home)
    }

    @Test("typing a query shows results at once; Enter opens one, Esc comes back to it, / to the query")
    func typeAndOpen() async throws {
        let session = try session()
        try await session.waitFor("4 items")
        try session.send(keys: "2")
        try await session.waitFor("Type to search")
        try session.type("dent")
        try await session.waitFor("Search: dent")
        let screen = try await session.waitFor("Contacts (1)")
        #expect(screen.contains("3 results"))
        #expect(screen.contains("Events (1)"))
        #expect(screen.contains("Dentist check-up"))
        #expect(screen.contains("ask the dentist"))
        try session.send(keys: "Down", "Down")
        try session.send(keys: "Enter")
        try await session.waitFor("Notes")
        let details = try await session.waitFor("Buy milk")
        #expect(details.contains("ask the dentist about the bill"))
        try session.send(keys: "Escape")
        try await session.waitFor("Search: dent")
        try session.send(keys: "Enter")
        try await session.waitFor("Notes")
        try session.send(keys: "Escape")
        try await session.waitFor("Search: dent")
        try session.send(keys: "/")
        try session.type("al")
        try await session.waitFor("Search: dental")
        try await session.waitFor("No results for \u{201C}dental\u{201D}.")
        try session.send(keys: "Escape")
        try await session.waitUntil("results have the keyboard") { $0.contains("/ Query") }
        try session.send(keys: "q")
        #expect(try await session.waitForExit() == 0)
    }

    @Test("a two-character Chinese word finds the item it begins or ends")
    func cjkQuery() async throws {
        let session = try session()
        try await session.waitFor("4 items")
        try session.send(keys: "2")
        try await session.waitFor("Type to search")
        try session.type("会议")
        // The count and the row are drawn in one frame, but a capture may fall between frames.
        try await session.waitUntil("one result, 会议准备") { $0.contains("1 result") && $0.contains("会议准备") }
        try session.send(keys: "C-u")
        try session.type("准备")
        try await session.waitFor("Search: 准备")
        try await session.waitFor("会议准备")
        try session.send(keys: "Enter", "Enter")
        try await session.waitFor("会议室 3")
    }

    @Test("a query that finds nothing says so, and the filters show under the query")
    func noResults() async throws {
        let session = try session()
        try await session.waitFor("4 items")
        try session.send(keys: "2")
        try await session.waitFor("Type to search")
        try session.type("xylophone")
        try await session.waitFor("No results for \u{201C}xylophone\u{201D}.")
        try session.send(keys: "C-u")
        try session.type("plan")
        try await session.waitFor("Planning")
        try session.send(keys: "C-t", "C-t")
        try await session.waitFor("Kind: tasks")
        try await session.waitFor("No results for \u{201C}plan\u{201D}.")
    }

    @Test("a query finds a contact by its e-mail or phone, with its name, and Enter opens the profile")
    func contactQuery() async throws {
        let session = try session()
        try await session.waitFor("4 items")
        try session.send(keys: "2")
        try await session.waitFor("Type to search")
        try session.type("zoe@")
        let screen = try await session.waitUntil("the contact's row") {
            $0.contains("Contacts (1)") && $0.contains("Zoë Dentinger") && $0.contains("zoe@example.org")
        }
        #expect(screen.contains("1 result"))
        try session.send(keys: "C-u")
        try session.type("555 0100")
        try await session.waitUntil("found by phone") { $0.contains("Zoë Dentinger") && $0.contains("+48 22 555 0100") }
        try session.send(keys: "Enter", "Enter")
        let profile = try await session.waitUntil("the contact's profile") {
            $0.contains("Phone") && $0.contains("+48 22 555 0100") && $0.contains("zoe@example.org")
        }
        #expect(profile.contains("Zoë Dentinger"))
        #expect(!profile.contains("Search: "))
    }
}
