import Foundation
import GRDB

/// What the sync of a calendar (`CalendarSync`, items as iCalendar) and of an address book
/// (`AddressBookSync`, contacts as vCards) share: the pull of what the server changed, in one
/// transaction with what it learnt; the dry run's counts; and the push of what changed here a
/// chunk at a time, each request conditional. Each kind says how it reads a resource, where its
/// records are, and how it takes in a change, a removal and the answer to what it sent.
protocol ResourceSync: AnyObject {
    /// An item or a contact.
    associatedtype Record
    /// A resource's text as read: an item with its zone, a card.
    associatedtype Decoded
    /// The store's batch that writes records.
    associatedtype Batch

    var store: SQLiteStore { get }
    var client: DAVClient { get }
    var account: String { get }
    var collection: SyncCollection { get }
    var reader: CollectionReader { get }
    var ledger: SyncLedger { get }
    var progress: (String) -> Void { get }
    var report: SyncReport { get set }

    /// Where this kind's counts go in the report.
    static var counts: WritableKeyPath<SyncReport, TransferCounts> { get }
    /// What its changes are called in progress lines: `changes`, `contact changes`.
    static var changes: String { get }
    static var contentType: String { get }
    /// How many records are read from the store at once while pushing.
    static var perChunk: Int { get }

    /// Reads a resource's text; nil when it holds no record.
    func decode(_ text: String) -> Decoded?
    /// The UID a resource read gives its record.
    func uid(of decoded: Decoded) -> String
    /// Runs `body` in one write transaction.
    func write<T>(_ body: (Database, Batch) throws -> T) throws -> T
    /// Takes in a resource the server changed; `agreed` is what was last agreed for it.
    func receive(_ remote: CollectionReader.Remote, _ decoded: Decoded, agreed: SyncedResource?, _ db: Database,
                 _ batch: Batch) throws
    /// Takes in a resource the server removed.
    func receiveRemoval(of resource: SyncedResource, _ db: Database, _ batch: Batch) throws

    /// What to send: records new here, changed since agreed, removed here.
    func pushCandidates() throws -> [SyncCandidate]
    /// Sends everything at once when the collection is new and empty; true when it did.
    func uploadWhole(_ candidates: [SyncCandidate]) throws -> Bool
    /// The records of these rows, by UID.
    func records(rowIDs: [Int64]) throws -> [String: Record]
    /// The text a record is sent as.
    func text(for record: Record) -> String
    /// A fingerprint of a text as sent, compared with what was agreed.
    func fingerprint(_ text: String) -> String
    func isRemoved(_ record: Record) -> Bool
    /// The key of a new resource for a record.
    func newKey(for record: Record) -> String
    /// A record named for a person: `“Dentist”`, `the contact “Ana”`.
    func named(_ record: Record) -> String
    /// Notes in the store what became of what was sent.
    func note(_ outcome: SyncOutcome, _ db: Database, _ batch: Batch) throws
}

/// A record to send, or a resource whose record is gone.
struct SyncCandidate {
    /// The record's row; nil when it is no longer stored at all.
    var rowID: Int64?
    var uid: String
    /// Removed here (to History, or from the store).
    var isRemoved: Bool
    /// What was agreed for it; nil for a record the server never had.
    var resource: SyncedResource?
}

/// What became of one record sent.
enum SyncOutcome {
    /// The server has `text` under `key`: the record as it was read is agreed, unless it
    /// changed meanwhile.
    case stored(key: String, uid: String, etag: String?, text: String)
    /// Written since the last sync, but to what was agreed: nothing to send.
    case unchanged(uid: String, text: String)
    /// The server no longer has it.
    case removed(key: String, uid: String)
    /// The server changed it meanwhile: its version (nil when it removed it meanwhile too).
    case changedThere(key: String, uid: String, remote: CollectionReader.Remote?)
    /// Nothing could be done now; it goes out next time.
    case waiting
}

extension ResourceSync {
    func url(ofKey key: String) -> URL { reader.url(ofKey: key) }

    /// Pulls, then pushes; returns what was done.
    func run() throws -> SyncReport {
        try pull()
        try push()
        return report
    }

    /// Counts what a sync would do, changing nothing on either side.
    func dryRun() throws -> SyncReport {
        let known = try store.syncedETags(account: account, collection: collection.url)
        let listing = try reader.listing(known: known)
        for (key, _) in listing.changed {
            if known[key] == nil { report[keyPath: Self.counts].receivedNew += 1 } else {
                report[keyPath: Self.counts].receivedChanged += 1
            }
        }
        report[keyPath: Self.counts].receivedRemoved = listing.removed.count
        let candidates = try pushCandidates()
        for start in stride(from: 0, to: candidates.count, by: Self.perChunk) {
            let part = candidates[start..<min(start + Self.perChunk, candidates.count)]
            let records = try records(rowIDs: part.compactMap(\.rowID))
            for candidate in part {
                let record = records[candidate.uid]
                if candidate.isRemoved || record.map(isRemoved) ?? true {
                    if candidate.resource != nil { report[keyPath: Self.counts].sentRemoved += 1 }
                } else if let resource = candidate.resource {
                    // Written again as it was agreed (an import of its own export): nothing to send.
                    if let record, let agreed = resource.agreed, fingerprint(text(for: record)) == agreed { continue }
                    report[keyPath: Self.counts].sentChanged += 1
                } else {
                    report[keyPath: Self.counts].sentNew += 1
                }
            }
        }
        return report
    }

    // MARK: - Pull

    /// Brings in what the server changed, in one transaction with what it learnt.
    func pull() throws {
        var listing = try reader.listing(known: try store.syncedETags(account: account, collection: collection.url))
        if !listing.changed.isEmpty || !listing.removed.isEmpty {
            progress("receiving \(listing.changed.count) \(Self.changes)")
        }
        let remotes = try reader.fetch(
            listing.changed, removed: &listing.removed, unreadable: &report.unreadable, progress: progress)
        let decoded = remotes.map { decode($0.text) }
        try write { db, batch in
            // Read inside the transaction, so an edit made meanwhile is seen: what was agreed for
            // the resources received and removed, and for the UIDs received.
            let known = try SQLiteStore.syncedResources(
                db, account: account, collection: collection.url, hrefs: remotes.map(\.key) + listing.removed,
                uids: decoded.compactMap { $0.map(uid(of:)) })
            var byUID: [String: SyncedResource] = [:]
            for resource in known.values { byUID[resource.uid] = resource }
            for (remote, read) in zip(remotes, decoded) {
                guard let read else {
                    report.unreadable.append(remote.key)
                    continue
                }
                try receive(remote, read, agreed: known[remote.key] ?? byUID[uid(of: read)], db, batch)
            }
            for key in listing.removed {
                guard let resource = known[key] else { continue }
                try receiveRemoval(of: resource, db, batch)
            }
            try ledger.keepToken(listing.token, db)
        }
    }

    // MARK: - Push

    /// Sends every candidate, a chunk at a time, noting each chunk's answers as they come.
    func push() throws {
        let candidates = try pushCandidates()
        if !candidates.isEmpty { progress("sending \(candidates.count) \(Self.changes)") }
        if try uploadWhole(candidates) { return }
        for start in stride(from: 0, to: candidates.count, by: Self.perChunk) {
            let part = Array(candidates[start..<min(start + Self.perChunk, candidates.count)])
            if candidates.count > Self.perChunk {
                progress("sending \(start + part.count) of \(candidates.count) \(Self.changes)")
            }
            let records = try records(rowIDs: part.compactMap(\.rowID))
            var outcomes: [SyncOutcome] = []
            for candidate in part {
                outcomes.append(try send(candidate, record: records[candidate.uid]))
            }
            try write { db, batch in
                for outcome in outcomes {
                    try note(outcome, db, batch)
                }
            }
        }
    }

    private func send(_ candidate: SyncCandidate, record: Record?) throws -> SyncOutcome {
        let resource = candidate.resource
        guard let record, !candidate.isRemoved, !isRemoved(record) else {
            // Removed here: removed there, if it is still the version agreed.
            guard let resource else { return .waiting }
            switch try client.delete(url(ofKey: resource.key), ifMatch: resource.etag) {
            case .done, .gone:
                report[keyPath: Self.counts].sentRemoved += 1
                return .removed(key: resource.key, uid: resource.uid)
            case .changedMeanwhile:
                return .changedThere(key: resource.key, uid: resource.uid, remote: try get(resource.key))
            }
        }
        let key = resource?.key ?? newKey(for: record)
        let text = text(for: record)
        if let agreed = resource?.agreed, fingerprint(text) == agreed {
            return .unchanged(uid: candidate.uid, text: text)
        }
        switch try client.put(url(ofKey: key), Data(text.utf8), contentType: Self.contentType, ifMatch: resource?.etag) {
        case let .done(etag):
            if resource == nil {
                report[keyPath: Self.counts].sentNew += 1
            } else {
                report[keyPath: Self.counts].sentChanged += 1
            }
            return .stored(key: key, uid: candidate.uid, etag: etag, text: text)
        case .changedMeanwhile:
            return .changedThere(key: key, uid: candidate.uid, remote: try get(key))
        case .gone:
            // Removed there, changed here: the change wins; it goes back as a new resource.
            guard resource != nil,
                case let .done(etag) = try client.put(
                    url(ofKey: key), Data(text.utf8), contentType: Self.contentType, ifMatch: nil)
            else { return .waiting }
            report[keyPath: Self.counts].sentNew += 1
            report.notes.append("\(named(record)) was removed on the server but changed here; it was sent again")
            return .stored(key: key, uid: candidate.uid, etag: etag, text: text)
        }
    }

    /// The server's version of a resource, nil when it has none.
    func get(_ key: String) throws -> CollectionReader.Remote? {
        guard let (data, etag) = try client.get(url(ofKey: key)) else { return nil }
        return CollectionReader.Remote(key: key, etag: etag, text: String(decoding: data, as: UTF8.self))
    }
}
