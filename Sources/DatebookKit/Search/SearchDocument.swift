import Foundation

/// What one searchable thing gives the index: its texts, folded, in the index's columns.
///
/// Items are the only kind today. Another kind (contacts) adds a `SearchKind` case, an
/// initializer that fills these columns from it, and its own range of row ids (see
/// `SearchSchema`): the index, the query and the ranking stay as they are.
struct SearchDocument: Equatable {
    /// Titles (an item's own, then its changed instances'), or a contact's names.
    var title: String
    /// Places.
    var place: String
    /// Notes.
    var notes: String
    /// Categories.
    var categories: String
    /// Names and e-mail addresses of the people named (organizer and attendees).
    var people: String

    /// The columns in the index's order.
    var columns: [String] { [title, place, notes, categories, people] }

    /// The index's column names, in order.
    static let columnNames = ["title", "place", "notes", "categories", "people"]
}

extension SearchDocument {
    /// What `item` gives the index: its own texts and its changed instances' (one line each).
    init(_ item: Item) {
        func joined(_ first: String, _ more: [String?]) -> String {
            var parts = [first]
            for text in more {
                if let text, !text.isEmpty, !parts.contains(text) { parts.append(text) }
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
