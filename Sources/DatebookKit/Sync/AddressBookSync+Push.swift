import Foundation
import GRDB

/// Sending what changed here: new contacts, changed contacts, removed contacts.
extension AddressBookSync {
    /// A contact to send, or a card whose contact is gone.
    struct Candidate {
        /// The contact's row; nil when the contact is no longer stored at all.
        var rowID: Int64?
        var uid: String
        var status: ContactStatus
        /// What was agreed for it; nil for a contact the server never had.
        var resource: SyncedResource?
    }

    /// Contacts new here (when this address book takes them), changed since agreed, removed here.
    func pushCandidates() throws -> [Candidate] {
        try store.read { db in
            let collectionText = collection.url.absoluteString
            var result: [Candidate] = []
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
                result.append(Candidate(
                    rowID: row[0], uid: uid, status: ContactStatus(rawValue: row[2]) ?? .active, resource: resource))
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
                result.append(Candidate(rowID: nil, uid: resource.uid, status: .deleted, resource: resource))
            }
            return result
        }
    }

    /// Sends every candidate, a hundred at a time, noting each answer as it comes.
    func push() throws {
        let candidates = try pushCandidates()
        if try uploadWhole(candidates) { return }
        if !candidates.isEmpty { progress("sending \(candidates.count) contact changes") }
        for start in stride(from: 0, to: candidates.count, by: Self.contactsPerChunk) {
            let part = Array(candidates[start..<min(start + Self.contactsPerChunk, candidates.count)])
            if candidates.count > Self.contactsPerChunk {
                progress("sending contacts: \(start + part.count) of \(candidates.count)")
            }
            let rowIDs = part.compactMap(\.rowID)
            let contacts = try store.read { db in
                try rowIDs.compactMap { try ContactRows.read(db, where: "id = ?", $0) }
            }
            var byUID: [String: Contact] = [:]
            for contact in contacts { byUID[contact.uid] = contact }
            var outcomes: [Outcome] = []
            for candidate in part {
                outcomes.append(try send(candidate, contact: byUID[candidate.uid]))
            }
            try write { db, batch in
                for outcome in outcomes {
                    try note(outcome, db, batch)
                }
            }
        }
    }

    /// What became of one contact sent.
    enum Outcome {
        /// The server has `text` under `key`: the contact as it was read is agreed, unless it
        /// changed meanwhile.
        case stored(key: String, uid: String, etag: String?, text: String)
        /// Written since the last sync, but to what was agreed: nothing to send.
        case unchanged(uid: String, text: String)
        /// The server no longer has it.
        case removed(key: String, uid: String)
        /// The server changed it meanwhile: its card (nil when it removed it meanwhile too).
        case changedThere(key: String, uid: String, remote: Remote?)
        /// Nothing could be done now; it goes out next time.
        case waiting
    }

    private func send(_ candidate: Candidate, contact: Contact?) throws -> Outcome {
        let resource = candidate.resource
        guard let contact, contact.status != .deleted else {
            // Removed here: removed there, if it is still the card agreed.
            guard let resource else { return .waiting }
            switch try client.delete(url(ofKey: resource.key), ifMatch: resource.etag) {
            case .done, .gone:
                report.contacts.sentRemoved += 1
                return .removed(key: resource.key, uid: resource.uid)
            case .changedMeanwhile:
                return .changedThere(key: resource.key, uid: resource.uid, remote: try get(resource.key))
            }
        }
        let key = resource?.key ?? newKey(for: contact)
        let text = Self.text(for: contact)
        if let resource, let agreed = resource.agreed, Self.fingerprint(text) == agreed {
            return .unchanged(uid: candidate.uid, text: text)
        }
        switch try client.put(url(ofKey: key), Data(text.utf8), contentType: Self.contentType, ifMatch: resource?.etag) {
        case let .done(etag):
            if resource == nil { report.contacts.sentNew += 1 } else { report.contacts.sentChanged += 1 }
            return .stored(key: key, uid: candidate.uid, etag: etag, text: text)
        case .changedMeanwhile:
            return .changedThere(key: key, uid: candidate.uid, remote: try get(key))
        case .gone:
            // Removed there, changed here: the change wins; it goes back as a new card.
            guard resource != nil,
                case let .done(etag) = try client.put(
                    url(ofKey: key), Data(text.utf8), contentType: Self.contentType, ifMatch: nil)
            else { return .waiting }
            report.contacts.sentNew += 1
            report.notes.append("the contact “\(contact.displayName)” was removed on the server but changed here; it was sent again")
            return .stored(key: key, uid: candidate.uid, etag: etag, text: text)
        }
    }

    private func get(_ key: String) throws -> Remote? {
        guard let (data, etag) = try client.get(url(ofKey: key)) else { return nil }
        return Remote(key: key, etag: etag, text: String(decoding: data, as: UTF8.self))
    }

    /// The contact with this vCard UID as it is stored now.
    private func current(_ uid: String, _ batch: ContactBatch) throws -> Contact? {
        try batch.identity(ofUID: uid).flatMap { try batch.contact(id: $0.id) }
    }

    /// Notes one outcome in the store.
    private func note(_ outcome: Outcome, _ db: Database, _ batch: ContactBatch) throws {
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
