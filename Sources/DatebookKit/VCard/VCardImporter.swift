import Foundation

/// What a vCard import did: contacts added and updated, cards skipped and why, notes.
public struct ContactImportReport: Equatable, Sendable {
    public var added = 0
    public var updated = 0
    public var skipped: [VCardReader.Note] = []
    public var notes: [VCardReader.Note] = []

    public init() {}

    /// `Imported 12 contacts: 10 added, 2 updated, 1 skipped.`
    public var summary: String {
        let total = added + updated
        return "Imported \(total) contact\(total == 1 ? "" : "s"): \(added) added, \(updated) updated, \(skipped.count) skipped."
    }
}

/// Why a vCard import did not happen at all; nothing was written.
public enum ContactImportError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(String)
    case notVCard
    case store(ContactError)

    public var description: String {
        switch self {
        case let .unreadable(reason): return "cannot read the file: \(reason)"
        case .notVCard: return "not a vCard file: it holds no BEGIN:VCARD; nothing was imported"
        case let .store(error): return "\(error); nothing was imported"
        }
    }
}

/// Reads vCards into the address book in one transaction, matching cards to contacts by UID:
/// importing a file again updates its contacts. What the planner knows of a person (relation,
/// subscription, whether deleted) stays as it was.
public struct VCardImporter {
    let writer: ContactWriter

    public init(writer: ContactWriter) {
        self.writer = writer
    }

    public func importFile(atPath path: String) throws(ContactImportError) -> ContactImportReport {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw .unreadable(UnreadableFile.reason(path, error))
        }
        return try importData(data)
    }

    public func importData(_ data: Data) throws(ContactImportError) -> ContactImportReport {
        let result = VCardReader.read(data)
        if result.isEmptyOfCards { throw .notVCard }
        var report = ContactImportReport()
        report.skipped = result.skipped
        do {
            report = try writer.writeContacts { batch in
                var report = report
                // A card's time without fractions, so that REV written back reads the same.
                let now = Date(timeIntervalSince1970: batch.now.timeIntervalSince1970.rounded(.down))
                var seen: [String: Int] = [:]
                for card in result.cards {
                    var contact = card.contact
                    if let line = seen[contact.uid] {
                        report.notes.append(VCardReader.Note(
                            line: card.line, uid: contact.uid, message: "its UID was used by the card on line \(line) too; this one replaced it"))
                    }
                    seen[contact.uid] = card.line
                    if let stored = try batch.identity(ofUID: contact.uid) {
                        contact.id = stored.id
                        contact.created = stored.created
                        contact.relation = stored.relation
                        contact.subscription = stored.subscription
                        contact.status = stored.status
                        contact.statusChanged = stored.statusChanged
                        report.updated += 1
                    } else {
                        contact.id = batch.newID()
                        contact.created = card.revision ?? now
                        report.added += 1
                    }
                    contact.changed = card.revision ?? now
                    try batch.write(contact)
                    for note in card.notes {
                        report.notes.append(VCardReader.Note(line: card.line, uid: contact.uid, message: note))
                    }
                }
                return report
            }
        } catch {
            throw .store(error)
        }
        return report
    }
}
