import Foundation
import GRDB

/// Writes contacts and their child rows inside one write transaction (see `ContactWriter`).
///
/// Only the batch writes the contact tables: a contact's row, its values in order, its photo,
/// and the sort key and search text derived from it; and the contact's row of the search index
/// (`SearchIndexWriter`), in the same transaction, when the batch ends.
public final class ContactBatch {
    let db: Database
    /// The time the batch stamps on what it writes.
    public let now: Date
    let ids: IDSource
    /// Contacts written so far.
    public private(set) var written = 0
    /// The contacts whose rows of the search index are written when the batch ends (by row
    /// id: the last version written, and whether the index may hold a row for it already).
    private var toIndex: [Int64: (contact: Contact, replacing: Bool)] = [:]
    private var indexOrder: [Int64] = []

    init(_ db: Database, now: Date, ids: IDSource) {
        self.db = db
        self.now = now
        self.ids = ids
    }

    /// A new id for a contact.
    public func newID() -> UUID { ids.next() }

    /// What the store knows of the contact with this vCard UID, if any: its id, when it was
    /// created, and the planner's own fields an import keeps.
    public func identity(ofUID uid: String) throws -> ContactIdentity? {
        guard let row = try Row.fetchOne(
            db.cachedStatement(sql: """
                SELECT uid, created, relation, subscription_source, subscription_read, subscription_error,
                    status, status_changed
                FROM contact WHERE vcard_uid = ?
                """),
            arguments: [uid])
        else { return nil }
        guard let id = UUID(uuidString: row["uid"]) else { return nil }
        var subscription: ContactSubscription?
        if let text: String = row["subscription_source"], let source = ContactSubscription.Source(text) {
            subscription = ContactSubscription(
                source: source, lastRead: (row["subscription_read"] as Double?).map(Date.init(timeIntervalSince1970:)),
                lastError: row["subscription_error"])
        }
        return ContactIdentity(
            id: id, created: Date(timeIntervalSince1970: row["created"]),
            relation: ContactRelation(rawValue: row["relation"]) ?? .none, subscription: subscription,
            status: ContactStatus(rawValue: row["status"]) ?? .active,
            statusChanged: (row["status_changed"] as Double?).map(Date.init(timeIntervalSince1970:)))
    }

    /// The stored contact with this id.
    public func contact(id: UUID) throws -> Contact? {
        try ContactRows.read(db, where: "uid = ?", id.uuidString.lowercased())
    }

    /// Writes `contact` as it is (its `created` and `changed` as given): inserts it, or
    /// replaces every field of the stored contact with its id. A contact without a name is
    /// refused; e-mails and phones are not checked (an import keeps what the card said).
    @discardableResult
    public func write(_ contact: Contact) throws -> Contact {
        if contact.displayName.allSatisfy(\.isWhitespace) {
            throw ContactError.invalid([ContactIssue(field: .displayName, message: "A name is required")])
        }
        let uidText = contact.id.uuidString.lowercased()
        let rowID = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM contact WHERE uid = ?"), arguments: [uidText])
        var columns = ContactRows.columns(of: contact)
        if let rowID {
            let assignments = ContactRows.columnNames.map { "\($0) = ?" }.joined(separator: ", ")
            columns.append(rowID)
            try db.cachedStatement(sql: "UPDATE contact SET \(assignments) WHERE id = ?")
                .execute(arguments: StatementArguments(columns))
            try db.cachedStatement(sql: "DELETE FROM contact_value WHERE contact = ?").execute(arguments: [rowID])
            try db.cachedStatement(sql: "DELETE FROM contact_photo WHERE contact = ?").execute(arguments: [rowID])
        } else {
            let names = (["uid"] + ContactRows.columnNames).joined(separator: ", ")
            let marks = Array(repeating: "?", count: ContactRows.columnNames.count + 1).joined(separator: ", ")
            try db.cachedStatement(sql: "INSERT INTO contact (\(names)) VALUES (\(marks))")
                .execute(arguments: StatementArguments([uidText as DatabaseValueConvertible?] + columns))
        }
        let id = rowID ?? db.lastInsertedRowID
        let insertValue = try db.cachedStatement(
            sql: "INSERT INTO contact_value (contact, position, kind, label, preferred, value) VALUES (?, ?, ?, ?, ?, ?)")
        var position = 0
        func add(_ kind: String, _ value: String, label: String = "", preferred: Bool = false) throws {
            try insertValue.execute(arguments: [id, position, kind, label, preferred, value])
            position += 1
        }
        for nickname in contact.nicknames { try add("nickname", nickname) }
        for email in contact.emails { try add("email", email.value, label: email.label, preferred: email.preferred) }
        for phone in contact.phones { try add("phone", phone.value, label: phone.label, preferred: phone.preferred) }
        for unit in contact.organisationUnits { try add("unit", unit) }
        for category in contact.categories { try add("category", category) }
        for line in contact.unknownProperties { try add("unknown", line) }
        if let photo = contact.photo {
            let insertPhoto = try db.cachedStatement(
                sql: "INSERT INTO contact_photo (contact, reference, data, media_type) VALUES (?, ?, ?, ?)")
            switch photo {
            case let .reference(reference):
                try insertPhoto.execute(arguments: [id, reference, nil, nil])
            case let .inline(data, mediaType):
                try insertPhoto.execute(arguments: [id, nil, data, mediaType])
            }
        }
        if let pending = toIndex[id] {
            toIndex[id] = (contact, pending.replacing)
        } else {
            toIndex[id] = (contact, rowID != nil)
            indexOrder.append(id)
        }
        written += 1
        return contact
    }

    /// Writes the search index's rows of the contacts written, in the batch's transaction.
    ///
    /// They are written together at the end, one after the other, so FTS5 gathers them in
    /// memory without the contact tables' statements between them (an import of 10,000 cards
    /// took 8% less CPU than with each contact's index row written beside it), and a contact
    /// written twice in one batch is indexed once.
    func writeSearchIndex() throws {
        guard !indexOrder.isEmpty else { return }
        let search = try SearchIndexWriter(db)
        for rowID in indexOrder {
            guard let (contact, replacing) = toIndex[rowID] else { continue }
            try search.write(contact, contactRowID: rowID, replacing: replacing)
        }
        toIndex = [:]
        indexOrder = []
    }
}

/// What the store knows of a contact besides its card: who it is, and what the planner keeps
/// when the card is imported again.
public struct ContactIdentity: Equatable, Sendable {
    public var id: UUID
    public var created: Date
    public var relation: ContactRelation
    public var subscription: ContactSubscription?
    public var status: ContactStatus
    public var statusChanged: Date?
}

// MARK: - The SQLite store's writer

extension SQLiteStore: ContactWriter {
    public func writeContacts<T>(_ body: (ContactBatch) throws -> T) throws(ContactError) -> T {
        let now = clock.now()
        // The body's own error comes out as it was thrown, not as a database failure.
        nonisolated(unsafe) var thrown: ContactError?
        do {
            return try write { db in
                do {
                    let batch = ContactBatch(db, now: now, ids: ids)
                    let result = try body(batch)
                    try batch.writeSearchIndex()
                    return result
                } catch let error as ContactError {
                    thrown = error
                    throw error
                }
            }
        } catch {
            throw thrown ?? .store(error)
        }
    }
}
