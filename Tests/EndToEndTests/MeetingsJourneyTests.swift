import Foundation
import Testing

/// The Meetings tab in the real binary in tmux, two people on two databases: Bob reads Alice's
/// poll, votes, Alice reads his reply and confirms a time, Bob reads that and accepts.
@Suite("Meetings journeys in a real terminal")
struct MeetingsJourneyTests {
    func datebook(_ arguments: [String], home: TemporaryDirectory, allowFailure: Bool = false) throws -> Command.Result {
        // Commands run in Berlin, as Alice's planner does.
        var environment = TmuxSession.environment(home: home)
        environment["TZ"] = "Europe/Berlin"
        let result = try Command.run(try DatebookBinary.path, arguments, environment: environment, timeout: .seconds(30))
        guard result.status == 0 || allowFailure else {
            throw EndToEndFailure("\(arguments) failed: \(result.standardError)")
        }
        return result
    }

    /// The file a meeting command says it wrote for `email`.
    static func file(for email: String, in output: String) throws -> String {
        for line in output.split(separator: "\n") where line.hasSuffix("(send it to \(email))") && line.hasPrefix("wrote ") {
            return String(line.dropFirst(6).dropLast(" (send it to \(email))".count))
        }
        throw EndToEndFailure("no file for \(email) in: \(output)")
    }

    @Test("Bob reads a poll, says who he is, votes; Alice reads his vote and confirms; Bob accepts")
    func pollInTheTab() async throws {
        let aliceHome = try TemporaryDirectory(prefix: "datebook-e2e")
        _ = try datebook(["me", "--name", "Alice", "--email", "alice@example.org"], home: aliceHome)
        _ = try datebook([
            "meeting", "new", "Planning", "--slot", "+7d 10-11", "--slot", "+8d 14-15", "--slot", "+9d 9-10",
            "--invite", "Bob <bob@example.org>", "--invite", "carol@example.org",
        ], home: aliceHome)
        let sent = try datebook(["meeting", "send", "Planning-is-not-an-id"], home: aliceHome, allowFailure: true)
        #expect(sent.status == 1)
        let id = try datebook(["meeting", "list", "--json"], home: aliceHome).standardOutput
        let uid = try #require(try JSONSerialization.jsonObject(with: Data(id.utf8)) as? [[String: Any]]).first?["uid"] as? String
        let poll = try Self.file(for: "bob@example.org",
                                 in: try datebook(["meeting", "send", try #require(uid)], home: aliceHome).standardOutput)

        // Bob: no "me" yet; reading the file asks for it first.
        // Bob is in New York, Alice in Berlin.
        let bob = try TmuxSession(width: 110, height: 30, environment: ["TZ": "America/New_York"])
        try await bob.waitFor("1 Events")
        try bob.send(keys: "4")
        try await bob.waitFor("[Invitations]")
        try bob.send(keys: "i")
        try await bob.waitFor("Read the invitation or reply in file:")
        try bob.type(poll)
        try bob.send(keys: "Enter")
        try await bob.waitFor("Your name")
        try bob.type("Bob")
        try bob.send(keys: "Enter")
        try await bob.waitFor("Your e-mail address")
        try bob.type("bob")
        try bob.send(keys: "Enter")
        try await bob.waitFor("is not an e-mail address")
        try bob.type("@example.org")  // what was typed stays, to be corrected
        try bob.send(keys: "Enter")
        // Once he has said who he is, the file he asked for is read: no key again.
        try await bob.waitFor("Alice invites you to “Planning”: vote on 3 times")
        try await bob.waitFor("Vote      Planning")
        // Vote: yes on the second and third times.
        try bob.send(keys: "v")
        try await bob.waitFor("your vote")
        try bob.send(keys: "Down")
        try bob.send(keys: "y")
        try bob.send(keys: "Down")
        try bob.send(keys: "Space")
        try bob.send(keys: "Enter")
        try await bob.waitFor("Voted on “Planning”. Send ")
        let reply = bob.home.path("outbox/planning-reply-poll-to-alice@example.org-0.ics")
        #expect(FileManager.default.fileExists(atPath: reply))
        try bob.send(keys: "Escape")
        try await bob.waitFor("Voted     Planning")

        // Alice reads the vote and confirms the best time.
        let alice = try TmuxSession(width: 110, height: 30, environment: ["TZ": "Europe/Berlin"], home: aliceHome)
        try await alice.waitFor("1 Events")
        try alice.send(keys: "4", "i")
        try await alice.waitFor("Read the invitation or reply in file:")
        try alice.type(reply)
        try alice.send(keys: "Enter")
        try await alice.waitFor("Bob voted on “Planning”")
        try alice.send(keys: "]")
        try await alice.waitFor("1 voted · 0 refused · 1 no reply")
        try alice.send(keys: "Enter")
        let grid = try await alice.waitFor("Who said what")
        #expect(grid.contains("voted: 1 —, 2 yes, 3 yes"))
        #expect(grid.contains("▸ 2."))  // the cursor starts on the best time
        try alice.send(keys: "c")
        try await alice.waitFor("into your calendar.")
        try alice.send(keys: "y")
        try await alice.waitFor("2 messages to send are in")
        let confirmation = aliceHome.path("outbox/planning-request-event-to-bob@example.org-1.ics")
        #expect(FileManager.default.fileExists(atPath: confirmation))

        // Bob reads the confirmation and accepts: the meeting moves to Coming, marked Going.
        try bob.send(keys: "i")
        try bob.type(confirmation)
        try bob.send(keys: "Enter")
        try await bob.waitFor("“Planning” is confirmed")
        try bob.send(keys: "a")
        try await bob.waitFor("Going to “Planning”.")
        try bob.send(keys: "]", "]")
        try await bob.waitFor("[Coming]")
        try await bob.waitFor("Going     Planning")
        // The same instant in both calendars: 14:00 in Berlin is 08:00 in New York.
        var aliceZone = TmuxSession.environment(home: aliceHome)
        aliceZone["TZ"] = "Europe/Berlin"
        var bobZone = TmuxSession.environment(home: bob.home)
        bobZone["TZ"] = "America/New_York"
        let range = ["agenda", "--from", "+8d", "--to", "+9d"]
        let aliceAgenda = try Command.run(try DatebookBinary.path, range, environment: aliceZone).standardOutput
        let bobAgenda = try Command.run(try DatebookBinary.path, range, environment: bobZone).standardOutput
        #expect(aliceAgenda.hasSuffix("\t14:00-15:00\tPlanning\n"), "\(aliceAgenda)")
        #expect(bobAgenda.hasSuffix("\t08:00-09:00\tPlanning\n"), "\(bobAgenda)")
    }

    @Test("what arrives shows in Activities: a count in the tab bar, ! opens the feed, Enter opens the meeting")
    func activities() async throws {
        let aliceHome = try TemporaryDirectory(prefix: "datebook-e2e")
        _ = try datebook(["me", "--name", "Alice", "--email", "alice@example.org"], home: aliceHome)
        let id = try datebook(["meeting", "new", "Budget", "--slot", "+3d 10-11", "--slot", "+4d 10-11",
                               "--invite", "bob@example.org"], home: aliceHome).standardOutput
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let poll = try Self.file(for: "bob@example.org",
                                 in: try datebook(["meeting", "send", id], home: aliceHome).standardOutput)
        let bobHome = try TemporaryDirectory(prefix: "datebook-e2e")
        _ = try datebook(["me", "--name", "Bob", "--email", "bob@example.org"], home: bobHome)
        let bob = try TmuxSession(width: 100, height: 30, home: bobHome)
        try await bob.waitFor("1 Events")
        // Read by a script while the planner is open: the count appears.
        _ = try datebook(["inbox", poll], home: bobHome)
        try bob.send(keys: "j")
        try await bob.waitFor("! 1 new")
        try bob.send(keys: "!")
        // Wait for the feed's entry itself, not only for a title that says Activities.
        let feed = try await bob.waitFor("invites you to")
        #expect(feed.contains("• "))
        #expect(feed.contains("Alice invites you to “Budget”: vote on 2 times"))
        try bob.send(keys: "Enter")
        let meeting = try await bob.waitFor("Who said what")
        #expect(meeting.contains("Your answer: your vote is wanted (v)"))
        #expect(!meeting.contains("! 1 new"))
        try bob.send(keys: "!")
        try await bob.waitFor("Activities")
        #expect(!(try bob.screen()).contains("• "))  // read once opened
    }

    @Test("n g makes a group meeting: a wrong time is shown under it and kept, a contact is picked as typed")
    func groupMeetingForm() async throws {
        let home = try TemporaryDirectory(prefix: "datebook-e2e")
        _ = try datebook(["me", "--name", "Alice", "--email", "alice@example.org"], home: home)
        _ = try datebook(["contacts", "add", "Ana Lima", "--email", "ana@example.org"], home: home)
        _ = try datebook(["contacts", "add", "Andrés Ruiz", "--email", "andres@example.org"], home: home)
        let session = try TmuxSession(width: 110, height: 30, home: home)
        try await session.waitFor("1 Events")
        try session.send(keys: "n")
        try await session.waitFor("Group meeting")
        try session.send(keys: "g")
        try await session.waitFor("New group meeting")
        try session.type("Design review")
        try session.send(keys: "Tab", "Tab")
        try session.type("+2d 10-11")
        try session.send(keys: "Tab")
        try session.type("+3d 25:00")
        try session.send(keys: "Tab", "Tab")
        try session.type("andr")
        try await session.waitFor("Andrés Ruiz <andres@example.org>")
        try session.send(keys: "Down", "Enter")
        try session.type("bob@example.org")
        try session.send(keys: "C-s")
        let refused = try await session.waitFor("25:00 is not a time of day")
        #expect(refused.contains("Time 2  +3d 25:00"))  // kept as typed
        #expect(refused.contains("Andrés Ruiz <andres@example.org>, bob@example.org"))
        // Focus is on the wrong time: fix it and save.
        try session.send(keys: "C-u")
        try session.type("+3d 14:00 1h")
        try session.send(keys: "C-s")
        try await session.waitFor("Created “Design review”. 2 messages to send are in")
        // The tab shows the new meeting where it now is: among those I host.
        let hosting = try await session.waitFor("0 voted · 0 refused · 2 no reply")
        #expect(hosting.contains("[Hosting]"))
        let list = try datebook(["meeting", "list", "--json"], home: home).standardOutput
        #expect(list.contains("\"email\" : \"andres@example.org\""))
        #expect(list.components(separatedBy: "\"start\"").count - 1 == 2)
        #expect(FileManager.default.fileExists(atPath: home.path("outbox/design-review-request-poll-to-bob@example.org-0.ics")))

        // n p: a public event, exported marked public.
        try session.send(keys: "n", "p")
        try await session.waitFor("New public event")
        try session.type("Open day")
        try session.send(keys: "C-s")
        try await session.waitFor("Saved “Open day”")
        let exported = try datebook(["export"], home: home).standardOutput
        #expect(exported.contains("SUMMARY:Open day\r\nCLASS:PUBLIC\r\n") || exported.contains("CLASS:PUBLIC\r\n"))
    }
}
