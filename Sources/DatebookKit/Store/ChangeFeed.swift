import GRDB
import Synchronization

/// What was committed to the store since a reader of its change feed last asked.
public struct StoreChanges: Equatable, Sendable {
    /// Write transactions committed through this store, by any code of this process (the
    /// screens, a command, an import, a sync engine).
    public var commits: Int
    /// True when another process (another Datebook) committed to the same file.
    public var external: Bool

    public init(commits: Int = 0, external: Bool = false) {
        self.commits = commits
        self.external = external
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
    private let dataVersion: () throws -> Int
    private var seenCommits: Int
    private var seenDataVersion: Int

    /// A feed over a count of this process's commits and a reading of `data_version`.
    init(commits: @escaping () -> Int, dataVersion: @escaping () throws -> Int) throws {
        self.commits = commits
        self.dataVersion = dataVersion
        seenCommits = commits()
        seenDataVersion = try dataVersion()
    }

    /// What was committed since the previous call (or since the feed was made).
    public func changesSinceLastAsked() throws -> StoreChanges {
        let count = commits()
        let version = try dataVersion()
        defer {
            seenCommits = count
            seenDataVersion = version
        }
        return StoreChanges(commits: count - seenCommits, external: version != seenDataVersion)
    }
}

/// Counts the write transactions committed on one connection.
///
/// It asks for no row events, so it costs nothing per row written (a large import stays as
/// fast); GRDB tells it about every commit all the same.
final class CommitCounter: TransactionObserver, Sendable {
    private let count = Mutex(0)

    /// Commits counted so far.
    var value: Int { count.withLock { $0 } }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) { count.withLock { $0 += 1 } }
    func databaseDidRollback(_ db: Database) {}
}

// MARK: - The SQLite store's feed

extension SQLiteStore: ChangeSource {
    public func changeFeed() throws -> ChangeFeed {
        do {
            return try ChangeFeed(commits: { [commitCounter] in commitCounter.value }) { [dbQueue] in
                try dbQueue.inDatabase(Self.dataVersion)
            }
        } catch {
            throw Self.storeError(error)
        }
    }
}
