import Foundation

/// A person in the address book: what a vCard says of them, and what the planner knows of them.
///
/// The vCard fields are kept as the card gave them (a phone number is text, not a parsed
/// number); properties Datebook does not understand are kept verbatim in `unknownProperties`
/// and written back unchanged on export.
public struct Contact: Equatable, Sendable, Identifiable {
    /// Datebook's own id.
    public var id: UUID
    /// The vCard UID (the id itself, lowercase, unless imported with another).
    public var uid: String
    /// The name shown everywhere (vCard FN); required.
    public var displayName: String
    public var givenName = ""
    public var familyName = ""
    /// Middle names, prefixes and suffixes of vCard N, kept for the round trip.
    public var additionalNames = ""
    public var namePrefix = ""
    public var nameSuffix = ""
    public var nicknames: [String] = []
    public var emails: [LabelledValue] = []
    public var phones: [LabelledValue] = []
    public var organisation = ""
    /// Departments after the organisation's name (vCard ORG's later components).
    public var organisationUnits: [String] = []
    public var title = ""
    public var birthday: Birthday?
    public var address: PostalAddress?
    public var url = ""
    public var notes = ""
    public var photo: ContactPhoto?
    public var categories: [String] = []
    public var created: Date
    /// When the contact last changed (vCard REV on export).
    public var changed: Date

    public var relation: ContactRelation = .none
    public var subscription: ContactSubscription?
    public var status: ContactStatus = .active
    /// When `status` last changed (nil while active since creation).
    public var statusChanged: Date?
    /// Lines of the vCard Datebook does not understand, unfolded, exactly as read (with their
    /// group, parameters and escapes).
    public var unknownProperties: [String] = []

    public init(id: UUID, uid: String? = nil, displayName: String, created: Date, changed: Date? = nil) {
        self.id = id
        self.uid = uid ?? id.uuidString.lowercased()
        self.displayName = displayName
        self.created = created
        self.changed = changed ?? created
    }

    /// The first e-mail, else the first phone: what a list row shows beside the name.
    public var primaryContact: String? {
        emails.first?.value ?? phones.first?.value
    }

    /// The list's sort key for this contact's name (see `ContactSortKey`).
    public var sortKey: String { ContactSortKey.key(for: displayName) }
    /// The list's section for this contact: a letter A–Z, or `#`.
    public var section: Character { ContactSortKey.section(for: displayName) }
}

/// An e-mail address or a phone number with what it is for: `home`, `work`, `mobile`, `fax`, …
/// or a label of the person's own (Apple's `X-ABLabel`). An empty label says nothing.
public struct LabelledValue: Equatable, Hashable, Sendable {
    public var label: String
    public var value: String
    /// True for the one the card marked preferred (TYPE=pref or PREF=1).
    public var preferred: Bool

    public init(_ value: String, label: String = "", preferred: Bool = false) {
        self.value = value
        self.label = label
        self.preferred = preferred
    }
}

/// A birthday, with or without its year (a card may say only the day and month).
public struct Birthday: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var year: Int?
    public var month: Int
    public var day: Int

    /// Nil when the month or day cannot be (February 30 is allowed only without a year check
    /// of leap years: 29 February without a year is a real birthday).
    public init?(year: Int?, month: Int, day: Int) {
        guard (1...12).contains(month), (1...Self.days(in: month, year: year)).contains(day) else { return nil }
        if let year, !(1...9999).contains(year) { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    private static func days(in month: Int, year: Int?) -> Int {
        switch month {
        case 2:
            guard let year else { return 29 }
            return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `1990-04-23`, or `--04-23` without a year (ISO 8601's truncated form).
    public var description: String {
        let monthDay = String(format: "%02d-%02d", month, day)
        return year.map { String(format: "%04d-", $0) + monthDay } ?? "--" + monthDay
    }

    /// The age reached on the birthday in `year`, when the birth year is known.
    public func age(in year: Int) -> Int? {
        self.year.map { year - $0 }
    }
}

/// A postal address (vCard ADR's seven parts) and what it is for.
public struct PostalAddress: Equatable, Hashable, Sendable {
    public var label = ""
    public var poBox = ""
    public var extended = ""
    public var street = ""
    public var locality = ""
    public var region = ""
    public var postalCode = ""
    public var country = ""

    public init(label: String = "", poBox: String = "", extended: String = "", street: String = "",
                locality: String = "", region: String = "", postalCode: String = "", country: String = "")
    {
        self.label = label
        self.poBox = poBox
        self.extended = extended
        self.street = street
        self.locality = locality
        self.region = region
        self.postalCode = postalCode
        self.country = country
    }

    /// True when every part is empty.
    public var isEmpty: Bool {
        [poBox, extended, street, locality, region, postalCode, country].allSatisfy(\.isEmpty)
    }
}

/// A contact's photo: a file or web address, or the image itself as it came inline in a card.
public enum ContactPhoto: Equatable, Hashable, Sendable {
    /// A path or a URI (`file:`, `https:`).
    case reference(String)
    /// The image's bytes and its media type (`image/jpeg`), as decoded from the card.
    case inline(Data, mediaType: String)
}

/// What the planner knows of the person.
public enum ContactRelation: String, Equatable, Sendable, CaseIterable {
    case none
    case friend
    /// They asked to be a friend; waiting for an answer.
    case requestReceived = "request-received"
    /// I asked; waiting for theirs.
    case requestSent = "request-sent"
    /// Their invitations and requests are hidden, and a subscription to them stops.
    case blocked
}

/// Whether a contact is in the address book or among the deleted (from where it can come back).
public enum ContactStatus: String, Equatable, Sendable {
    case active
    case deleted
}

/// A calendar of the person's the planner reads: a local `.ics` file or an `http(s)` feed.
public struct ContactSubscription: Equatable, Hashable, Sendable {
    public enum Source: Equatable, Hashable, Sendable, CustomStringConvertible {
        case file(path: String)
        case url(URL)

        /// A path, `file:` URL or `http(s)` URL as a person types it; nil for anything else.
        public init?(_ text: String) {
            let text = text.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty, !text.contains(where: { $0.isNewline }) else { return nil }
            let lower = text.lowercased()
            if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
                guard let url = URL(string: text), url.host?.isEmpty == false else { return nil }
                self = .url(url)
            } else if lower.hasPrefix("file://") {
                guard let url = URL(string: text), !url.path.isEmpty else { return nil }
                self = .file(path: url.path)
            } else if lower.contains("://") {
                return nil
            } else {
                self = .file(path: text)
            }
        }

        /// The path or the URL, as stored.
        public var description: String {
            switch self {
            case let .file(path): return path
            case let .url(url): return url.absoluteString
            }
        }
    }

    public var source: Source
    /// When the feed was last read successfully.
    public var lastRead: Date?
    /// Why the last reading failed; nil after a good one.
    public var lastError: String?

    public init(source: Source, lastRead: Date? = nil, lastError: String? = nil) {
        self.source = source
        self.lastRead = lastRead
        self.lastError = lastError
    }
}
