import Foundation

/// Syncs a store with its accounts: for each, its calendar two ways (see `CalendarSync`), then
/// its address book (see `AddressBookSync`).
///
/// A failure in one account (the server down, the password refused, an answer that is not
/// XML) stops that account alone, leaves the store as the last completed step left it, and is
/// noted on its collections for the tab bar and `datebook account list`.
public final class SyncEngine {
    public let store: SQLiteStore
    /// Seconds one request may take.
    public var timeout: TimeInterval = 30

    public init(store: SQLiteStore) {
        self.store = store
    }

    /// What syncing one account gave.
    public struct Outcome: Sendable {
        public var account: String
        public var report: SyncReport
        /// Why it stopped, when it did; the report says what was done before.
        public var error: String?
    }

    /// The account's collections from the server (made when missing), for a new account.
    public func discover(url: URL, user: String, password: String) throws(NetworkError) -> [SyncCollection] {
        let session = try HTTPSession(credentials: .init(user: user, password: password), timeout: timeout)
        return try DAVDiscovery(client: DAVClient(session: session)).accountCollections(from: url)
    }

    /// Every calendar and address book in the account's homes on the server, to choose from.
    public func collectionsOnServer(of account: SyncAccount, password: String) throws(NetworkError)
        -> [DAVDiscovery.Found]
    {
        let session = try HTTPSession(credentials: .init(user: account.user, password: password), timeout: timeout)
        let discovery = DAVDiscovery(client: DAVClient(session: session))
        return try discovery.collections(in: discovery.homes(from: account.url))
            .filter { $0.kind == .calendar || $0.kind == .addressBook }
    }

    /// Syncs one account: pull then push, collection by collection.
    public func sync(_ account: SyncAccount, password: String, dryRun: Bool = false,
                     progress: @escaping (String) -> Void = { _ in }) -> Outcome
    {
        var outcome = Outcome(account: account.name, report: SyncReport(), error: nil)
        let session: HTTPSession
        do {
            session = try HTTPSession(credentials: .init(user: account.user, password: password), timeout: timeout)
        } catch {
            outcome.error = error.description
            return outcome
        }
        let client = DAVClient(session: session)
        if !dryRun, let inbox = account.collections.first(where: { $0.kind == .inbox }) {
            // Messages first: a meeting confirmed by a message read now is an event that goes
            // to the calendar in this same sync.
            let messages = InboxSync(store: store, client: client, inbox: inbox)
            do {
                try messages.deliver(store.outbox)
                try messages.receive()
                outcome.report = outcome.report + messages.report
                try store.noteSyncEnded(account: account.name, collection: inbox.url, error: nil)
            } catch {
                outcome.report = outcome.report + messages.report
                outcome.error = Self.text(of: error)
                try? store.noteSyncEnded(account: account.name, collection: inbox.url, error: outcome.error)
                return finish(outcome, account: account, dryRun: dryRun)
            }
        }
        let calendars = account.collections.filter { $0.kind == .calendar && $0.isSelected }
        let takingNew = account.defaultCalendar
        for collection in calendars {
            do {
                let sync = try CalendarSync(
                    store: store, client: client, account: account.name, collection: collection,
                    takesNewItems: collection.url == takingNew?.url, progress: progress)
                outcome.report = outcome.report + (dryRun ? try sync.dryRun() : try sync.run())
                if !dryRun { try store.noteSyncEnded(account: account.name, collection: collection.url, error: nil) }
            } catch {
                let text = Self.text(of: error)
                outcome.error = text
                if !dryRun { try? store.noteSyncEnded(account: account.name, collection: collection.url, error: text) }
                break
            }
        }
        if outcome.error == nil {
            syncAddressBooks(account, client: client, dryRun: dryRun, into: &outcome, progress: progress)
        }
        if !dryRun, outcome.error == nil, let shown = account.collections.first(where: { $0.kind == .public }) {
            do {
                let publishing = try PublicCalendarSync(store: store, client: client, account: account.name, collection: shown)
                try publishing.run()
                outcome.report = outcome.report + publishing.report
                try store.noteSyncEnded(account: account.name, collection: shown.url, error: nil)
            } catch {
                outcome.error = Self.text(of: error)
                try? store.noteSyncEnded(account: account.name, collection: shown.url, error: outcome.error)
            }
        }
        return finish(outcome, account: account, dryRun: dryRun)
    }

    /// Notes a sync that did something, or failed, in Activities. A failure the same as the
    /// last sync's is not noted again: a planner offline for a day, syncing every few minutes,
    /// leaves one entry, not hundreds.
    private func finish(_ outcome: Outcome, account: SyncAccount, dryRun: Bool) -> Outcome {
        if !dryRun, !outcome.report.isEmpty || outcome.error != nil {
            let text = outcome.error.map { "Sync of \(account.name) failed: \($0)" }
                ?? "Synced \(account.name): \(outcome.report.summary)"
            if outcome.error == nil || (try? store.lastSyncNote(account: account.name)) != text {
                try? store.record(.sync, text)
            }
        }
        return outcome
    }

    /// An error in words.
    static func text(of error: any Error) -> String {
        if let error = error as? NetworkError { return error.description }
        if let error = error as? StoreError { return error.description }
        return String(describing: error)
    }
}
