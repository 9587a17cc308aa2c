import DatebookKit
import Foundation

/// Sync as the planner drives it: `S` now, and again every `interval` while it is open (the
/// first right after it opens); what the tab bar says of it; when to ask for a password.
///
/// The work runs on the `SyncRunner`'s thread; this only starts it and, after each event,
/// looks at what it reported. The store's state (last sync, error, changes waiting) is read
/// again, on a thread of its own, only when something was committed or a sync ended.
public final class SyncController {
    /// What the app does after a look at sync.
    enum Event: Equatable {
        /// Ask the person for this account's password.
        case askPassword(account: String)
        /// A sync the person started ended: say how.
        case message(StatusMessage)
    }

    let store: SyncStateStore
    let runner: SyncRunner
    private let reader: SyncStatusReader
    /// Seconds between automatic syncs; nil: only `S` syncs.
    let interval: TimeInterval?
    private(set) var indicator = SyncIndicator(status: SyncStatus())
    /// When the next automatic sync starts.
    private var nextAutomatic: Date?
    /// True while the run going was started by the person (its end is said on the status line).
    private var startedByPerson = false
    /// Accounts whose password was asked for in this run of the planner (asked again only
    /// when the person presses S).
    private var asked = Set<String>()
    /// Accounts the run going may ask a password for.
    private var mayAsk = true

    /// `interval` in seconds; nil or not above zero: no automatic syncs. The state of sync is
    /// read through `statusStore` (best the sync's own connection), else `store`.
    public init(store: SyncStateStore, statusStore: SyncStateStore? = nil, runner: SyncRunner, interval: TimeInterval?) {
        self.store = store
        self.runner = runner
        reader = SyncStatusReader(store: statusStore ?? store)
        self.interval = interval.flatMap { $0 > 0 ? $0 : nil }
    }

    /// Starts reading the store's state of sync; the first automatic sync is due at once.
    func load(now: Date) {
        reader.request()
        if interval != nil { nextAutomatic = now }
    }

    /// `S`: syncs every account now, asking again for a password not given.
    func syncNow(now: Date) -> StatusMessage {
        let hasAccounts = !((try? store.syncAccounts()) ?? []).isEmpty
        guard hasAccounts else {
            return StatusMessage("No account to sync with: add one with datebook account add NAME --url URL --user USER")
        }
        if runner.isRunning { return StatusMessage("Syncing already…") }
        asked = []
        start(now: now, byPerson: true)
        return StatusMessage("Syncing…")
    }

    private func start(now: Date, byPerson: Bool) {
        let accounts: [SyncAccount]
        do {
            accounts = try store.syncAccounts()
        } catch {
            indicator.problem = "\(error)"
            return
        }
        guard !accounts.isEmpty, runner.start(accounts) else { return }
        startedByPerson = byPerson
        mayAsk = byPerson || asked.isEmpty
        indicator.problem = nil
        indicator.isRunning = true
        indicator.progress = nil
        if let interval { nextAutomatic = now.addingTimeInterval(interval) }
    }

    /// After an event: takes what the runner reported, reads the store's state again when it
    /// changed, and starts the automatic sync when its time has come.
    func look(now: Date, storeChanged: Bool) -> [Event] {
        var events: [Event] = []
        let report = runner.take()
        var changed = storeChanged
        if !report.finished.isEmpty || indicator.isRunning != report.isRunning { changed = true }
        indicator.isRunning = report.isRunning
        indicator.progress = report.progress
        for attempt in report.finished {
            if let error = attempt.error, error.hasPrefix(SyncPasswordProblem.prefix) { indicator.problem = error }
            indicator.lastAttempt = .some(attempt.error)
            if startedByPerson {
                events.append(.message(attempt.error.map { .error("Sync of \(attempt.account) failed: \($0)") }
                    ?? StatusMessage("Synced \(attempt.account): \(attempt.summary)")))
            }
        }
        if let account = report.needsPassword {
            indicator.problem = SyncPasswordProblem.text("no password given for \(account)")
            if mayAsk, !asked.contains(account) {
                asked.insert(account)
                events.append(.askPassword(account: account))
            }
        }
        if changed { reader.request() }
        switch reader.take() {
        case .success(let status)?: indicator.status = status
        case .failure(let error)?: events.append(.message(.error("Cannot read the state of sync: \(error)")))
        case nil: break
        }
        if let nextAutomatic, now >= nextAutomatic, !runner.isRunning {
            // The accounts are read when it starts: a first sync does not wait for the count.
            if !((try? store.syncAccounts()) ?? []).isEmpty {
                start(now: now, byPerson: false)
            } else if let interval {
                self.nextAutomatic = now.addingTimeInterval(interval)
            }
        }
        return events
    }

    /// The person typed the password for `account`: it is kept for this run and the sync starts
    /// again.
    func passwordGiven(_ password: String, for account: String, now: Date) {
        runner.remember(password: password, for: account)
        indicator.problem = nil
        if !runner.isRunning { start(now: now, byPerson: true) }
    }

    /// How long the app may wait for input before it should look again: soon while a sync runs
    /// (its progress and its end show), and no later than the next automatic sync.
    func idleTimeout(longest milliseconds: Int32, now: Date) -> Int32 {
        if indicator.isRunning || reader.isReading { return min(milliseconds, 250) }
        guard let nextAutomatic else { return milliseconds }
        let until = nextAutomatic.timeIntervalSince(now) * 1000
        return Int32(max(10, min(Double(milliseconds), until.rounded(.up))))
    }
}
