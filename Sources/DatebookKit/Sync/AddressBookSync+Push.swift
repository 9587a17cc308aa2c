import Foundation
import GRDB

/// Sending what changed here: new contacts, changed contacts, removed contacts.
extension AddressBookSync {
    /// Contacts new here (when this address book takes them), changed since agreed, removed here.
    func pushCandidates() throws -> [SyncCandidate] {
        try store.read { db in
            let collectionText = collection.url.absoluteString
            var result: [SyncCandidate] = []
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT c.id, c.vcard_uid, c.status, r.href, r.etag, r.base, r.agreed
                    FROM contact c
                    LEFT JOIN sync_resource r ON r.uid = c.vcard_uid AND r.account = ? AND r.collection = ?
                    WHERE (r.href IS NULL AND ? AND c.status <> 'deleted'
                           AND NOT EXISTS (
                               SELECT 1 FROM sync_resource o
                               JOIN sync_collection k ON k.account = o.account AND k.url = o.collection
                               WHERE o.uid = c.vcard_uid AND k.kind = 'addressbook'))
                       OR (r.href IS NOT NULL
                           AND (r.agreed IS NULL
                                OR EXISTS (SELECT 1 FROM sync_dirty_contact d WHERE d.uid = c.vcard_uid)))
                    ORDER BY c.id
                    """,
                arguments: [account, collectionText, takesNewContacts])
            while let row = try rows.next() {
                let uid: String = row[1]
                let resource: SyncedResource? = (row[3] as String?).map {
                    SyncedResource(href: $0, uid: uid, etag: row[4], base: row[5], agreed: row[6])
                }
                result.append(SyncCandidate(
                    rowID: row[0], uid: uid, isRemoved: ContactStatus(rawValue: row[2]) == .deleted, resource: resource))
            }
            let orphans = try Row.fetchCursor(
                db,
                sql: """
                    SELECT href, uid, etag, base, agreed FROM sync_resource r
                    WHERE account = ? AND collection = ? AND NOT EXISTS (SELECT 1 FROM contact WHERE vcard_uid = r.uid)
                    """,
                arguments: [account, collectionText])
            while let row = try orphans.next() {
                let resource = SyncedResource(href: row[0], uid: row[1], etag: row[2], base: row[3], agreed: row[4])
                result.append(SyncCandidate(rowID: nil, uid: resource.uid, isRemoved: true, resource: resource))
            }
            return result
        }
    }

    /// The contacts of these rows, by vCard UID.
    func records(rowIDs: [Int64]) throws -> [String: Contact] {
        let contacts = try store.read { db in
            try rowIDs.compactMap { try ContactRows.read(db, where: "id = ?", $0) }
        }
        var byUID: [String: Contact] = [:]
        for contact in contacts { byUID[contact.uid] = contact }
        return byUID
    }

    /// The contact with this vCard UID as it is stored now.
    private func current(_ uid: String, _ batch: ContactBatch) throws -> Contact? {
        try batch.identity(ofUID: uid).flatMap { try batch.contact(id: $0.id) }
    }

    /// Notes one outcome in the store.
    func note(_ outcome: SyncOutcome, _ db: Database, _ batch: ContactBatch) throws {
        switch outcome {
        case .waiting:
            return
        case let .removed(key, uid):
            try forget(key, db)
            try clearDirty(uid, db)
        case let .unchanged(uid, text):
            // No longer waiting, if it is still as it was read.
            if let current = try current(uid, batch), current.status != .deleted, Self.text(for: current) == text {
                try clearDirty(uid, db)
            }
        case let .stored(key, uid, etag, text):
            // Agreed only if the contact is still as it was sent.
            let current = try current(uid, batch)
            let same = current.map { $0.status != .deleted && Self.text(for: $0) == text } ?? false
            try remember(key, uid: uid, etag: etag, base: text, agreed: same ? current?.id : nil, db, batch)
        case let .changedThere(key, uid, remote):
            guard let remote else {
                // Removed there meanwhile: forgotten, so the contact goes out as new next time.
                try forget(key, db)
                return
            }
            guard let card = VCardReader.read(Data(remote.text.utf8)).cards.first else {
                report.unreadable.append(key)
                return
            }
            guard let identity = try batch.identity(ofUID: uid), let mine = try batch.contact(id: identity.id) else { return }
            let theirs = Self.stored(card, over: identity, batch: batch)
            if mine.status == .deleted {
                // Removed here, changed there meanwhile: the change wins, the contact comes back.
                try batch.write(theirs)
                report.contacts.receivedChanged += 1
                report.notes.append("the contact “\(theirs.displayName)” was removed here but changed on the server; it comes back")
                try ActivityRows.insert(
                    Activity(
                        at: store.clock.now(), kind: .sync,
                        text: "The contact “\(theirs.displayName)” was removed here after it was changed on the "
                            + "server; the change wins, it is back"),
                    db)
            } else if !Self.isSame(mine, theirs) {
                try keepConflict(mine: mine, theirsText: remote.text, db)
                try batch.write(theirs)
            }
            try remember(key, uid: uid, etag: remote.etag, base: remote.text, agreed: mine.id, db, batch)
        }
    }
}
