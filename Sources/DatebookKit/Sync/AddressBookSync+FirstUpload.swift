import Foundation
import GRDB

/// The first sync of many contacts into an empty address book, in one request, as the calendar
/// does it (`CalendarSync.uploadWhole`): Radicale takes a whole address book (one vCard file of
/// every card) in one PUT on the collection's address, where cards sent one by one cost a time
/// that grows with the number the address book holds. It is tried only when the address book on
/// the server is empty, conditional on its ETag (anyone writing to it meanwhile makes the server
/// refuse, and nothing is replaced); a server that does not take it answers an error, and the
/// contacts go one by one as always.
extension AddressBookSync {
    /// Below this many new contacts, one by one is quick enough.
    static let firstUploadMinimum = 100

    /// Sends `candidates` (all new) in one PUT when the address book on the server is empty;
    /// returns false when that was not possible and nothing was sent.
    func uploadWhole(_ candidates: [SyncCandidate]) throws -> Bool {
        guard candidates.count >= Self.firstUploadMinimum, candidates.allSatisfy({ $0.resource == nil && $0.rowID != nil })
        else { return false }
        let answer = try client.propfind(collection.url, depth: 1, properties: [(DAVNamespace.dav, "getetag")])
        let members = answer.responses.filter { reader.key(ofHref: $0.href) != collection.url.path }
        guard members.isEmpty,
            let etag = answer.responses.first(where: { reader.key(ofHref: $0.href) == collection.url.path })?.etag
        else { return false }

        progress("sending \(candidates.count) contacts at once")
        let rowIDs = candidates.compactMap(\.rowID)
        var sent: [(uid: String, text: String)] = []
        var byName: [String: Int] = [:]
        sent.reserveCapacity(rowIDs.count)
        try store.read { db in
            for rowID in rowIDs {
                guard let contact = try ContactRows.read(db, where: "id = ?", rowID), contact.status != .deleted else {
                    continue
                }
                // The server names a card by its UID where it can; else it is found by its
                // fields at the next sync.
                byName[contact.uid + ".vcf"] = sent.count
                byName[Self.resourceName(for: contact)] = sent.count
                sent.append((contact.uid, Self.text(for: contact)))
            }
        }
        guard !sent.isEmpty else { return false }
        let outcome: DAVClient.WriteOutcome
        do {
            // The server writes every card before it answers: a tenth of a second each is allowed.
            outcome = try client.put(
                collection.url, Data(sent.map(\.text).joined().utf8), contentType: Self.contentType, ifMatch: etag,
                timeout: max(client.session.timeout, Double(sent.count) / 10))
        } catch let error {
            // Not a server that takes a whole address book (405, 409, 415…): one by one.
            if case let .status(code, _) = error, code < 500 { return false }
            throw error
        }
        guard case .done = outcome else { return false }

        let listing = try client.syncCollection(collection.url, token: nil, properties: [(DAVNamespace.dav, "getetag")])
        try write { db, batch in
            var matched = 0
            for response in listing?.responses ?? [] {
                guard let key = reader.key(ofHref: response.href), key != collection.url.path,
                    let index = byName[(key as NSString).lastPathComponent]
                else { continue }
                let (uid, text) = sent[index]
                // Agreed only if the contact is still as it was sent.
                let current = try batch.identity(ofUID: uid).flatMap { try batch.contact(id: $0.id) }
                let same = current.map { $0.status != .deleted && Self.text(for: $0) == text } ?? false
                try remember(key, uid: uid, etag: response.etag, base: text, agreed: same ? current?.id : nil, db, batch)
                matched += 1
            }
            // With a card the server named otherwise, the next sync lists the whole address book
            // (and finds it by its fields) rather than what changed since now.
            if matched == sent.count, let token = listing?.syncToken {
                try ledger.keepToken(token, db)
            }
        }
        report.contacts.sentNew += sent.count
        return true
    }
}
