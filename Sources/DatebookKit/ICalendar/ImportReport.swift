import Foundation

/// What an import says about one place in what it read: a component, a record, a card.
public protocol PlacedNote {
    /// Where: `line 12, VEVENT uid1@example.com`.
    var place: String { get }
    /// What: why it was skipped, or what was made of it.
    var message: String { get }
}

extension Sequence where Element: PlacedNote {
    /// The notes as lines to print: a message said of several places is given once, after the
    /// first `shown` of them and how many more (`line 3, VEVENT a; line 9, VEVENT b; and 40
    /// more: …`), where its first note was; a message said once as `place: message`.
    public func printedLines(shown: Int = 5) -> [String] {
        var order: [String] = []
        var places: [String: [String]] = [:]
        for note in self {
            if places[note.message] == nil { order.append(note.message) }
            places[note.message, default: []].append(note.place)
        }
        return order.map { message in
            let all = places[message] ?? []
            var listed = all.prefix(shown).joined(separator: "; ")
            if all.count > shown { listed += "; and \(all.count - shown) more" }
            return "\(listed): \(message)"
        }
    }
}

/// What an iCalendar import did: how many items it added and updated, which components it
/// skipped and why, and what it read as best it could.
public struct ImportReport: Equatable, Sendable {
    /// One thing an import says about one component (or about the whole file).
    public struct Note: Equatable, Sendable, CustomStringConvertible, PlacedNote {
        /// The line the component begins on (or the line at fault), from 1.
        public var line: Int
        /// `VEVENT`, `VTODO`, `VJOURNAL`, … or `file`.
        public var component: String
        /// The component's UID, when it has one.
        public var uid: String?
        /// Why it was skipped, or what was made of it.
        public var message: String
        /// For a JSON file, the record's place in its list, from 1 (nil for iCalendar).
        public var record: Int?

        public init(line: Int, component: String, uid: String? = nil, message: String, record: Int? = nil) {
            self.line = line
            self.component = component
            self.uid = uid
            self.message = message
            self.record = record
        }

        /// `line 12, VEVENT uid1@example.com: it has no DTSTART`; for a JSON record
        /// `task 3 (line 12) abc: "title" is missing`.
        public var description: String { "\(place): \(message)" }

        /// Where the note is about: `line 12, VEVENT uid1@example.com`, or `task 3 (line 12) abc`.
        public var place: String {
            let uidText = uid.map { " \($0)" } ?? ""
            if let record {
                return "\(component) \(record) (line \(line))\(uidText)"
            }
            return "line \(line), \(component)\(uidText)"
        }
    }

    /// Items that were not in the database before.
    public var added = 0
    /// Items whose UID was already in the database, now replaced by the file's.
    public var updated = 0
    /// Components that were not imported, with the reason.
    public var skipped: [Note] = []
    /// Components imported as best they could be, with what was changed or guessed.
    public var warnings: [Note] = []

    public init(added: Int = 0, updated: Int = 0, skipped: [Note] = [], warnings: [Note] = []) {
        self.added = added
        self.updated = updated
        self.skipped = skipped
        self.warnings = warnings
    }

    /// The first line of the summary: `Imported 12 items: 10 added, 2 updated, 1 skipped.`
    public var summary: String {
        let total = added + updated
        return "Imported \(total) item\(total == 1 ? "" : "s"): \(added) added, \(updated) updated, "
            + "\(skipped.count) skipped."
    }

    /// The summary, then one line per skipped component and per warning.
    public var lines: [String] {
        [summary] + skipped.map { "skipped: \($0)" } + warnings.map { "note: \($0)" }
    }
}

/// Why an import did not happen at all; nothing was written.
public enum ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file cannot be read.
    case unreadable(String)
    /// The bytes are not iCalendar: no VCALENDAR and no component.
    case notICalendar(String)
    /// The database refused the import; it was rolled back.
    case store(StoreError)
    /// The bytes are JSON Datebook cannot read: malformed, nested too deep, or none of its formats.
    case unreadableJSON(String)

    public var description: String {
        switch self {
        case let .unreadable(reason): return "cannot read the file: \(reason)"
        case let .notICalendar(reason): return "not an iCalendar file: \(reason); nothing was imported"
        case let .store(error): return "\(error); nothing was imported"
        case let .unreadableJSON(reason): return "\(reason); nothing was imported"
        }
    }
}
