import Foundation
import Testing

/// The Contacts tab in the real binary in tmux: filtering, adding a contact with a bad e-mail,
/// accepting a request, blocking, and inviting a contact to a new event.
@Suite("Contacts journeys in a real terminal")
struct ContactsJourneyTests {
    /// A session on a database holding a few contacts, added through `datebook contacts add`.
    func session() throws -> TmuxSession {
        let home = try TemporaryDirectory(prefix: "datebook-e2e")
        let environment = TmuxSession.environment(home: home)
        func add(_ arguments: String...) throws {
            let result = try Command.run(try DatebookBinary.path, ["contacts", "add"] + arguments,
                                         environment: environment)
            guard result.status == 0 else { throw EndToEndFailure("contacts add failed: \(result.standardError)") }
        }
        try add("Ana Lima", "--email", "ana@example.org", "--relation", "friend")
        try add("Beatriz Souza", "--email", "bea@example.net", "--relation", "request-received")
        try add("Carl Berg", "--phone", "030 1234567")
        try add("Émile Zola", "--email", "emile@example.fr", "--relation", "request-sent")
        return try TmuxSession(home: home)
    }

    /// Opens the Contacts tab and waits for its list.
    func openContacts(_ session: TmuxSession) async throws {
        try await session.waitFor("Events")
        try session.send(keys: "5")
        try await session.waitFor("4 contacts")
    }

    func datebook(_ session: TmuxSession, _ arguments: [String]) throws -> Command.Result {
        try Command.run(try DatebookBinary.path, arguments, environment: session.environment)
    }

    @Test("/ filters as it is typed with the count; Esc clears the filter")
    func filtering() async throws {
        let session = try session()
        try await openContacts(session)
        try session.send(keys: "/")
        try session.type("exam")
        let screen = try await session.waitFor("3 of 4 contacts")
        #expect(screen.contains("Ana Lima") && screen.contains("Émile Zola") && !screen.contains("Carl Berg"))
        try session.type("ple.fr")
        let one = try await session.waitFor("1 of 4 contacts")
        #expect(one.contains("Émile Zola") && !one.contains("Ana Lima"))
        try session.send(keys: "Escape")
        try await session.waitUntil("the filter is cleared") { $0.contains("/ filters") && $0.contains("Carl Berg") }
        #expect(!(try session.screen().contains(" of 4")))
        try session.send(keys: "q")
        #expect(try await session.waitForExit() == 0)
    }

    @Test("a bad e-mail is shown under E-mail with the text kept; fixed, the contact saves")
    func addWithBadEmail() async throws {
        let session = try session()
        try await openContacts(session)
        try session.send(keys: "a")
        try await session.waitFor("New contact")
        try session.type("Zed Zimmer")
        try session.send(keys: "Tab", "Tab", "Tab", "Tab")
        try session.type("work: zed@")
        try session.send(keys: "C-s")
        let error = try await session.waitFor("! “zed@” is not an e-mail address")
        #expect(error.contains("work: zed@"))
        #expect(error.contains("Zed Zimmer"))
        try session.type("example.org")
        try session.send(keys: "C-s")
        let saved = try await session.waitFor("Saved “Zed Zimmer”")
        #expect(saved.contains("5 contacts"))
        #expect(saved.contains("zed@example.org"))
        try session.send(keys: "q")
        #expect(try await session.waitForExit() == 0)
        let list = try datebook(session, ["contacts", "list"])
        #expect(list.standardOutput.contains("zed@example.org"))
    }

    @Test("in Requests, a accepts a received request: a friend in All")
    func acceptRequest() async throws {
        let session = try session()
        try await openContacts(session)
        try session.send(keys: "]")
        let requests = try await session.waitFor("2 contacts")
        #expect(requests.contains("request") && requests.contains("pending"))
        try session.send(keys: "a")
        try await session.waitFor("“Beatriz Souza” is a friend now")
        try await session.waitFor("1 contact")
        try session.send(keys: "[")
        try await session.waitUntil("Beatriz is a friend in All") { screen in
            screen.split(separator: "\n").contains { $0.contains("Beatriz Souza") && $0.contains("friend") }
        }
        try session.send(keys: "q")
        #expect(try await session.waitForExit() == 0)
    }

    @Test("b blocks at once and says so; the contact shows in Blocked; b there unblocks")
    func blocking() async throws {
        let session = try session()
        try await openContacts(session)
        try session.send(keys: "j", "j")
        try session.send(keys: "b")
        try await session.waitFor("Blocked “Carl Berg”")
        try session.send(keys: "]", "]")
        // Two keys: under load the Requests list may be on the screen between them.
        let blocked = try await session.waitUntil("the Blocked list with Carl Berg") {
            $0.contains("1 contact") && $0.contains("Carl Berg") && $0.contains("blocked")
        }
        #expect(blocked.contains("Carl Berg") && blocked.contains("blocked"))
        try session.send(keys: "b")
        try await session.waitFor("Unblocked “Carl Berg”")
        try await session.waitFor("Nobody is blocked.")
        try session.send(keys: "q")
        #expect(try await session.waitForExit() == 0)
    }

    @Test("i opens the new-event form with the contact as attendee; the saved event exports ATTENDEE")
    func invite() async throws {
        let session = try session()
        try await openContacts(session)
        try session.send(keys: "i")
        try await session.waitFor("New event with Ana Lima <ana@example.org>")
        try session.type("Coffee with Ana")
        try session.send(keys: "C-s")
        try await session.waitFor("Saved “Coffee with Ana”")
        try session.send(keys: "q")
        #expect(try await session.waitForExit() == 0)
        let export = try datebook(session, ["export"])
        let unfolded = export.standardOutput.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("SUMMARY:Coffee with Ana"))
        #expect(unfolded.contains("ATTENDEE;CN=Ana Lima"))
        #expect(unfolded.contains(":mailto:ana@example.org"))
    }

    @Test("s asks for a file, refuses one that is not there, subscribes to one that is; s again unsubscribes")
    func subscribing() async throws {
        let session = try session()
        let feed = session.home.path("ana.ics")
        // One busy time tomorrow at 10:00 (UTC, the session's zone), with no title.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let tomorrow = utc.date(byAdding: .day, value: 1, to: utc.startOfDay(for: Date()))!
        let day = utc.dateComponents([.year, .month, .day], from: tomorrow)
        let stamp = String(format: "%04d%02d%02d", day.year!, day.month!, day.day!)
        try ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:b1\r\n"
            + "DTSTART:\(stamp)T100000Z\r\nDTEND:\(stamp)T110000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
            .write(toFile: feed, atomically: true, encoding: .utf8)
        try await openContacts(session)
        try session.send(keys: "s")
        try await session.waitFor("File or URL:")
        try session.type(session.home.path("missing.ics"))
        try session.send(keys: "Enter")
        try await session.waitFor("No file at")
        try session.send(keys: "C-u")
        try session.type(feed)
        try session.send(keys: "Enter")
        // Read at once: the busy time is in the Calendar tab on its day.
        try await session.waitFor("Subscribed to “Ana Lima”'s calendar: 1 busy time in the Calendar tab")
        try await session.waitUntil("Ana is marked subscribed") { screen in
            screen.split(separator: "\n").contains { $0.contains("Ana Lima") && $0.contains("subscribed") }
        }
        try session.send(keys: "3", ":")
        try session.type(String(format: "%04d-%02d-%02d", day.year!, day.month!, day.day!))
        try session.send(keys: "Enter")
        try await session.waitFor("Ana Lima: busy")
        try session.send(keys: "5")
        try session.send(keys: "s")
        try await session.waitFor("Unsubscribe from “Ana Lima”'s calendar")
        try session.send(keys: "y")
        try await session.waitFor("Unsubscribed from “Ana Lima”'s calendar")
        try session.send(keys: "q")
        #expect(try await session.waitForExit() == 0)
    }
}
