import Foundation

/// Reads vCard 2.1, 3.0 and 4.0 into contacts, table-driven: one handler per property
/// Datebook understands, every other line kept verbatim (`Contact.unknownProperties`).
///
/// A card that cannot be read (a line that is not a property, no END:VCARD, no name at all)
/// is reported with its line and skipped; the others are read. A card without FN is named
/// from N, ORG or EMAIL, with a note.
public enum VCardReader {
    /// One card read: the contact (with a placeholder id and times the importer replaces), where
    /// it began, and what was made of it.
    public struct Card: Sendable {
        public var contact: Contact
        public var line: Int
        /// False when the card had no UID (the contact's is then made from the card's text).
        public var hadUID: Bool
        /// The card's REV, when it had one.
        public var revision: Date?
        public var notes: [String]
    }

    /// A card that was skipped, or a note about one read as best it could be.
    public struct Note: Error, Equatable, Sendable, CustomStringConvertible, PlacedNote {
        public var line: Int
        public var uid: String?
        public var message: String

        public init(line: Int, uid: String? = nil, message: String) {
            self.line = line
            self.uid = uid
            self.message = message
        }

        /// `line 12, VCARD uid-1: it has no END:VCARD`.
        public var description: String { "\(place): \(message)" }

        /// `line 12, VCARD uid-1`.
        public var place: String { "line \(line), VCARD\(uid.map { " \($0)" } ?? "")" }
    }

    public struct Result: Sendable {
        public var cards: [Card] = []
        public var skipped: [Note] = []
        /// True when the bytes held no BEGIN:VCARD at all.
        public var isEmptyOfCards: Bool { cards.isEmpty && skipped.isEmpty }
    }

    /// The largest value of one property Datebook reads (a photo of 5 MB is about 7 MB of
    /// base64); a longer one is left out with a note rather than held.
    static let largestValue = 32 << 20

    /// Every card in `data`.
    public static func read(_ data: Data) -> Result {
        read(Array(data))
    }

    static func read(_ bytes: [UInt8]) -> Result {
        var result = Result()
        var current: (line: Int, properties: [VCardProperty], broken: Note?)?
        for line in VCardLines(bytes) {
            if line.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            guard let property = VCardProperty(line) else {
                if current != nil, current?.broken == nil {
                    let shown = String(decoding: line.bytes.prefix(40), as: UTF8.self)
                    current?.broken = Note(line: line.number, message: "line \(line.number) is not a vCard property: “\(shown)”")
                }
                continue
            }
            let value = property.name == "BEGIN" || property.name == "END"
                ? String(decoding: property.value, as: UTF8.self).trimmedSpaces.uppercased() : ""
            if property.group == nil, property.name == "BEGIN", value == "VCARD" {
                if let open = current {
                    result.skipped.append(Note(
                        line: open.line, uid: uid(of: open.properties), message: "it has no END:VCARD before line \(line.number)"))
                }
                current = (line.number, [], nil)
            } else if property.group == nil, property.name == "END", value == "VCARD" {
                guard let open = current else { continue }
                current = nil
                if let broken = open.broken {
                    result.skipped.append(Note(line: open.line, uid: uid(of: open.properties), message: broken.message))
                    continue
                }
                switch card(open.properties, line: open.line, bytes: bytes) {
                case let .success(card): result.cards.append(card)
                case let .failure(note): result.skipped.append(note)
                }
            } else if current != nil {
                current?.properties.append(property)
            }
        }
        if let open = current {
            result.skipped.append(Note(line: open.line, uid: uid(of: open.properties), message: "it has no END:VCARD"))
        }
        return result
    }

    private static func uid(of properties: [VCardProperty]) -> String? {
        properties.first { $0.name == "UID" }.map(\.text).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// What a handler works on: the contact so far and what the card said around it.
    struct State {
        var contact: Contact
        /// X-ABLabel values by group.
        var labels: [String: String]
        /// Groups whose X-ABLabel a known property used.
        var usedLabelGroups: Set<String> = []
        var hadUID = false
        var hasFN = false
        var revision: Date?
        var notes: [String] = []

        /// Keeps the property's line as it was.
        mutating func keep(_ property: VCardProperty) {
            contact.unknownProperties.append(String(decoding: property.line, as: UTF8.self))
        }

        /// The label of a property: its group's X-ABLabel, else its TYPEs.
        mutating func label(of property: VCardProperty, for kind: VCardLabels.Kind) -> String {
            if let group = property.group, let label = labels[group.lowercased()] {
                usedLabelGroups.insert(group.lowercased())
                return label
            }
            return VCardLabels.label(types: property.types, kind: kind)
        }
    }

    /// The id of a contact read, until the importer gives it its own.
    static let placeholderID = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!

    typealias Handler = @Sendable (inout State, VCardProperty) -> Void

    /// The properties Datebook understands. Each one that can appear once keeps its first
    /// value; a second is kept verbatim.
    static let handlers: [String: Handler] = [
        "VERSION": { _, _ in },
        "PRODID": { _, _ in },
        "UID": { state, property in
            let uid = property.text.trimmedSpaces
            guard !uid.isEmpty, !state.hadUID else { return state.keep(property) }
            state.contact.uid = uid
            state.hadUID = true
        },
        "FN": { state, property in
            let name = property.text.trimmedSpaces
            guard !name.isEmpty, !state.hasFN else { return state.keep(property) }
            state.contact.displayName = name
            state.hasFN = true
        },
        "N": { state, property in
            let parts = property.components.map { $0.joined(separator: " ") }
            func part(_ index: Int) -> String { index < parts.count ? parts[index] : "" }
            state.contact.familyName = part(0)
            state.contact.givenName = part(1)
            state.contact.additionalNames = part(2)
            state.contact.namePrefix = part(3)
            state.contact.nameSuffix = part(4)
        },
        "NICKNAME": { state, property in state.contact.nicknames += property.list },
        "EMAIL": { state, property in
            let value = property.text.trimmedSpaces
            guard !value.isEmpty else { return }
            state.contact.emails.append(LabelledValue(
                value, label: state.label(of: property, for: .email), preferred: VCardLabels.isPreferred(property)))
        },
        "TEL": { state, property in
            var value = property.text.trimmedSpaces
            if value.lowercased().hasPrefix("tel:") { value.removeFirst(4) }
            guard !value.isEmpty else { return }
            state.contact.phones.append(LabelledValue(
                value, label: state.label(of: property, for: .phone), preferred: VCardLabels.isPreferred(property)))
        },
        "ORG": { state, property in
            guard state.contact.organisation.isEmpty && state.contact.organisationUnits.isEmpty else {
                return state.keep(property)
            }
            let parts = property.components.map { $0.joined(separator: ",") }
            state.contact.organisation = parts.first ?? ""
            state.contact.organisationUnits = Array(parts.dropFirst())
            while state.contact.organisationUnits.last?.isEmpty == true { state.contact.organisationUnits.removeLast() }
        },
        "TITLE": { state, property in
            guard state.contact.title.isEmpty else { return state.keep(property) }
            state.contact.title = property.text
        },
        "BDAY": { state, property in
            guard state.contact.birthday == nil, let birthday = VCardDates.birthday(property) else {
                if state.contact.birthday == nil {
                    state.notes.append("its BDAY \u{201C}\(property.text.count > 40 ? property.text.prefix(39) + "…" : property.text)\u{201D} is no date Datebook reads; "
                        + "it is kept as written, and a birthday set later replaces it")
                }
                return state.keep(property)
            }
            state.contact.birthday = birthday
        },
        "ADR": { state, property in
            guard state.contact.address == nil else { return state.keep(property) }
            let parts = property.components.map { $0.joined(separator: "\n") }
            func part(_ index: Int) -> String { index < parts.count ? parts[index] : "" }
            state.contact.address = PostalAddress(
                label: state.label(of: property, for: .address), poBox: part(0), extended: part(1), street: part(2),
                locality: part(3), region: part(4), postalCode: part(5), country: part(6))
        },
        "URL": { state, property in
            guard state.contact.url.isEmpty else { return state.keep(property) }
            state.contact.url = property.text.trimmedSpaces
            // Apple labels a web page (`_$!<HomePage>!$_`); Datebook keeps one page, unlabelled.
            if let group = property.group { state.usedLabelGroups.insert(group.lowercased()) }
        },
        "NOTE": { state, property in
            guard state.contact.notes.isEmpty else { return state.keep(property) }
            state.contact.notes = property.text
        },
        "CATEGORIES": { state, property in state.contact.categories += property.list },
        "PHOTO": { state, property in
            guard state.contact.photo == nil else { return state.keep(property) }
            switch VCardPhotos.photo(property) {
            case let .success(photo): state.contact.photo = photo
            case let .failure(problem):
                state.notes.append("its photo was left out: \(problem)")
            }
        },
        "REV": { state, property in
            state.revision = VCardDates.timestamp(property.text)
        },
    ]

    /// The contact one card describes, or why it was skipped.
    static func card(_ properties: [VCardProperty], line: Int, bytes: [UInt8]) -> Swift.Result<Card, Note> {
        var labels: [String: String] = [:]
        for property in properties where property.name == "X-ABLABEL" {
            if let group = property.group { labels[group.lowercased()] = VCardLabels.appleLabel(property.text) }
        }
        var state = State(contact: Contact(id: VCardReader.placeholderID, uid: "", displayName: "", created: .distantPast), labels: labels)
        for property in properties where property.name != "X-ABLABEL" {
            if property.value.count > largestValue {
                state.notes.append("its \(property.name) (line \(property.lineNumber)) was left out: it is larger than \(largestValue >> 20) MB")
                continue
            }
            if let handler = handlers[property.name] {
                handler(&state, property)
            } else {
                state.keep(property)
            }
        }
        // X-ABLabels no known property used stay with their group's other lines.
        for property in properties where property.name == "X-ABLABEL" {
            if !state.usedLabelGroups.contains(property.group?.lowercased() ?? "") { state.keep(property) }
        }
        var contact = state.contact
        if !state.hasFN {
            // Trimmed as an FN is, so the name reads back the same from the card Datebook writes.
            // Line breaks too (an N of `\n\nLi`): an FN loses them at both ends.
            let fromName = [contact.namePrefix, contact.givenName, contact.additionalNames, contact.familyName, contact.nameSuffix]
                .map(\.trimmedSpaces).filter { !$0.isEmpty }.joined(separator: " ")
            let organisation = contact.organisation.trimmedSpaces
            let (name, source) = !fromName.isEmpty ? (fromName, "N")
                : !organisation.isEmpty ? (organisation, "ORG")
                : ((contact.emails.first?.value ?? "").trimmedSpaces, "EMAIL")
            guard !name.isEmpty else {
                return .failure(Note(line: line, uid: state.hadUID ? contact.uid : nil,
                                     message: "it has no name (no FN, N, ORG or EMAIL)"))
            }
            contact.displayName = name
            state.notes.append("it has no FN; it was named “\(name)” from its \(source)")
        }
        if !state.hadUID {
            contact.uid = "datebook-" + VCardHash.hex(of: properties)
        }
        return .success(Card(contact: contact, line: line, hadUID: state.hadUID, revision: state.revision, notes: state.notes))
    }
}

/// A stable UID for a card that has none: the same card imported twice is one contact.
enum VCardHash {
    /// FNV-1a over the card's lines, as 16 hex digits.
    static func hex(of properties: [VCardProperty]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for property in properties {
            for byte in property.line {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            hash = (hash ^ 0x0A) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16).leftPadded(to: 16)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
