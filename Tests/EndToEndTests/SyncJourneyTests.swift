import Foundation
import TestSupport
import Testing

/// Sync in the planner, in a real terminal against a real Radicale: S sends an item added in
/// the planner, the tab bar follows, keys answer while a server hangs, and a password missing
/// from the environment is asked in a masked box.
@Suite("Sync journeys in a real terminal", .serialized)
struct SyncJourneyTests {
    let home: TemporaryDirectory
    let server: RadicaleServer

    init() throws {
        home = try TemporaryDirectory(prefix: "datebook-e2e")
        server = try RadicaleServer(users: ["alice": "alice-secret", "bob": "bob-secret"])
    }

    /// The planner's database in the session's home.
    var database: String { home.path("datebook.sqlite") }

    /// Runs datebook on the database in `folder` (the session's home by default) with
    /// DATEBOOK_PASSWORD given to the command only; returns its output, trimmed, or fails.
    @discardableResult
    func run(_ arguments: [String], in folder: TemporaryDirectory? = nil, password: String = "alice-secret") throws
        -> String
    {
        let folder = folder ?? home
        let done = try Command.run(
            try DatebookBinary.path, arguments + ["--db", folder.path("datebook.sqlite")],
            environment: ["TZ": "UTC", "PATH": "/usr/bin:/bin", "HOME": folder.path, "DATEBOOK_PASSWORD": password],
            timeout: .seconds(60))
        try #require(done.status == 0, "\(arguments): \(done.standardError)")
        return done.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Adds the account `home` as `user` on the database in `folder`.
    func addAccount(url: URL? = nil, user: String = "alice", in folder: TemporaryDirectory? = nil) throws {
        try run(["account", "add", "home", "--url", (url ?? server.baseURL).absoluteString, "--user", user], in: folder,
                password: server.users[user] ?? "")
    }

    /// The planner on that database; `password` is put in DATEBOOK_PASSWORD when given.
    func open(_ arguments: [String] = [], password: String? = "alice-secret") throws -> TmuxSession {
        try TmuxSession(width: 120, arguments: arguments, environment: ["TZ": "UTC", "DATEBOOK_PASSWORD": password],
                        home: home)
    }

    /// Waits until the tab bar (the first line) satisfies `predicate`.
    @discardableResult
    func waitForTabBar(_ session: TmuxSession, _ description: String, timeout: Duration = .seconds(60),
                       _ predicate: @escaping (String) -> Bool) async throws -> String
    {
        try await session.waitUntil("\(description) in the tab bar", timeout: timeout) { screen in
            predicate(String(screen.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""))
        }
    }

    /// The summaries of alice's calendar on the server, as Python's caldav reads them.
    func summariesOnServer() throws -> [String] {
        try DAVPeer(server, user: "alice").events(in: server.url(forUser: "alice", collection: "calendar"))
            .compactMap(\.summary).sorted()
    }

    @Test("the planner syncs when it opens; an item added waits; S sends it and the tab bar says synced")
    func syncNow() async throws {
        try addAccount()
        let session = try open()
        try await waitForTabBar(session, "the first sync") { $0.contains("synced ") }
        try session.send(keys: "a")
        try await session.waitFor("Quick add")
        try session.type("Lunch with Ana 2030-03-15 12:30")
        try session.send(keys: "Enter")
        try await session.waitFor("Saved “Lunch with Ana”")
        try await waitForTabBar(session, "one change waiting") { $0.contains("1 waiting") }
        #expect(try summariesOnServer() == [])
        try session.send(keys: "S")
        try await waitForTabBar(session, "synced, nothing waiting") { $0.contains("synced ") && !$0.contains("waiting") }
        try await session.waitFor("Synced home: sent 1 (1 new)")
        #expect(try summariesOnServer() == ["Lunch with Ana"])
        // The password given in the environment never reaches the screen.
        #expect(try !session.screen().contains("alice-secret"))
    }

    @Test("one occurrence of a repeating task completed in the planner is in History on another device after a sync")
    func completedOccurrenceTravels() async throws {
        // A daily task from tomorrow at 18:00, five times, on this device and, after a sync, on a laptop.
        let first = try EventsOverYearsJourneyTests.addWaterPlants(db: database)
        try addAccount()
        try run(["sync"])
        let laptop = try TemporaryDirectory(prefix: "datebook-e2e")
        try addAccount(in: laptop)
        try run(["sync"], in: laptop)

        // In the planner: x on the task's row, only this one; S sends it.
        let session = try open(["--sync-interval", "0"])
        try await session.waitFor("Water plants")
        try session.send(keys: "x")
        try await session.waitFor("o only this one")
        try session.send(keys: "o")
        try await session.waitFor("the rest of the series stays")
        try session.send(keys: "S")
        try await session.waitFor("Synced home: sent 1")

        // The laptop syncs: its History has that occurrence, completed; the series goes on.
        try run(["sync"], in: laptop)
        let history = try run(["list", "--history"], in: laptop)
        let columns = history.split(separator: "\n").first.map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(columns?[4] == "Water plants", "\(history)")
        #expect(columns?[2] == Substring(EventsOverYearsJourneyTests.format(first, "EEE d MMM")), "\(history)")
        #expect(columns?[6].hasPrefix("completed (one occurrence) ") == true, "\(history)")
        #expect(try run(["list"], in: laptop).contains("Water plants"))
    }

    @Test("while the server hangs, keys still answer; after the time limit the tab bar says so; then S works again; q does not wait for the sync")
    func hangingServer() async throws {
        let proxy = try FaultyProxy(inFrontOf: server)
        defer { proxy.stop() }
        try addAccount(url: proxy.baseURL)
        // The sync's time limit is far longer than the keys below take, even on a loaded machine:
        // that the sync is still running after they answered is what shows they did not wait for it.
        let session = try open(["--sync-interval", "0", "--sync-timeout", "45"])
        try await waitForTabBar(session, "the account, not synced") { $0.contains("not synced") }
        proxy.failEveryRequest(with: .hang)
        try session.send(keys: "S")
        try await waitForTabBar(session, "a sync running") { $0.contains("syncing") }
        // The sync hangs on the network; the screens do not wait for it.
        try session.send(keys: "3")
        try await session.waitUntil("the Calendar tab") { $0.contains("Today") || $0.contains("Week") }
        try session.send(keys: "1")
        try await session.waitFor("Events  0 items")
        try session.send(keys: "?")
        try await session.waitFor("Sync now")
        try session.send(keys: "Escape")
        try await session.waitUntil("the help closed") { !$0.contains("Sync now") }
        #expect(try session.screen().split(separator: "\n").first?.contains("syncing") == true,
                "the keys answered only after the sync gave up")
        try await waitForTabBar(session, "the error word", timeout: .seconds(90)) { $0.contains("timed out") }
        try await session.waitFor("did not answer within 45 s")
        proxy.clearFaults()
        try session.send(keys: "S")
        try await waitForTabBar(session, "synced after all") { $0.contains("synced ") }

        // Quitting does not wait for a sync that hangs: the planner is gone long before the sync's
        // 45 s limit would have ended it.
        proxy.failEveryRequest(with: .hang)
        try session.send(keys: "S")
        try await waitForTabBar(session, "a sync running again") { $0.contains("syncing") }
        try session.send(keys: "q")
        #expect(try await session.waitForExit(timeout: .seconds(30)) == 0)
    }

    @Test("with no DATEBOOK_PASSWORD and no password command, a masked box asks once; the typed password syncs")
    func passwordAsked() async throws {
        try addAccount()
        let session = try open(password: nil)
        try await session.waitFor("Password for home")
        try session.type("alice-secret")
        let typed = try await session.waitFor("••••••••••••")
        #expect(!typed.contains("alice-secret"))
        try session.send(keys: "Enter")
        try await waitForTabBar(session, "synced with the typed password") { $0.contains("synced ") }
        // Kept for the run: S asks nothing more.
        try session.send(keys: "a")
        try await session.waitFor("Quick add")
        try session.type("Dentist 2030-03-16 09:00")
        try session.send(keys: "Enter")
        try await waitForTabBar(session, "one change waiting") { $0.contains("1 waiting") }
        try session.send(keys: "S")
        try await waitForTabBar(session, "synced again") { $0.contains("synced ") && !$0.contains("waiting") }
        #expect(try !session.screen().contains("Password for home"))
        #expect(try summariesOnServer() == ["Dentist"])
    }

    @Test("a password typed in the planner also signs in a subscription to a contact's calendar on the server")
    func typedPasswordSubscribes() async throws {
        let bobsPublic = server.url(forUser: "bob", collection: "public")
        let soon = ISO8601DateFormatter().string(from: Date().addingTimeInterval(10 * 86400)).prefix(10)
        // Bob's account, added on his own database, makes his collections on the server.
        try addAccount(user: "bob", in: try TemporaryDirectory(prefix: "datebook-e2e"))
        try DAVPeer(server, user: "bob").putEvent(
            in: bobsPublic, uid: "talk", summary: "Talk", start: "\(soon)T09:00:00Z", end: "\(soon)T10:00:00Z")
        try addAccount()
        try run(["contacts", "add", "Bob", "--email", "bob@example.org"])

        let session = try open(password: nil)
        try await session.waitFor("Password for home")
        try session.type("alice-secret")
        try session.send(keys: "Enter")
        try await waitForTabBar(session, "synced with the typed password") { $0.contains("synced ") }
        try session.send(keys: "5")
        try await session.waitFor("Bob")
        try session.send(keys: "s")
        try await session.waitFor("File or URL:")
        try session.type(bobsPublic.absoluteString)
        try session.send(keys: "Enter")
        // Read signed in as alice, whom the server lets read Bob's public calendar.
        try await session.waitFor("Subscribed to “Bob”'s calendar: 1 busy time")
    }

    @Test("Alice and Bob, each in a planner side by side on one server: a poll, his vote, her confirmation, his acceptance")
    func twoPeopleSideBySide() async throws {
        let bobHome = try TemporaryDirectory(prefix: "datebook-e2e")
        try run(["me", "--name", "Alice", "--email", "alice@example.org"])
        try addAccount()
        try run(["me", "--name", "Bob", "--email", "bob@example.org"], in: bobHome, password: "bob-secret")
        try addAccount(user: "bob", in: bobHome)
        let id = try run(["meeting", "new", "Planning", "--slot", "+7d 10-11", "--slot", "+8d 14-15", "--slot", "+9d 9-10",
                          "--invite", "Bob <bob@example.org>"])
        try run(["meeting", "send", id])

        // Both planners open at once, syncing only on S.
        let alice = try open(["--sync-interval", "0"])
        let bob = try TmuxSession(width: 120, arguments: ["--sync-interval", "0"],
                                  environment: ["TZ": "UTC", "DATEBOOK_PASSWORD": "bob-secret"], home: bobHome)
        try await waitForTabBar(alice, "Alice's account") { $0.contains("not synced") }
        try await waitForTabBar(bob, "Bob's account") { $0.contains("not synced") }

        // Alice's S sends the poll waiting in her outbox.
        try alice.send(keys: "S")
        try await alice.waitFor("1 message sent")

        // Bob syncs: the poll is in his Invitations; he votes yes on the second time and sends it.
        try bob.send(keys: "S")
        try await bob.waitFor("Synced home: 1 message read")
        try bob.send(keys: "4")
        try await bob.waitFor("Vote      Planning")
        try bob.send(keys: "v")
        try await bob.waitFor("your vote")
        try bob.send(keys: "Down", "y", "Enter")
        try await bob.waitFor("Voted on “Planning”. The message to alice@example.org goes at the next sync (S).")
        try bob.send(keys: "Escape", "S")
        try await bob.waitFor("1 message sent")

        // Alice syncs: his vote is there; she confirms the second time, and her sync tells him.
        try alice.send(keys: "S")
        try await alice.waitFor("Synced home: 1 message read")
        try alice.send(keys: "4", "]")
        try await alice.waitFor("1 voted")
        try alice.send(keys: "Enter")
        let grid = try await alice.waitFor("Who said what")
        #expect(grid.contains("2 yes"), "\(grid)")
        try alice.send(keys: "c")
        try await alice.waitFor("into your calendar.")
        try alice.send(keys: "y")
        try await alice.waitFor("The message to bob@example.org goes at the next sync (S).")
        try alice.send(keys: "Escape", "S")
        try await alice.waitFor("1 message sent")

        // Bob syncs: confirmed; he accepts, and it is in his Coming and his calendar.
        try bob.send(keys: "S")
        try await bob.waitFor("Synced home: 1 message read")
        // The invitation now shows the time she confirmed.
        try await bob.waitUntil("the confirmed time in Invitations") { screen in
            screen.split(separator: "\n").contains { $0.contains("Planning") && $0.contains("14:00-15:00") }
        }
        try bob.send(keys: "a")
        try await bob.waitFor("Going to “Planning”.")
        try bob.send(keys: "]", "]")
        try await bob.waitFor("[Coming]")
        try await bob.waitFor("Going     Planning")
        try bob.send(keys: "S")
        try await bob.waitFor("1 message sent")
        try alice.send(keys: "S")
        try await alice.waitFor("1 message read")
        // Activities says what each message did.
        try alice.send(keys: "!")
        try await alice.waitFor("Bob accepted “Planning”")
        try await alice.waitFor("Bob voted on “Planning”")
        try alice.send(keys: "Escape", "q")
        try bob.send(keys: "q")
        #expect(try await alice.waitForExit() == 0)
        #expect(try await bob.waitForExit() == 0)
        // The confirmed time is in both calendars.
        for (folder, password) in [(home, "alice-secret"), (bobHome, "bob-secret")] {
            let agenda = try run(["agenda", "--from", "+8d", "--to", "+9d"], in: folder, password: password)
            #expect(agenda.hasSuffix("\t14:00-15:00\tPlanning"), "\(agenda)")
        }
    }
}
