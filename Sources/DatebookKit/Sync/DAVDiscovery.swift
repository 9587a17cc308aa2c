import Foundation

/// Finds, from the address a person gives, the account's principal, its calendar and address
/// book homes and the collections in them (RFC 4791 §6, RFC 6352 §7, RFC 6764 well-known
/// addresses), and makes the collections an account needs when the server lacks them.
public struct DAVDiscovery {
    public let client: DAVClient

    public init(client: DAVClient) {
        self.client = client
    }

    /// A collection found in a home.
    public struct Found: Equatable, Sendable {
        public var url: URL
        public var kind: SyncCollection.Kind
        public var displayName: String
    }

    /// What an address leads to.
    public struct Homes: Equatable, Sendable {
        public var principal: URL
        public var calendarHome: URL?
        public var addressBookHome: URL?
    }

    /// The principal and homes of the account signed in at `url`.
    public func homes(from url: URL) throws(NetworkError) -> Homes {
        let principal = try principal(from: url)
        let answer = try client.propfind(
            principal, depth: 0,
            properties: [(DAVNamespace.caldav, "calendar-home-set"), (DAVNamespace.carddav, "addressbook-home-set")])
        let response = answer.responses.first
        let calendarHome = response?.hrefs("calendar-home-set", in: DAVNamespace.caldav).first
            .flatMap { URL(string: $0, relativeTo: principal)?.absoluteURL }
        let addressBookHome = response?.hrefs("addressbook-home-set", in: DAVNamespace.carddav).first
            .flatMap { URL(string: $0, relativeTo: principal)?.absoluteURL }
        guard calendarHome != nil || addressBookHome != nil else {
            throw .malformed("\(principal.absoluteString) names no calendar or address book home; is it a CalDAV server?")
        }
        return Homes(principal: principal, calendarHome: calendarHome, addressBookHome: addressBookHome)
    }

    /// The current user's principal: asked of `url`, else of the well-known addresses.
    private func principal(from url: URL) throws(NetworkError) -> URL {
        var candidates = [url]
        for path in ["/.well-known/caldav", "/.well-known/carddav"] {
            if var parts = URLComponents(url: url, resolvingAgainstBaseURL: true) {
                parts.path = path
                parts.query = nil
                if let address = parts.url { candidates.append(address) }
            }
        }
        var firstError: NetworkError?
        for candidate in candidates {
            do {
                let answer = try client.propfind(
                    candidate, depth: 0, properties: [(DAVNamespace.dav, "current-user-principal")])
                if let href = answer.responses.lazy.compactMap({ $0.hrefs("current-user-principal").first }).first,
                    let principal = URL(string: href, relativeTo: candidate)?.absoluteURL
                {
                    return principal
                }
            } catch {
                // A refused password is the answer, wherever it came from.
                if case .notAllowed = error { throw error }
                if case .unreachable = error { throw error }
                firstError = firstError ?? error
            }
        }
        throw firstError ?? .malformed("\(url.absoluteString) names no current user principal; is it a CalDAV server?")
    }

    /// The calendars and address books in the homes.
    public func collections(in homes: Homes) throws(NetworkError) -> [Found] {
        var found: [Found] = []
        for home in Set([homes.calendarHome, homes.addressBookHome].compactMap { $0 }).sorted(by: { $0.absoluteString < $1.absoluteString }) {
            let answer = try client.propfind(
                home, depth: 1, properties: [(DAVNamespace.dav, "resourcetype"), (DAVNamespace.dav, "displayname")])
            for response in answer.responses {
                guard let url = URL(string: response.href, relativeTo: home)?.absoluteURL,
                    url.path != home.path, !found.contains(where: { $0.url.path == url.path })
                else { continue }
                let name = response.text("displayname") ?? url.lastPathComponent
                if response.isType("calendar", in: DAVNamespace.caldav) {
                    found.append(Found(url: url, kind: Self.calendarKind(of: url), displayName: name))
                } else if response.isType("addressbook", in: DAVNamespace.carddav) {
                    found.append(Found(url: url, kind: .addressBook, displayName: name))
                }
            }
        }
        return found
    }

    /// A calendar named `inbox` or `public` is the account's inbox or public calendar.
    static func calendarKind(of url: URL) -> SyncCollection.Kind {
        switch url.lastPathComponent {
        case Self.inboxName: .inbox
        case Self.publicName: .public
        default: .calendar
        }
    }

    static let inboxName = "inbox"
    static let publicName = "public"

    /// The collections a new account syncs: its first calendar (made as `calendar/` when
    /// there is none), its first address book (made as `contacts/`), its inbox and its public
    /// calendar (made when missing).
    public func accountCollections(from url: URL) throws(NetworkError) -> [SyncCollection] {
        let homes = try homes(from: url)
        var found = try collections(in: homes)
        func ensure(_ kind: SyncCollection.Kind, path: String, name: String, in home: URL?) throws(NetworkError) {
            guard let home, !found.contains(where: { $0.kind == kind }) else { return }
            let address = home.appendingPathComponent(path, isDirectory: true)
            try client.makeCollection(address, addressBook: kind == .addressBook, displayName: name)
            found.append(Found(url: address, kind: kind, displayName: name))
        }
        try ensure(.calendar, path: "calendar", name: "Calendar", in: homes.calendarHome)
        try ensure(.addressBook, path: "contacts", name: "Contacts", in: homes.addressBookHome)
        try ensure(.inbox, path: Self.inboxName, name: "Inbox", in: homes.calendarHome)
        try ensure(.public, path: Self.publicName, name: "Public", in: homes.calendarHome)
        var result: [SyncCollection] = []
        for kind in SyncCollection.Kind.allCases {
            if let first = found.first(where: { $0.kind == kind }) {
                result.append(SyncCollection(url: first.url, kind: kind, displayName: first.displayName, isDefault: true))
            }
        }
        return result
    }
}
