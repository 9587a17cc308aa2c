import Foundation

/// One contact as `datebook contacts list --json` prints it: every key present (`null` when a
/// value is missing). Photos are left out; `hasPhoto` says whether there is one.
public struct ContactJSON: Encodable, Equatable, Sendable {
    public struct Value: Encodable, Equatable, Sendable {
        public var label: String
        public var value: String
        public var preferred: Bool
    }

    public var id: String
    public var uid: String
    public var name: String
    public var section: String
    public var givenName: String
    public var familyName: String
    public var nicknames: [String]
    public var emails: [Value]
    public var phones: [Value]
    public var organisation: String
    public var title: String
    public var birthday: String?
    public var url: String
    public var notes: String
    public var categories: [String]
    public var hasPhoto: Bool
    public var relation: String
    public var subscription: String?
    public var status: String

    public init(_ contact: Contact) {
        func values(_ list: [LabelledValue]) -> [Value] {
            list.map { Value(label: $0.label, value: $0.value, preferred: $0.preferred) }
        }
        id = contact.id.uuidString.lowercased()
        uid = contact.uid
        name = contact.displayName
        section = String(contact.section)
        givenName = contact.givenName
        familyName = contact.familyName
        nicknames = contact.nicknames
        emails = values(contact.emails)
        phones = values(contact.phones)
        organisation = contact.organisation
        title = contact.title
        birthday = contact.birthday?.description
        url = contact.url
        notes = contact.notes
        categories = contact.categories
        hasPhoto = contact.photo != nil
        relation = contact.relation.rawValue
        subscription = contact.subscription?.source.description
        status = contact.status.rawValue
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(uid, forKey: .uid)
        try container.encode(name, forKey: .name)
        try container.encode(section, forKey: .section)
        try container.encode(givenName, forKey: .givenName)
        try container.encode(familyName, forKey: .familyName)
        try container.encode(nicknames, forKey: .nicknames)
        try container.encode(emails, forKey: .emails)
        try container.encode(phones, forKey: .phones)
        try container.encode(organisation, forKey: .organisation)
        try container.encode(title, forKey: .title)
        try container.encode(birthday, forKey: .birthday)
        try container.encode(url, forKey: .url)
        try container.encode(notes, forKey: .notes)
        try container.encode(categories, forKey: .categories)
        try container.encode(hasPhoto, forKey: .hasPhoto)
        try container.encode(relation, forKey: .relation)
        try container.encode(subscription, forKey: .subscription)
        try container.encode(status, forKey: .status)
    }

    enum CodingKeys: String, CodingKey {
        case id, uid, name, section, givenName, familyName, nicknames, emails, phones, organisation, title
        case birthday, url, notes, categories, hasPhoto, relation, subscription, status
    }

    /// The JSON array of `contacts`, with a line end.
    public static func encode(_ contacts: [Contact]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ControlCharacters.escapingInJSON(try encoder.encode(contacts.map(ContactJSON.init)) + Data("\n".utf8))
    }
}
