import DatebookTerminal
import Foundation
import Synchronization
import Testing

@testable import DatebookKit
@testable import DatebookUI

/// Sync in the planner, with a sync the test holds and lets go: S starts it beside the
/// screens, keys answer while it runs, the tab bar follows it, a password is asked once, and
/// the conflicts are settled from Activities.
@Suite("Sync in the planner")
struct SyncAppTests {
    /// A sync the test controls: it tells its progress, then waits until let go.
    final class HeldSync: Sendable {
        let released = Mutex(false)
        let passwords = Mutex<[String]>([])
        let store: SQLiteStore
        let found: String?

        init(store: SQLiteStore, found: String?) {
            self.store = store
            self.found = found
        }

        func letGo() { released.withLock { $0 = true } }

        var runner: SyncRunner {
            SyncRunner(
                run: { [self] account, password, progress in
                    passwords.withLock { $0.append(password) }
                    progress("receiving 1 of 2")
                    while !released.withLock({ $0 }) { Thread.sleep(forTimeInterval: 0.005) }
                    try? store.noteSyncEnded(account: account.name, collection: account.collections[0].url, error: nil)
                    return SyncRunner.Attempt(account: account.name, summary: "received 2 (2 new)")
                },
                findPassword: { [self] _ in found })
        }
    }

    static let calendarURL = URL(string: "http://127.0.0.1:5232/alice/calendar/")!

    /// A clock a test moves.
    final class MovableClock: Sendable {
        let time = Mutex(Fixtures.now)
        var clock: Clock { Clock { [self] in time.withLock { $0 } } }
        func advance(_ seconds: TimeInterval) { time.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    func app(found: String? = "secret", conflicts: ConflictList? = nil, interval: TimeInterval? = nil,
             clock: Clock = .fixed(Fixtures.now)) throws -> (AppCoordinator, SQLiteStore, HeldSync)
    {
        let store = try SQLiteStore.inMemory(clock: clock, ids: .sequential())
        try store.save(Fixtures.event("Dentist", "2026-11-23 10:00", "2026-11-23 11:00", n: 1))
        try store.addSyncAccount(SyncAccount(
            name: "home", url: URL(string: "http://127.0.0.1:5232/")!, user: "alice",
            collections: [SyncCollection(url: Self.calendarURL, kind: .calendar, isDefault: true)]))
        let held = HeldSync(store: store, found: found)
        let controller = SyncController(store: conflicts.map { $0.wrapping(store) } ?? store, runner: held.runner,
                                        interval: interval)
        let app = AppCoordinator(store: store, clock: clock, ids: .sequential(),
                                 calendar: Fixtures.calendar, sync: controller)
        return (app, store, held)
    }

    func tabBar(_ app: AppCoordinator) -> String {
        String(app.render(size: Size(width: 100, height: 24)).grid.text().split(separator: "\n")[0])
    }

    func screen(_ app: AppCoordinator) -> String {
        app.render(size: Size(width: 100, height: 24)).grid.text()
    }

    /// Sends idle events (what the run loop sends while no key comes) until `condition` holds.
    func wait(_ app: AppCoordinator, for what: String, _ condition: () -> Bool,
              sourceLocation: SourceLocation = #_sourceLocation) {
        let deadline = Date().addingTimeInterval(10)
        while !condition() {
            guard Date() < deadline else {
                Issue.record("waited in vain for \(what):\n\(screen(app))", sourceLocation: sourceLocation)
                return
            }
            Thread.sleep(forTimeInterval: 0.005)
            _ = app.handle(.idle)
        }
    }

    @Test("S syncs beside the screens: keys answer while it runs, its progress shows, then when it synced")
    func syncNow() throws {
        let (app, _, held) = try app()
        _ = app.handle(.resize(Size(width: 100, height: 24)))
        wait(app, for: "the state of sync, read beside the screens") { tabBar(app).contains("not synced · 1 waiting") }
        _ = app.handle(.key(.char("S")))
        #expect(app.status?.text == "Syncing…")
        wait(app, for: "the progress") { tabBar(app).contains("receiving 1 of 2") }
        // The sync is held; the screens still answer.
        _ = app.handle(.key(.char("3")))
        #expect(app.activeTab == .calendar)
        _ = app.handle(.key(.char("S")))
        #expect(app.status?.text == "Syncing already…")
        held.letGo()
        wait(app, for: "the end") { tabBar(app).contains("synced 10:17") }
        #expect(app.status?.text == "Synced home: received 2 (2 new)")
        #expect(held.passwords.withLock { $0 } == ["secret"])
    }

    @Test("automatic syncs: one when the planner opens, then one each interval by the app's clock, none between")
    func automatic() throws {
        let moving = MovableClock()
        let (app, _, held) = try app(interval: 300, clock: moving.clock)
        held.letGo()
        _ = app.handle(.resize(Size(width: 100, height: 24)))
        wait(app, for: "the sync at opening") { tabBar(app).contains("synced 10:17") }
        #expect(held.passwords.withLock { $0.count } == 1)
        // Nothing said on the status line of a sync nobody asked for.
        #expect(app.status == nil)
        // The run loop waits no longer than until the next one is due.
        wait(app, for: "the idle wait to reach the next sync") { app.idleTimeout(longest: 1_000_000) == 300_000 }
        moving.advance(299)
        for _ in 0..<20 { _ = app.handle(.idle) }
        #expect(held.passwords.withLock { $0.count } == 1)
        moving.advance(1)
        _ = app.handle(.idle)
        wait(app, for: "the next automatic sync") { held.passwords.withLock { $0.count } == 2 }
    }

    @Test("with no password from the environment or a command, a masked box asks once; Esc leaves it unsynced")
    func passwordAsked() throws {
        let (app, _, held) = try app(found: nil)
        held.letGo()
        _ = app.handle(.resize(Size(width: 100, height: 24)))
        _ = app.handle(.key(.char("S")))
        wait(app, for: "the password box") { app.mode == .syncPassword }
        for c in "s3cret" { _ = app.handle(.key(.char(c))) }
        let shown = screen(app)
        #expect(shown.contains("Password for home") && shown.contains("••••••"))
        #expect(!shown.contains("s3cret"))
        _ = app.handle(.key(.enter))
        wait(app, for: "the sync with the typed password") { tabBar(app).contains("synced 10:17") }
        #expect(held.passwords.withLock { $0 } == ["s3cret"])
        // Kept for the run: the next S asks nothing.
        _ = app.handle(.key(.char("S")))
        wait(app, for: "the second sync") { held.passwords.withLock { $0.count } == 2 }
        #expect(app.mode != .syncPassword)
        #expect(held.passwords.withLock { $0 } == ["s3cret", "s3cret"])
    }

    @Test("Esc in the password box: nothing syncs, the tab bar asks for the password")
    func passwordRefused() throws {
        let (app, _, held) = try app(found: nil)
        _ = app.handle(.resize(Size(width: 100, height: 24)))
        _ = app.handle(.key(.char("S")))
        wait(app, for: "the password box") { app.mode == .syncPassword }
        _ = app.handle(.key(.escape))
        // The tab bar's sync state is read beside the screens, so it may not be there yet.
        wait(app, for: "the tab bar to ask for the password") {
            !app.sync!.runner.isRunning && tabBar(app).contains("password? · 1 waiting")
        }
        #expect(held.passwords.withLock { $0 }.isEmpty)
    }

    // MARK: - Conflicts

    /// The conflicts of a store kept by the test (the engine makes them against a server; its
    /// own tests cover that), with the store's other sync state.
    final class ConflictList: SyncStateStore, @unchecked Sendable {
        var conflicts: [SyncConflict]
        var tookMine: [Int64] = []
        var store: SQLiteStore!

        init(_ conflicts: [SyncConflict]) { self.conflicts = conflicts }

        func wrapping(_ store: SQLiteStore) -> ConflictList {
            self.store = store
            return self
        }

        func syncStatus() throws(StoreError) -> SyncStatus { try store.syncStatus() }
        func syncAccounts() throws(StoreError) -> [SyncAccount] { try store.syncAccounts() }
        func syncConflicts() throws(StoreError) -> [SyncConflict] { conflicts }
        func takeMine(conflict id: Int64) throws(StoreError) -> SQLiteStore.TakenVersion {
            tookMine.append(id)
            conflicts.removeAll { $0.id == id }
            return SQLiteStore.TakenVersion(title: "Dentist", isContact: false)
        }
        func dismissSyncConflict(id: Int64) throws(StoreError) { conflicts.removeAll { $0.id == id } }
        func conflictVersions(_ conflict: SyncConflict) throws(StoreError) -> (mine: Item?, theirs: Item?) {
            try store.conflictVersions(conflict)
        }
    }

    func conflict(id: Int64) -> SyncConflict {
        let coder = ICalendarResource(timeZone: TimeZone(identifier: "UTC")!, now: Fixtures.now, storedZoneDefinitions: [:])
        var mine = Fixtures.event("Dentist", "2026-11-23 10:00", "2026-11-23 11:00", place: "Main Street", n: 9)
        mine.icalUID = "dentist@example.org"
        var theirs = mine
        theirs.title = "Dentist (moved)"
        theirs.place = "Harbour Road"
        return .kept(id: id, account: "home", uid: "dentist@example.org", title: "Dentist", fields: ["Title", "Place"],
                     mine: coder.text(for: mine), theirs: coder.text(for: theirs), at: Fixtures.now)
    }

    @Test("a conflict in Activities shows both versions field by field; m takes mine, d keeps the server's")
    func conflicts() throws {
        let list = ConflictList([conflict(id: 2), conflict(id: 1)])
        let (app, _, _) = try app(conflicts: list)
        _ = app.handle(.resize(Size(width: 100, height: 24)))
        _ = app.handle(.key(.char("!")))
        #expect(screen(app).contains("⚠ Conflict on “Dentist”: Title, Place (Enter: both versions)"))
        _ = app.handle(.key(.enter))
        #expect(app.mode == .syncConflict)
        let shown = screen(app)
        let lines = shown.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("Title") && $0.contains("Dentist ") && $0.contains("Dentist (moved)") },
                "\(shown)")
        #expect(lines.contains { $0.contains("Place") && $0.contains("Main Street") && $0.contains("Harbour Road") })
        #expect(shown.contains("m Take mine") && shown.contains("d Keep the server's"))
        _ = app.handle(.key(.char("m")))
        #expect(list.tookMine == [2])
        #expect(app.mode == .activities)
        #expect(app.status?.text == "Your version of “Dentist” is in place; it goes out with the next sync")
        _ = app.handle(.key(.enter))
        _ = app.handle(.key(.char("d")))
        #expect(list.conflicts.isEmpty && list.tookMine == [2])
        #expect(app.status?.text == "Kept the server's version of “Dentist”")
        #expect(!screen(app).contains("Conflict on"))
    }
}
