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
        server = try RadicaleServer(users: ["alice": "alice-secret"])
    }

    /// The planner's database in the session's home.
    var database: String { home.path("datebook.sqlite") }

    /// Adds the account `home` as alice (DATEBOOK_PASSWORD given to the command only).
    func addAccount(url: URL? = nil) throws {
        let added = try Command.run(
            try DatebookBinary.path,
            ["account", "add", "home", "--url", (url ?? server.baseURL).absoluteString, "--user", "alice", "--db", database],
            environment: ["TZ": "UTC", "PATH": "/usr/bin:/bin", "HOME": home.path, "DATEBOOK_PASSWORD": "alice-secret"],
            timeout: .seconds(60))
        try #require(added.status == 0, "account add: \(added.standardError)")
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
}
