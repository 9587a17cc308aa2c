import Foundation

/// Reading one collection of a server: what changed since the last sync (by sync token, RFC
/// 6578, where the server has one, else by comparing every ETag) and the texts of what changed,
/// a few hundred per multiget. The calendar and the address book read theirs the same way.
struct CollectionReader {
    let client: DAVClient
    let collection: SyncCollection
    /// True for an address book (addressbook-multiget, address-data).
    let addressBook: Bool

    /// How many resources one multiget asks for.
    static let hrefsPerRequest = 200

    /// The key a resource is known by: its path, percent escapes decoded.
    func key(ofHref href: String) -> String? {
        URL(string: href, relativeTo: collection.url)?.absoluteURL.path
    }

    /// The address of a resource from its key.
    func url(ofKey key: String) -> URL {
        var parts = URLComponents(url: collection.url, resolvingAgainstBaseURL: true) ?? URLComponents()
        parts.path = key
        return parts.url ?? collection.url
    }

    struct Listing {
        /// Keys of resources new or changed on the server, with the href as it wrote it.
        var changed: [(String, String)]
        var removed: [String]
        var token: String?
        /// False when the listing is the whole collection (no token, or one refused).
        var isIncremental: Bool
    }

    /// What changed on the server since the last pull: by sync token (RFC 6578) where the
    /// server has one, else by comparing every ETag.
    /// `known` holds the ETag agreed for each resource known, by key (`syncedETags`).
    func listing(known: [String: String?]) throws -> Listing {
        let etag = [(DAVNamespace.dav, "getetag")]
        var incremental = collection.syncToken != nil
        var answer = try changes(since: collection.syncToken, properties: etag)
        if answer == nil, collection.syncToken != nil {
            // The token is not known any more: the whole collection, by ETag.
            incremental = false
            answer = try changes(since: nil, properties: etag)
        }
        guard let answer else {
            let whole = try client.propfind(collection.url, depth: 1, properties: etag)
            var listing = Listing(changed: [], removed: [], token: nil, isIncremental: false)
            var seen: Set<String> = []
            for response in whole.responses {
                guard let key = key(ofHref: response.href), key != collection.url.path else { continue }
                guard !key.hasSuffix("/") else { continue }
                seen.insert(key)
                if Self.isChanged(known[key], response.etag) {
                    listing.changed.append((key, response.href))
                }
            }
            listing.removed = known.keys.filter { !seen.contains($0) }.sorted()
            return listing
        }
        var listing = Listing(changed: [], removed: [], token: answer.syncToken, isIncremental: incremental)
        var seen: Set<String> = []
        for response in answer.responses {
            guard let key = key(ofHref: response.href), key != collection.url.path, !key.hasSuffix("/") else { continue }
            seen.insert(key)
            if response.status == 404 {
                if known[key] != nil { listing.removed.append(key) }
            } else if Self.isChanged(known[key], response.etag) {
                listing.changed.append((key, response.href))
            }
        }
        if !incremental {
            // The whole collection was listed: what is known and was not listed is gone.
            listing.removed += known.keys.filter { !seen.contains($0) }.sorted()
        }
        return listing
    }

    /// True when a resource listed with `etag` must be read: it was not known (`agreed` nil), or
    /// either ETag is missing, or they differ.
    private static func isChanged(_ agreed: String??, _ etag: String?) -> Bool {
        guard let agreed = agreed ?? nil else { return true }
        return agreed != etag
    }

    /// A sync-collection report since `token`; nil when the server does not know the token or
    /// has no such report (it is then listed whole).
    private func changes(since token: String?, properties: [(String, String)]) throws(NetworkError) -> DAVMultistatus? {
        let outcome: Result<DAVMultistatus?, NetworkError>
        do {
            outcome = .success(try client.syncCollection(collection.url, token: token, properties: properties))
        } catch {
            outcome = .failure(error)
        }
        switch outcome {
        case let .success(answer):
            return answer
        case let .failure(.status(code, _)) where code < 500:
            return nil
        case let .failure(error):
            throw error
        }
    }

    /// One resource as the server has it now.
    struct Remote {
        var key: String
        var etag: String?
        var text: String
    }

    /// The texts of the changed resources, a few hundred per request; keys the server no
    /// longer has are added to `removed`.
    func fetch(_ changed: [(String, String)], removed: inout [String], unreadable: inout [String],
               progress: (String) -> Void) throws -> [Remote] {
        var remotes: [Remote] = []
        remotes.reserveCapacity(changed.count)
        for start in stride(from: 0, to: changed.count, by: Self.hrefsPerRequest) {
            let part = changed[start..<min(start + Self.hrefsPerRequest, changed.count)]
            if changed.count > Self.hrefsPerRequest {
                progress("receiving \(start + part.count) of \(changed.count)")
            }
            let answer = try client.multiget(collection.url, hrefs: part.map(\.1), addressBook: addressBook)
            var found: Set<String> = []
            for response in answer.responses {
                guard let key = key(ofHref: response.href) else { continue }
                if response.status == 404 {
                    continue
                }
                let data = addressBook
                    ? response.property("address-data", in: DAVNamespace.carddav)
                    : response.property("calendar-data", in: DAVNamespace.caldav)
                guard let text = data?.text, !text.isEmpty else {
                    unreadable.append(key)
                    found.insert(key)
                    continue
                }
                found.insert(key)
                remotes.append(Remote(key: key, etag: response.etag, text: text))
            }
            for (key, _) in part where !found.contains(key) {
                removed.append(key)
            }
        }
        return remotes
    }
}
