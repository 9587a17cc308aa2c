import Foundation

/// The XML namespaces of WebDAV (RFC 4918), CalDAV (RFC 4791) and CardDAV (RFC 6352).
public enum DAVNamespace {
    public static let dav = "DAV:"
    public static let caldav = "urn:ietf:params:xml:ns:caldav"
    public static let carddav = "urn:ietf:params:xml:ns:carddav"
    public static let calendarServer = "http://calendarserver.org/ns/"
}

/// One `<response>` of a WebDAV multistatus: a resource, the properties found for it, and the
/// status of the resource itself (a removed member of a sync-collection answer has 404).
public struct DAVResponse: Equatable, Sendable {
    /// The resource's path (or address) as the server wrote it, percent-encoding kept.
    public var href: String
    /// The status given for the resource as a whole, when there is one (`HTTP/1.1 404 Not Found`).
    public var status: Int?
    /// The properties that came with 200, by element.
    public var properties: [XMLNode]

    /// The property called `name` in `namespace`, when the server gave it.
    public func property(_ name: String, in namespace: String = DAVNamespace.dav) -> XMLNode? {
        properties.first { $0.isNamed(name, in: namespace) }
    }

    /// The text of a property, trimmed; nil when absent or empty.
    public func text(_ name: String, in namespace: String = DAVNamespace.dav) -> String? {
        guard let text = property(name, in: namespace)?.trimmedText, !text.isEmpty else { return nil }
        return text
    }

    /// The hrefs inside a property (`<calendar-home-set><href>…</href></calendar-home-set>`).
    public func hrefs(_ name: String, in namespace: String = DAVNamespace.dav) -> [String] {
        property(name, in: namespace)?.children("href", in: DAVNamespace.dav).map(\.trimmedText) ?? []
    }

    /// True when the resource type lists `name` in `namespace` (`collection`, `calendar`…).
    public func isType(_ name: String, in namespace: String) -> Bool {
        property("resourcetype")?.child(name, in: namespace) != nil
    }

    /// The resource's ETag, quotes kept (they are part of it).
    public var etag: String? { text("getetag") }
}

/// A WebDAV multistatus answer (RFC 4918 §13): its responses and, for a sync-collection
/// report (RFC 6578), the new sync token.
public struct DAVMultistatus: Equatable, Sendable {
    public var responses: [DAVResponse]
    public var syncToken: String?

    /// Reads a 207 answer's body.
    public init(xml data: Data) throws(NetworkError) {
        let root = try XMLDocumentReader.parse(data)
        guard root.isNamed("multistatus", in: DAVNamespace.dav) else {
            throw .malformed("expected a WebDAV multistatus, found <\(root.name)>")
        }
        responses = root.children("response", in: DAVNamespace.dav).compactMap(Self.response)
        syncToken = root.child("sync-token", in: DAVNamespace.dav)?.trimmedText
    }

    private static func response(_ node: XMLNode) -> DAVResponse? {
        guard let href = node.child("href", in: DAVNamespace.dav)?.trimmedText, !href.isEmpty else { return nil }
        var properties: [XMLNode] = []
        for propstat in node.children("propstat", in: DAVNamespace.dav) {
            let status = propstat.child("status", in: DAVNamespace.dav).flatMap { statusCode($0.trimmedText) }
            guard status.map({ (200..<300).contains($0) }) ?? true else { continue }
            properties += propstat.child("prop", in: DAVNamespace.dav)?.children ?? []
        }
        let status = node.child("status", in: DAVNamespace.dav).flatMap { statusCode($0.trimmedText) }
        return DAVResponse(href: href, status: status, properties: properties)
    }

    /// The number in `HTTP/1.1 404 Not Found`.
    static func statusCode(_ line: String) -> Int? {
        let parts = line.split(separator: " ")
        guard parts.count >= 2 else { return nil }
        return Int(parts[1])
    }
}
