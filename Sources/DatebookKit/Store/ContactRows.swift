import Foundation
import GRDB

/// How a contact is laid out in its rows: the columns written, and reading them back.
enum ContactRows {
    /// The columns of `contact` written for a contact, after `uid`, in the order of `columns(of:)`.
    static let columnNames = [
        "vcard_uid", "display_name", "given_name", "family_name", "additional_names", "name_prefix", "name_suffix",
        "organisation", "title", "birthday_year", "birthday_month", "birthday_day",
        "address_label", "address_po_box", "address_extended", "address_street", "address_locality",
        "address_region", "address_postal_code", "address_country", "url", "notes", "created", "changed",
        "relation", "subscription_source", "subscription_read", "subscription_error", "status", "status_changed",
        "sort_key", "search_text",
    ]

    static func columns(of contact: Contact) -> [DatabaseValueConvertible?] {
        let address = contact.address
        return [
            contact.uid, contact.displayName, contact.givenName, contact.familyName, contact.additionalNames,
            contact.namePrefix, contact.nameSuffix, contact.organisation, contact.title,
            contact.birthday?.year, contact.birthday?.month, contact.birthday?.day,
            address?.label, address?.poBox ?? "", address?.extended ?? "", address?.street ?? "",
            address?.locality ?? "", address?.region ?? "", address?.postalCode ?? "", address?.country ?? "",
            contact.url, contact.notes, contact.created.timeIntervalSince1970, contact.changed.timeIntervalSince1970,
            contact.relation.rawValue, contact.subscription?.source.description,
            contact.subscription?.lastRead?.timeIntervalSince1970, contact.subscription?.lastError,
            contact.status.rawValue, contact.statusChanged?.timeIntervalSince1970,
            contact.sortKey, searchText(of: contact),
        ]
    }

    /// What the list's filter looks in: the name, nicknames, e-mails, phones (also as digits
    /// alone) and organisation, folded as `ContactSearch.fold` folds a query.
    static func searchText(of contact: Contact) -> String {
        var parts = [contact.displayName, contact.organisation] + contact.nicknames + contact.emails.map(\.value)
        for phone in contact.phones {
            parts.append(phone.value)
            parts.append(String(phone.value.filter { $0.isASCII && $0.isNumber }))
        }
        return ContactSearch.fold(SearchDocument.capped(parts.joined(separator: "\n"), bytes: SearchDocument.longestContactColumn))
    }

    /// The contact whose `contact` row matches `condition`, with its values and photo.
    /// Without `photo`, the photo is not read (a search's rows show none).
    static func read(_ db: Database, where condition: String, _ argument: DatabaseValueConvertible,
                     photo: Bool = true) throws -> Contact? {
        guard let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM contact WHERE \(condition)"), arguments: [argument])
        else { return nil }
        return try contact(db, row, photo: photo)
    }

    private static func contact(_ db: Database, _ row: Row, photo readsPhoto: Bool) throws -> Contact {
        let rowID: Int64 = row["id"]
        guard let id = UUID(uuidString: row["uid"]) else {
            throw StoreError.damaged(reason: "a contact's id is not a UUID")
        }
        var contact = Contact(
            id: id, uid: row["vcard_uid"], displayName: row["display_name"],
            created: Date(timeIntervalSince1970: row["created"]), changed: Date(timeIntervalSince1970: row["changed"]))
        contact.givenName = row["given_name"]
        contact.familyName = row["family_name"]
        contact.additionalNames = row["additional_names"]
        contact.namePrefix = row["name_prefix"]
        contact.nameSuffix = row["name_suffix"]
        contact.organisation = row["organisation"]
        contact.title = row["title"]
        if let month: Int = row["birthday_month"], let day: Int = row["birthday_day"] {
            contact.birthday = Birthday(year: row["birthday_year"], month: month, day: day)
        }
        if let label: String = row["address_label"] {
            contact.address = PostalAddress(
                label: label, poBox: row["address_po_box"], extended: row["address_extended"],
                street: row["address_street"], locality: row["address_locality"], region: row["address_region"],
                postalCode: row["address_postal_code"], country: row["address_country"])
        }
        contact.url = row["url"]
        contact.notes = row["notes"]
        contact.relation = ContactRelation(rawValue: row["relation"]) ?? .none
        if let text: String = row["subscription_source"], let source = ContactSubscription.Source(text) {
            contact.subscription = ContactSubscription(
                source: source, lastRead: (row["subscription_read"] as Double?).map(Date.init(timeIntervalSince1970:)),
                lastError: row["subscription_error"])
        }
        contact.status = ContactStatus(rawValue: row["status"]) ?? .active
        contact.statusChanged = (row["status_changed"] as Double?).map(Date.init(timeIntervalSince1970:))
        let values = try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT kind, label, preferred, value FROM contact_value WHERE contact = ? ORDER BY position"),
            arguments: [rowID])
        for value in values {
            let text: String = value["value"]
            switch value["kind"] as String {
            case "nickname": contact.nicknames.append(text)
            case "email": contact.emails.append(LabelledValue(text, label: value["label"], preferred: value["preferred"]))
            case "phone": contact.phones.append(LabelledValue(text, label: value["label"], preferred: value["preferred"]))
            case "unit": contact.organisationUnits.append(text)
            case "category": contact.categories.append(text)
            default: contact.unknownProperties.append(text)
            }
        }
        if readsPhoto, let photo = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT reference, data, media_type FROM contact_photo WHERE contact = ?"),
            arguments: [rowID])
        {
            if let reference: String = photo["reference"] {
                contact.photo = .reference(reference)
            } else if let data: Data = photo["data"] {
                contact.photo = .inline(data, mediaType: photo["media_type"] ?? "image/jpeg")
            }
        }
        return contact
    }
}
