import DatebookKit
import DatebookTerminal
import Foundation
import Testing

@testable import DatebookUI

/// What the tab bar says of sync: the last sync, the changes waiting, an error in a word, the
/// progress of a sync running; nothing without an account.
@Suite("Sync state in the tab bar")
struct SyncIndicatorTests {
    let dates = DateText(calendar: Fixtures.calendar)
    let now = Fixtures.now

    func text(_ indicator: SyncIndicator) -> String { indicator.text(dates: dates, now: now) }

    @Test("no account: nothing is said of sync")
    func noAccount() {
        #expect(text(SyncIndicator(status: SyncStatus(accounts: 0, waiting: 3))) == "")
    }

    @Test("an account never synced, with changes waiting; synced today, and another day")
    func lastSyncAndWaiting() {
        #expect(text(SyncIndicator(status: SyncStatus(accounts: 1))) == "not synced")
        #expect(text(SyncIndicator(status: SyncStatus(accounts: 1, waiting: 2))) == "not synced · 2 waiting")
        let today = Fixtures.date("2026-11-21 09:05")
        #expect(text(SyncIndicator(status: SyncStatus(accounts: 1, lastSync: today))) == "synced 09:05")
        let before = Fixtures.date("2026-11-19 18:00")
        #expect(text(SyncIndicator(status: SyncStatus(accounts: 1, lastSync: before, waiting: 1)))
            == "synced Thu 19 Nov · 1 waiting")
    }

    @Test("while a sync runs: its progress, else syncing; the count waiting is left out")
    func running() {
        var indicator = SyncIndicator(status: SyncStatus(accounts: 1, waiting: 4), isRunning: true)
        #expect(text(indicator) == "syncing…")
        indicator.progress = "receiving 200 of 1000"
        #expect(text(indicator) == "receiving 200 of 1000")
    }

    @Test("the last error in a word, with the changes still waiting")
    func errorWord() {
        let error = NetworkError.unreachable("Connection refused").description
        let indicator = SyncIndicator(status: SyncStatus(accounts: 1, lastSync: now, lastError: error, waiting: 2))
        #expect(text(indicator) == "offline · 2 waiting")
        var asked = indicator
        asked.problem = SyncPasswordProblem.text("no password given for home")
        #expect(text(asked) == "password? · 2 waiting")
    }

    @Test("once this planner has synced, how that ended says whether sync works, not an old error kept")
    func lastAttempt() {
        let old = NetworkError.unreachable("Connection refused").description
        var indicator = SyncIndicator(status: SyncStatus(accounts: 1, lastSync: now, lastError: old))
        #expect(text(indicator) == "offline")
        indicator.lastAttempt = .some(nil)
        #expect(text(indicator) == "synced 10:17")
        indicator.lastAttempt = .some(NetworkError.status(503, "PUT").description)
        #expect(text(indicator) == "server error")
    }

    @Test("each kind of network error has its word")
    func words() {
        let cases: [(NetworkError, String)] = [
            (.unreachable("Could not connect to server"), "offline"),
            (.timedOut(seconds: 2.5), "timed out"),
            (.timedOut(seconds: 30), "timed out"),
            (.notAllowed(status: 401), "password?"),
            (.notAllowed(status: 403), "not allowed"),
            (.status(500, "PROPFIND"), "server error"),
            (.status(404, "REPORT"), "server error"),
            (.malformed("not XML"), "bad answer"),
            (.missingLibrary("libcurl"), "cannot sync"),
        ]
        for (error, word) in cases {
            #expect(SyncErrorWord.word(for: error.description) == word, "\(error)")
        }
        #expect(SyncErrorWord.word(for: "the database is full") == "sync failed")
        #expect(SyncErrorWord.word(for: SyncPasswordProblem.text("the password command failed (exit 1)")) == "password?")
    }
}

/// The tab bar in each state of sync, at the standard width and a narrow one (where the date
/// gives way first, then the unread count).
@Suite("Sync state in the tab bar, drawn")
struct SyncTabBarSnapshotTests {
    @Test("the tab bar's states at 80 and 64 columns")
    func states() {
        let dates = DateText(calendar: Fixtures.calendar)
        let now = Fixtures.now
        let states: [SyncIndicator] = [
            SyncIndicator(status: SyncStatus()),
            SyncIndicator(status: SyncStatus(accounts: 1, waiting: 3)),
            SyncIndicator(status: SyncStatus(accounts: 1, waiting: 3), isRunning: true, progress: "receiving 200 of 1000"),
            SyncIndicator(status: SyncStatus(accounts: 1, lastSync: Fixtures.date("2026-11-21 09:42"))),
            SyncIndicator(status: SyncStatus(
                accounts: 1, lastSync: Fixtures.date("2026-11-21 09:42"),
                lastError: NetworkError.timedOut(seconds: 30).description, waiting: 1)),
            SyncIndicator(status: SyncStatus(accounts: 1, lastError: NetworkError.notAllowed(status: 401).description)),
        ]
        let titles = TabRegistry.standard.tabs.map(\.title)
        for width in [80, 64] {
            var grid = Grid(width: width, height: states.count)
            for (row, state) in states.enumerated() {
                let sync = state.text(dates: dates, now: now)
                TabBar(titles: titles, active: 0, notes: [sync, "! 2 new", dates.full(now, withTime: false)],
                       keepingFirst: !sync.isEmpty)
                    .render(into: &grid, row: row)
            }
            assertSnapshot(grid, named: "sync-tab-bar-\(width)")
        }
    }
}
