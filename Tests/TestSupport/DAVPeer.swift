import Foundation

/// "Another client" for the sync tests: scripts/dav-peer.py, Python's `caldav` library (and
/// plain HTTP for vCards), signed in as one user, so Datebook is checked against someone
/// else's reading of the protocol.
public struct DAVPeer: Sendable {
    /// An event as the peer reads it back.
    public struct Event: Decodable, Sendable, Equatable {
        public var href: String
        public var etag: String?
        public var uid: String
        public var summary: String?
        /// ISO 8601: `2026-11-24T09:00:00Z` (UTC), `2026-11-24T09:00:00` (in `tzid`, or floating),
        /// `2026-11-24` (all day).
        public var dtstart: String?
        public var dtend: String?
        public var tzid: String?
        public var rrule: String?
        /// The RECURRENCE-IDs of the changed instances in the same resource.
        public var recurrenceIDs: [String]
        /// The resource's iCalendar text as the server sent it.
        public var raw: String

        enum CodingKeys: String, CodingKey {
            case href, etag, uid, summary, dtstart, dtend, tzid, rrule, raw
            case recurrenceIDs = "recurrence_ids"
        }
    }

    /// A vCard as the peer reads it back.
    public struct Card: Decodable, Sendable, Equatable {
        public var href: String
        public var etag: String?
        public var uid: String?
        public var fn: String?
        public var emails: [String]
        public var tels: [String]
        public var raw: String
    }

    /// What the script said when it failed; `status` 3: no such item.
    public struct Failure: Error, CustomStringConvertible {
        public var status: Int32
        public var message: String
        public var description: String { "dav-peer exited with \(status): \(message)" }
    }

    public let user: String
    public let password: String

    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    /// The peer signed in as a user of `server`.
    public init(_ server: RadicaleServer, user: String) {
        self.init(user: user, password: server.users[user] ?? "")
    }

    /// Writes an event built from its fields (WHEN as in `Event.dtstart`); returns it as read back.
    @discardableResult
    public func putEvent(
        in collection: URL, uid: String, summary: String, start: String, end: String? = nil,
        rrule: String? = nil, tzid: String? = nil, href: String? = nil
    ) throws -> Event {
        var arguments = ["put-event", collection.absoluteString, "--uid", uid, "--summary", summary, "--start", start]
        if let end { arguments += ["--end", end] }
        if let rrule { arguments += ["--rrule", rrule] }
        if let tzid { arguments += ["--tzid", tzid] }
        if let href { arguments += ["--href", href] }
        return try decode(Event.self, run(arguments))
    }

    /// Writes an iCalendar file as it is (one resource: an event, or a series with its changed instances).
    @discardableResult
    public func putEvent(in collection: URL, file: String, href: String? = nil) throws -> Event {
        var arguments = ["put-event", collection.absoluteString, "--file", file]
        if let href { arguments += ["--href", href] }
        return try decode(Event.self, run(arguments))
    }

    /// Every event in the collection, sorted by UID.
    public func events(in collection: URL) throws -> [Event] {
        try decode([Event].self, run(["list-events", collection.absoluteString]))
    }

    /// The event with `uid`; throws `Failure` with status 3 when there is none.
    public func event(in collection: URL, uid: String) throws -> Event {
        try decode(Event.self, run(["get-event", collection.absoluteString, uid]))
    }

    public func deleteEvent(in collection: URL, uid: String) throws {
        _ = try run(["delete-event", collection.absoluteString, uid])
    }

    @discardableResult
    public func putCard(
        in addressBook: URL, uid: String, name: String, emails: [String] = [], tels: [String] = [],
        href: String? = nil
    ) throws -> Card {
        var arguments = ["put-card", addressBook.absoluteString, "--uid", uid, "--name", name]
        for email in emails { arguments += ["--email", email] }
        for tel in tels { arguments += ["--tel", tel] }
        if let href { arguments += ["--href", href] }
        return try decode(Card.self, run(arguments))
    }

    /// Writes a vCard file as it is.
    @discardableResult
    public func putCard(in addressBook: URL, file: String, href: String? = nil) throws -> Card {
        var arguments = ["put-card", addressBook.absoluteString, "--file", file]
        if let href { arguments += ["--href", href] }
        return try decode(Card.self, run(arguments))
    }

    /// Every card in the address book, sorted by UID.
    public func cards(in addressBook: URL) throws -> [Card] {
        try decode([Card].self, run(["list-cards", addressBook.absoluteString]))
    }

    public func deleteCard(in addressBook: URL, uid: String) throws {
        _ = try run(["delete-card", addressBook.absoluteString, uid])
    }

    /// Runs the script with the user's name and password (given through the environment).
    public func run(_ arguments: [String]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["DAV_PEER_PASSWORD"] = password
        let result = try ChildProcess.run(
            try PythonTools.python(), [try PythonTools.repositoryFile("scripts/dav-peer.py"), "--user", user] + arguments,
            environment: environment, timeout: .seconds(60))
        guard result.status == 0 else {
            throw Failure(status: result.status, message: result.standardError.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return result.standardOutput
    }

    private func decode<T: Decodable>(_ type: T.Type, _ output: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(output.utf8))
    }
}
