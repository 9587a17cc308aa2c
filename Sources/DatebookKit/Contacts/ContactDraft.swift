import Foundation

/// A contact as a form holds it: one text per field, exactly as typed, read into a `Contact`
/// by one rule, with what is wrong attached to the field it is in.
///
/// Several e-mails or phones are one text: values separated by `,` or `;`, each with an
/// optional label before a colon (`work: ana@x.org, home: ana@y.org`). Nicknames and
/// categories are separated by commas; the address reads `street, city, postcode, region,
/// country`. The birthday takes any form the date fields take (`Birthday.parse`).
public struct ContactDraft: Equatable, Sendable {
    /// A field of the contact form, in the order the form shows them.
    public enum Field: String, CaseIterable, Hashable, Sendable {
        case displayName, givenName, familyName, nicknames, emails, phones, organisation, title, birthday
        case address, url, notes, categories
    }

    public var texts: [Field: String]

    public init(texts: [Field: String] = [:]) {
        self.texts = texts
    }

    /// The fields' texts for a stored contact: what the form opens with.
    public init(_ contact: Contact) {
        var texts: [Field: String] = [
            .displayName: contact.displayName,
            .givenName: contact.givenName,
            .familyName: contact.familyName,
            .nicknames: contact.nicknames.joined(separator: ", "),
            .emails: Self.text(of: contact.emails),
            .phones: Self.text(of: contact.phones),
            .organisation: contact.organisation,
            .title: contact.title,
            .birthday: contact.birthday?.description ?? "",
            .address: contact.address.map(Self.text(of:)) ?? "",
            .url: contact.url,
            .notes: contact.notes.replacingOccurrences(of: "\n", with: "↵"),
            .categories: contact.categories.joined(separator: ", "),
        ]
        texts = texts.filter { !$0.value.isEmpty }
        self.init(texts: texts)
    }

    public func text(_ field: Field) -> String { texts[field] ?? "" }

    /// The contact the texts describe (over `original`, whose other fields are kept: photo,
    /// name parts, what a vCard carried that the form does not show), and the problems by field.
    /// A field whose text did not change keeps the stored value exactly.
    public func contact(editing original: Contact?, newID: () -> UUID, now: Date, calendar: Calendar)
        -> (contact: Contact, problems: [Field: String])
    {
        let before = original.map(ContactDraft.init) ?? ContactDraft()
        var contact = original ?? Contact(id: newID(), displayName: "", created: now)
        var problems: [Field: String] = [:]
        func changed(_ field: Field) -> Bool { text(field) != before.text(field) }
        func trimmed(_ field: Field) -> String { text(field).trimmingCharacters(in: .whitespaces) }

        contact.displayName = trimmed(.displayName)
        if changed(.givenName) { contact.givenName = trimmed(.givenName) }
        if changed(.familyName) { contact.familyName = trimmed(.familyName) }
        if changed(.nicknames) { contact.nicknames = Self.list(text(.nicknames)) }
        if changed(.emails) { contact.emails = Self.labelledValues(text(.emails), keeping: contact.emails) }
        if changed(.phones) { contact.phones = Self.labelledValues(text(.phones), keeping: contact.phones) }
        if changed(.organisation) { contact.organisation = trimmed(.organisation) }
        if changed(.title) { contact.title = trimmed(.title) }
        if changed(.birthday) {
            let typed = trimmed(.birthday)
            if typed.isEmpty {
                contact.birthday = nil
            } else {
                do {
                    contact.birthday = try Birthday.parse(typed, now: now, calendar: calendar)
                } catch {
                    problems[.birthday] = error.message
                }
            }
        }
        if changed(.address) { contact.address = Self.address(text(.address), label: contact.address?.label ?? "") }
        if changed(.url) { contact.url = trimmed(.url) }
        if changed(.notes) { contact.notes = text(.notes).replacingOccurrences(of: "↵", with: "\n") }
        if changed(.categories) { contact.categories = Self.list(text(.categories)) }

        for issue in contact.validate() {
            let field: Field = switch issue.field {
            case .email: .emails
            case .phone: .phones
            case .nickname: .nicknames
            case .organisation: .organisation
            case .title: .title
            case .birthday: .birthday
            case .address: .address
            case .url: .url
            case .notes: .notes
            case .categories: .categories
            case .displayName, .photo, .subscription: .displayName
            }
            if problems[field] == nil { problems[field] = issue.message }
        }
        return (contact, problems)
    }

    // MARK: - Reading and writing the texts

    /// `work: ana@x.org, ana@y.org` → the values with their labels; a value that was stored
    /// keeps its "preferred" mark.
    public static func labelledValues(_ text: String, keeping stored: [LabelledValue] = []) -> [LabelledValue] {
        text.split(whereSeparator: { $0 == "," || $0 == ";" || $0.isNewline }).compactMap { part in
            var value = part.trimmingCharacters(in: .whitespaces)
            var label = ""
            if let colon = value.firstIndex(of: ":") {
                let head = value[..<colon].trimmingCharacters(in: .whitespaces)
                if !head.isEmpty, head.allSatisfy({ $0.isLetter || $0 == " " || $0 == "-" }),
                   head.lowercased() != "mailto", head.lowercased() != "tel"
                {
                    label = head
                    value = value[value.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
            }
            guard !value.isEmpty else { return nil }
            let preferred = stored.first { $0.value == value }?.preferred ?? false
            return LabelledValue(value, label: label, preferred: preferred)
        }
    }

    /// The values as the form shows them: `work: ana@x.org, ana@y.org`.
    public static func text(of values: [LabelledValue]) -> String {
        values.map { $0.label.isEmpty ? $0.value : "\($0.label): \($0.value)" }.joined(separator: ", ")
    }

    /// An address as the form shows it: `street, city, postcode, region, country`, empty parts
    /// left out at the end.
    public static func text(of address: PostalAddress) -> String {
        var parts = [address.street, address.locality, address.postalCode, address.region, address.country]
        while parts.last?.isEmpty == true { parts.removeLast() }
        return parts.joined(separator: ", ")
    }

    static func address(_ text: String, label: String) -> PostalAddress? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        func part(_ i: Int) -> String { parts.indices.contains(i) ? parts[i] : "" }
        // More than five parts: the rest belongs to the country.
        let country = parts.count > 5 ? parts[4...].joined(separator: ", ") : part(4)
        let address = PostalAddress(label: label, street: part(0), locality: part(1), region: part(3),
                                    postalCode: part(2), country: country)
        return address.isEmpty ? nil : address
    }

    static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
