import Foundation

/// Contacts as `datebook contacts list --json` prints them: an array of objects with every
/// key present (`null` when a value is missing). Photos are left out; `hasPhoto` says
/// whether there is one.
public enum ContactJSON {
    public static func encode(_ contacts: [Contact]) throws -> Data {
        func labelled(_ values: [LabelledValue]) -> [[String: Any]] {
            values.map { ["label": $0.label, "value": $0.value, "preferred": $0.preferred] }
        }
        let objects: [[String: Any]] = contacts.map { contact in
            [
                "id": contact.id.uuidString.lowercased(),
                "uid": contact.uid,
                "name": contact.displayName,
                "section": String(contact.section),
                "givenName": contact.givenName,
                "familyName": contact.familyName,
                "nicknames": contact.nicknames,
                "emails": labelled(contact.emails),
                "phones": labelled(contact.phones),
                "organisation": contact.organisation,
                "title": contact.title,
                "birthday": contact.birthday.map { $0.description as Any } ?? NSNull(),
                "url": contact.url,
                "notes": contact.notes,
                "categories": contact.categories,
                "hasPhoto": contact.photo != nil,
                "relation": contact.relation.rawValue,
                "subscription": contact.subscription.map { $0.source.description as Any } ?? NSNull(),
                "status": contact.status.rawValue,
            ]
        }
        let data = try JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return ControlCharacters.escapingInJSON(data + Data("\n".utf8))
    }
}
