import Foundation

/// An account on a CalDAV/CardDAV server: where it is, who signs in, and how the password is
/// found (never stored: `passwordCommand`, `DATEBOOK_PASSWORD`, or asked).
public struct SyncAccount: Equatable, Sendable {
    public var name: String
    public var url: URL
    public var user: String
    /// A command whose first line of output is the password (`pass show dav`).
    public var passwordCommand: String?
    public var collections: [SyncCollection]

    public init(name: String, url: URL, user: String, passwordCommand: String? = nil, collections: [SyncCollection] = []) {
        self.name = name
        self.url = url
        self.user = user
        self.passwordCommand = passwordCommand
        self.collections = collections
    }

    /// The calendar new items go to.
    public var defaultCalendar: SyncCollection? {
        collections.first { $0.kind == .calendar && $0.isDefault } ?? collections.first { $0.kind == .calendar }
    }

    /// A name an account may have: letters, digits, `-`, `_` and `.`, at most 64.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64
            && name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0) }
    }
}

/// One collection of an account that syncs.
public struct SyncCollection: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        /// Events and tasks, two ways.
        case calendar
        /// Contacts, two ways.
        case addressBook = "addressbook"
        /// Where others leave invitations, replies and requests for this person.
        case inbox
        /// Events this person shows to others.
        case `public`
    }

    public var url: URL
    public var kind: Kind
    public var displayName: String
    public var isDefault: Bool
    /// The server's sync token after the last pull (RFC 6578).
    public var syncToken: String?
    public var lastSync: Date?
    /// What went wrong the last time, in a few words; nil after a sync that worked.
    public var lastError: String?
    /// False for a calendar or address book the person stopped syncing (`datebook account
    /// select … --off`): it is skipped, and what was agreed with it is kept, so its items stay
    /// here as they are, never go to another collection, and sync again when it is selected.
    public var isSelected: Bool

    public init(url: URL, kind: Kind, displayName: String = "", isDefault: Bool = false, syncToken: String? = nil,
                lastSync: Date? = nil, lastError: String? = nil, isSelected: Bool = true)
    {
        self.url = url
        self.kind = kind
        self.displayName = displayName
        self.isDefault = isDefault
        self.syncToken = syncToken
        self.lastSync = lastSync
        self.lastError = lastError
        self.isSelected = isSelected
    }
}

/// A resource as last agreed with the server.
struct SyncedResource: Equatable, Sendable {
    var href: String
    var uid: String
    var etag: String?
    /// The resource's text then: the base of a three-way merge.
    var base: String
    /// The fingerprint of the item as it was here then (`CalendarSync.fingerprint`); another
    /// one now means it was changed here; nil: changes wait to be sent.
    var agreed: String?
}

/// A field both sides changed: the server's version stayed, mine is kept here.
public struct SyncConflict: Equatable, Sendable, Identifiable {
    public var id: Int64
    public var account: String
    public var uid: String
    public var title: String
    /// The names of the fields, as the form labels them.
    public var fields: [String]
    /// My version, as an iCalendar resource.
    public var mine: String
    /// The server's version when the conflict was found.
    public var theirs: String
    public var at: Date
}
