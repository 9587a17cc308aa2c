import Foundation
import GRDB

extension SQLiteStore: ContactStore {
    /// The condition and arguments that select what `query` finds.
    private static func condition(_ query: ContactQuery) -> (sql: String, arguments: StatementArguments) {
        var sql: String
        switch query.list {
        case .all: sql = "status = 'active'"
        case .requests: sql = "status = 'active' AND relation IN ('request-received', 'request-sent')"
        case .blocked: sql = "status = 'active' AND relation = 'blocked'"
        case .deleted: sql = "status = 'deleted'"
        }
        var arguments: StatementArguments = []
        let filter = query.filter.trimmingCharacters(in: .whitespacesAndNewlines)
        if !filter.isEmpty {
            let folded = ContactSearch.fold(filter)
            if let digits = ContactSearch.phoneDigits(filter), digits != folded {
                sql += " AND (instr(search_text, ?) > 0 OR instr(search_text, ?) > 0)"
                arguments += [folded, digits]
            } else {
                sql += " AND instr(search_text, ?) > 0"
                arguments += [folded]
            }
        }
        return (sql, arguments)
    }

    private func readContacts<T>(_ body: (Database) throws -> T) throws(ContactError) -> T {
        do {
            return try read(body)
        } catch {
            throw .store(error)
        }
    }

    public func contactCount(_ query: ContactQuery) throws(ContactError) -> Int {
        let (sql, arguments) = Self.condition(query)
        return try readContacts { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM contact WHERE \(sql)", arguments: arguments) ?? 0
        }
    }

    public func contacts(_ query: ContactQuery, offset: Int, limit: Int) throws(ContactError) -> [ContactListing] {
        let (sql, arguments) = Self.condition(query)
        return try readContacts { db in
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT uid, display_name, sort_key, relation, subscription_source IS NOT NULL AS subscribed,
                        (SELECT value FROM contact_value WHERE contact = contact.id AND kind IN ('email', 'phone')
                            ORDER BY kind = 'phone', position LIMIT 1) AS first_value
                    FROM contact WHERE \(sql) ORDER BY sort_key, uid LIMIT ? OFFSET ?
                    """,
                arguments: arguments + [max(0, limit), max(0, offset)])
            var listings: [ContactListing] = []
            while let row = try rows.next() {
                guard let id = UUID(uuidString: row["uid"]) else { continue }
                let key: String = row["sort_key"]
                listings.append(ContactListing(
                    id: id, displayName: row["display_name"], section: Self.section(ofSortKey: key),
                    primaryContact: row["first_value"], relation: ContactRelation(rawValue: row["relation"]) ?? .none,
                    isSubscribed: row["subscribed"]))
            }
            return listings
        }
    }

    /// The section of a sort key `ContactSortKey.key(for:)` made.
    private static func section(ofSortKey key: String) -> Character {
        let bytes = Array(key.utf8.prefix(2))
        guard bytes.count == 2, bytes[0] == UInt8(ascii: "0"), (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[1])
        else { return "#" }
        return Character(Unicode.Scalar(bytes[1] - 0x20))
    }

    public func contactIndex(of id: UUID, in query: ContactQuery) throws(ContactError) -> Int? {
        let (sql, arguments) = Self.condition(query)
        let uid = id.uuidString.lowercased()
        return try readContacts { db -> Int? in
            guard let key = try String.fetchOne(
                db, sql: "SELECT sort_key FROM contact WHERE uid = ? AND \(sql)", arguments: [uid] + arguments)
            else { return nil }
            return try Int.fetchOne(
                db, sql: "SELECT count(*) FROM contact WHERE \(sql) AND (sort_key, uid) < (?, ?)",
                arguments: arguments + [key, uid])
        }
    }

    /// Every contact `query` finds, whole, in name order, read in one transaction (an export).
    public func wholeContacts(_ query: ContactQuery) throws(ContactError) -> [Contact] {
        let (sql, arguments) = Self.condition(query)
        return try readContacts { db in
            let ids = try String.fetchAll(
                db, sql: "SELECT uid FROM contact WHERE \(sql) ORDER BY sort_key, uid", arguments: arguments)
            return try ids.compactMap { try ContactRows.read(db, where: "uid = ?", $0) }
        }
    }

    public func contact(id: UUID) throws(ContactError) -> Contact? {
        try readContacts { db in try ContactRows.read(db, where: "uid = ?", id.uuidString.lowercased()) }
    }

    public func contact(uid: String) throws(ContactError) -> Contact? {
        try readContacts { db in try ContactRows.read(db, where: "vcard_uid = ?", uid) }
    }

    @discardableResult
    public func save(_ contact: Contact) throws(ContactError) -> Contact {
        let issues = contact.validate()
        guard issues.isEmpty else { throw .invalid(issues) }
        return try writeContacts { batch in
            var saved = contact
            saved.created = try batch.contact(id: contact.id)?.created ?? batch.now
            saved.changed = batch.now
            return try batch.write(saved)
        }
    }

    /// Changes a stored contact through the batch, or throws `.notFound`.
    private func change(_ id: UUID, _ edit: @escaping (inout Contact, Date) -> Void) throws(ContactError) {
        try writeContacts { batch in
            guard var contact = try batch.contact(id: id) else { throw ContactError.notFound(id) }
            edit(&contact, batch.now)
            contact.changed = batch.now
            try batch.write(contact)
        }
    }

    public func deleteContact(id: UUID) throws(ContactError) {
        try change(id) { contact, now in
            contact.status = .deleted
            contact.statusChanged = now
        }
    }

    public func restoreContact(id: UUID) throws(ContactError) {
        try change(id) { contact, now in
            contact.status = .active
            contact.statusChanged = now
        }
    }

    public func setRelation(_ relation: ContactRelation, of id: UUID) throws(ContactError) {
        try change(id) { contact, _ in contact.relation = relation }
    }

    public func block(id: UUID) throws(ContactError) {
        try writeContacts { batch in
            guard var contact = try batch.contact(id: id) else { throw ContactError.notFound(id) }
            guard contact.relation != .blocked else { return }
            let before = contact.relation
            contact.relation = .blocked
            contact.changed = batch.now
            try batch.write(contact)
            try batch.db.execute(
                sql: "UPDATE contact SET relation_before_block = ? WHERE uid = ?",
                arguments: [before.rawValue, id.lowercasedText])
        }
    }

    @discardableResult
    public func unblock(id: UUID) throws(ContactError) -> ContactRelation {
        try writeContacts { batch in
            guard var contact = try batch.contact(id: id) else { throw ContactError.notFound(id) }
            guard contact.relation == .blocked else { return contact.relation }
            let kept = try String.fetchOne(
                batch.db, sql: "SELECT relation_before_block FROM contact WHERE uid = ?", arguments: [id.lowercasedText])
            let before = kept.flatMap(ContactRelation.init(rawValue:)).flatMap { $0 == .blocked ? nil : $0 } ?? .none
            contact.relation = before
            contact.changed = batch.now
            try batch.write(contact)
            try batch.db.execute(
                sql: "UPDATE contact SET relation_before_block = NULL WHERE uid = ?", arguments: [id.lowercasedText])
            return before
        }
    }

    public func setSubscription(_ subscription: ContactSubscription?, of id: UUID) throws(ContactError) {
        try change(id) { contact, _ in contact.subscription = subscription }
    }
}
