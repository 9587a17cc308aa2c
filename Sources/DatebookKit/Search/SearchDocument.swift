import Foundation

/// What one searchable thing gives the index: its texts, folded, in the index's columns.
///
/// An item's row has the item's row id; a contact's the negated row id of the contact (see
/// `SearchSchema`): the index and the query are the same for both.
struct SearchDocument: Equatable {
    /// Titles (an item's own, then its changed instances'), or a contact's names (the shown
    /// name first, then the parts and nicknames).
    var title: String
    /// Places, or a contact's organisation, title and address.
    var place: String
    /// Notes (a contact's: and URL).
    var notes: String
    /// Categories.
    var categories: String
    /// Names and e-mail addresses of the people named (organizer and attendees), or a
    /// contact's e-mails and phones (also as digits alone).
    var people: String

    /// The first line of the title (an item's own title, a contact's shown name): what the
    /// closeness of a match is judged by (`search_rank.title`).
    var rankTitle: String {
        guard let newline = title.firstIndex(of: "\n") else { return title }
        return String(title[..<newline])
    }

    /// The columns in the index's order.
    var columns: [String] { [title, place, notes, categories, people] }

    /// The index's column names, in order.
    static let columnNames = ["title", "place", "notes", "categories", "people"]
}

extension SearchDocument {
    /// What `item` gives the index: its own texts and its changed instances' (one line each).
    init(_ item: Item) {
        func joined(_ first: String, _ more: [String?]) -> String {
            // Each text once, in order (a set, not a search of the list: 40,000 categories).
            var parts = [first]
            var seen: Set<String> = [first]
            for text in more {
                if let text, !text.isEmpty, seen.insert(text).inserted { parts.append(text) }
            }
            return SearchFolding.fold(parts.filter { !$0.isEmpty }.joined(separator: "\n"))
        }
        let overrides = item.overrides
        title = overrides.isEmpty ? SearchFolding.fold(item.title) : joined(item.title, overrides.map(\.title))
        place = overrides.isEmpty ? SearchFolding.fold(item.place) : joined(item.place, overrides.map(\.place))
        notes = overrides.isEmpty ? SearchFolding.fold(item.notes) : joined(item.notes, overrides.map(\.notes))
        categories = item.moreCategories.isEmpty
            ? SearchFolding.fold(item.category) : joined(item.category, item.moreCategories)
        var people: [String] = []
        for participant in (item.organizer.map { [$0] } ?? []) + item.attendees {
            if let name = participant.name, !name.isEmpty { people.append(name) }
            people.append(Self.address(participant.address))
        }
        self.people = people.isEmpty ? "" : SearchFolding.fold(people.joined(separator: "\n"))
    }

    /// A calendar address as a person reads it: `mailto:` taken off.
    static func address(_ address: String) -> String {
        address.lowercased().hasPrefix("mailto:") ? String(address.dropFirst(7)) : address
    }
}

extension SearchDocument {
    /// What `meeting` gives the index: its title, place and notes, and its people.
    init(_ meeting: Meeting) {
        title = SearchFolding.fold(meeting.title)
        place = SearchFolding.fold(meeting.place)
        notes = SearchFolding.fold(meeting.notes)
        categories = ""
        let people = [meeting.host] + meeting.invitees.map(\.person)
        self.people = SearchFolding.fold(people.flatMap { [$0.name, $0.email] }.filter { !$0.isEmpty }
            .joined(separator: "\n"))
    }

    /// The most of a contact's text one column of the index holds, in UTF-8 bytes: far more
    /// than any person's names, addresses or notes, and a card of 300 MB of nicknames is not
    /// indexed (and folded, and cut into trigrams) whole.
    static let longestContactColumn = 64 * 1024

    /// `text` cut to `bytes` of UTF-8 at most (a character cut in two ends as U+FFFD).
    static func capped(_ text: String, bytes: Int) -> String {
        text.utf8.count <= bytes ? text : String(decoding: text.utf8.prefix(bytes), as: UTF8.self)
    }

    /// What `contact` gives the index: every text field, in the columns of an item's.
    init(_ contact: Contact) {
        let texts = Self.fields(of: contact)
        func folded(_ parts: [String]) -> String {
            SearchFolding.fold(
                Self.capped(parts.filter { !$0.isEmpty }.joined(separator: "\n"), bytes: Self.longestContactColumn))
        }
        title = folded(texts.names)
        place = folded(texts.work)
        notes = folded(texts.notes)
        categories = folded(contact.categories)
        var people = texts.reach
        for phone in contact.phones {
            let digits = String(phone.value.filter { $0.isASCII && $0.isNumber })
            if digits != phone.value { people.append(digits) }
        }
        self.people = folded(people)
    }

    /// A contact's texts as they are written, in the order a row looks for the one that matched.
    static func texts(of contact: Contact) -> [String] {
        let texts = fields(of: contact)
        return texts.names + texts.reach + texts.work
            + contact.notes.split(whereSeparator: \.isNewline).map(String.init) + [contact.url] + contact.categories
    }

    private static func fields(of contact: Contact)
        -> (names: [String], work: [String], notes: [String], reach: [String])
    {
        let names = [contact.displayName, contact.givenName, contact.additionalNames, contact.familyName,
                     contact.namePrefix, contact.nameSuffix] + contact.nicknames
        var work = [contact.organisation] + contact.organisationUnits + [contact.title]
        if let address = contact.address {
            work += [address.poBox, address.extended, address.street, address.locality, address.region,
                     address.postalCode, address.country]
        }
        let reach = contact.emails.map(\.value) + contact.phones.map(\.value)
        return (names, work, [contact.notes, contact.url], reach)
    }
}
