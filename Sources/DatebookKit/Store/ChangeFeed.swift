import GRDB
import Synchronization

/// What was committed to the store since a reader of its change feed last asked.
public struct StoreChanges: Equatable, Sendable {
    /// Write transactions committed through this store, by any code of this process (the
    /// screens, a command, an import, a sync engine).
    public var commits: Int
    /// True when another process (another Datebook) committed to the same file.
    public var external: Bool
    /// Of `commits`, those that changed the address book (a contact or its values): the
    /// Contacts tab reads again only for these, or when `external`.
    public var contacts: Int

    public init(commits: Int = 0, external: Bool = false, contacts: Int = 0) {
        self.commits = commits
        self.external = external
        self.contacts = contacts
    }

    /// True when nothing was committed.
    public var isEmpty: Bool { commits == 0 && !external }
}

/// A store whose committed changes can be followed, whoever made them.
public protocol ChangeSource: AnyObject {
    /// A new reader of the change feed; its first question reports what was committed after
    /// this call.
    func changeFeed() throws -> ChangeFeed
}

/// One reader's view of everything committed to a store: pull-style, asked after each thing
/// the reader did and when it is idle.
///
/// The store's own commits, through whatever path, are counted as GRDB reports them
/// (`CommitCounter`); another process's are noticed by `PRAGMA data_version`, which changes
/// when another connection commits. Each feed keeps its own place, so several readers (the
/// screens, a sync engine) can follow one store.
public final class ChangeFeed {
    private let commits: () -> Int
    private let contactCommits: () -> Int
    private let dataVersion: () throws -> Int
    private var seenCommits: Int
    private var seenContactCommits: Int
    private var seenDataVersion: Int

    /// A feed over a count of this process's commits (and of those that changed contacts) and
    /// a reading of `data_version`.
    init(
        commits: @escaping () -> Int, contactCommits: @escaping () -> Int = { 0 },
        dataVersion: @escaping () throws -> Int
    ) throws {
        self.commits = commits
        self.contactCommits = contactCommits
        self.dataVersion = dataVersion
        seenCommits = commits()
        seenContactCommits = contactCommits()
        seenDataVersion = try dataVersion()
    }

    /// What was committed since the previous call (or since the feed was made).
    public func changesSinceLastAsked() throws -> StoreChanges {
        let count = commits()
        let contactCount = contactCommits()
        let version = try dataVersion()
        defer {
            seenCommits = count
            seenContactCommits = contactCount
            seenDataVersion = version
        }
        return StoreChanges(
            commits: count - seenCommits, external: version != seenDataVersion,
            contacts: contactCount - seenContactCommits)
    }
}

/// Counts the write transactions committed on one connection, and those among them that
/// changed the address book.
///
/// It asks for the row events of the contact tables alone, so it costs nothing per item row
/// written (a large import of items stays as fast); GRDB tells it about every commit all the same.
final class CommitCounter: TransactionObserver, Sendable {
    private struct Counts {
        var commits = 0
        var contactCommits = 0
        var contactsChanged = false
    }
    private let counts = Mutex(Counts())

    /// Commits counted so far.
    var value: Int { counts.withLock { $0.commits } }
    /// Commits that changed a contact's rows.
    var contactValue: Int { counts.withLock { $0.contactCommits } }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        SQLiteStore.contactTables.contains(eventKind.tableName)
    }
    func databaseDidChange(with event: DatabaseEvent) {
        counts.withLock { $0.contactsChanged = true }
    }
    func databaseDidCommit(_ db: Database) {
        counts.withLock {
            $0.commits += 1
            if $0.contactsChanged { $0.contactCommits += 1 }
            $0.contactsChanged = false
        }
    }
    func databaseDidRollback(_ db: Database) { counts.withLock { $0.contactsChanged = false } }
}

// MARK: - The SQLite store's feed

extension SQLiteStore: ChangeSource {
    public func changeFeed() throws -> ChangeFeed {
        do {
            return try ChangeFeed(
                commits: { [commitCounter] in commitCounter.value },
                contactCommits: { [commitCounter] in commitCounter.contactValue }
            ) { [dbQueue] in
                try dbQueue.inDatabase(Self.dataVersion)
            }
        } catch {
            throw Self.storeError(error)
        }
    }
}
