import Foundation

/// The WebDAV, CalDAV and CardDAV requests a sync makes (RFC 4918, 4791, 6352, 6578), over
/// one `HTTPSession`: each says what the server answered in values, and throws a
/// `NetworkError` for an answer that is neither success nor an outcome the caller handles.
public final class DAVClient {
    public let session: HTTPSession

    public init(session: HTTPSession) {
        self.session = session
    }

    // MARK: - Reading

    /// PROPFIND with `Depth` 0 or 1 for the named properties.
    public func propfind(_ url: URL, depth: Int, properties: [(String, String)]) throws(NetworkError) -> DAVMultistatus {
        let body = Self.xml(
            "<d:propfind \(Self.namespaces)><d:prop>"
                + properties.map { Self.element($0.1, in: $0.0) }.joined() + "</d:prop></d:propfind>")
        return try multistatus(HTTPRequest("PROPFIND", url, headers: Self.xmlHeaders(depth: depth), body: body))
    }

    /// A REPORT with an XML body.
    public func report(_ url: URL, depth: Int, body: String) throws(NetworkError) -> DAVMultistatus {
        try multistatus(HTTPRequest("REPORT", url, headers: Self.xmlHeaders(depth: depth), body: Self.xml(body)))
    }

    /// What changed in a collection since `token` (RFC 6578): nil when the server does not
    /// know the token any more (it must then be read whole).
    public func syncCollection(_ url: URL, token: String?, properties: [(String, String)]) throws(NetworkError)
        -> DAVMultistatus?
    {
        let body = "<d:sync-collection \(Self.namespaces)><d:sync-token>\(Self.escaped(token ?? ""))</d:sync-token>"
            + "<d:sync-level>1</d:sync-level><d:prop>"
            + properties.map { Self.element($0.1, in: $0.0) }.joined() + "</d:prop></d:sync-collection>"
        let request = HTTPRequest("REPORT", url, headers: Self.xmlHeaders(depth: nil), body: Self.xml(body))
        let response = try session.send(request)
        // RFC 6578 §3.2: an invalid token is 403 (or 409) with <valid-sync-token/>.
        if token != nil, response.status == 403 || response.status == 409,
            String(decoding: response.body, as: UTF8.self).contains("valid-sync-token")
        {
            return nil
        }
        return try Self.multistatus(of: response, method: "REPORT")
    }

    /// The calendar or address data of `hrefs` in one REPORT (calendar-multiget or
    /// addressbook-multiget), with their ETags.
    public func multiget(_ url: URL, hrefs: [String], addressBook: Bool) throws(NetworkError) -> DAVMultistatus {
        let (name, space, data) = addressBook
            ? ("addressbook-multiget", "card", "address-data") : ("calendar-multiget", "cal", "calendar-data")
        let body = "<\(space):\(name) \(Self.namespaces)><d:prop><d:getetag/><\(space):\(data)/></d:prop>"
            + hrefs.map { "<d:href>\(Self.escaped($0))</d:href>" }.joined() + "</\(space):\(name)>"
        return try report(url, depth: 1, body: body)
    }

    /// GET of one resource: its text and ETag, or nil when it is gone.
    public func get(_ url: URL) throws(NetworkError) -> (data: Data, etag: String?)? {
        let response = try session.send(HTTPRequest("GET", url))
        if response.status == 404 || response.status == 410 { return nil }
        try Self.check(response, method: "GET")
        return (response.body, response.headers["etag"])
    }

    // MARK: - Writing

    /// What a conditional PUT or DELETE did.
    public enum WriteOutcome: Equatable, Sendable {
        /// Done; the new ETag when the server gave one.
        case done(etag: String?)
        /// The resource was changed (or created, or removed) by someone else meanwhile (412).
        case changedMeanwhile
        /// The resource is not there (404, 410), for a DELETE or a PUT replacing it.
        case gone
    }

    /// PUT of a resource: `ifMatch` replaces only that version; nil creates only when there is
    /// none (`If-None-Match: *`).
    public func put(_ url: URL, _ data: Data, contentType: String, ifMatch etag: String?, timeout: TimeInterval? = nil)
        throws(NetworkError) -> WriteOutcome
    {
        var headers = [("Content-Type", contentType)]
        headers.append(etag.map { ("If-Match", $0) } ?? ("If-None-Match", "*"))
        let response = try session.send(HTTPRequest("PUT", url, headers: headers, body: data, timeout: timeout))
        switch response.status {
        case 412: return .changedMeanwhile
        case 404, 410: return .gone
        default:
            try Self.check(response, method: "PUT")
            return .done(etag: response.headers["etag"])
        }
    }

    /// DELETE of a resource if it is still the version `etag`.
    public func delete(_ url: URL, ifMatch etag: String?) throws(NetworkError) -> WriteOutcome {
        let headers = etag.map { [("If-Match", $0)] } ?? []
        let response = try session.send(HTTPRequest("DELETE", url, headers: headers))
        switch response.status {
        case 412: return .changedMeanwhile
        case 404, 410: return .gone
        default:
            try Self.check(response, method: "DELETE")
            return .done(etag: nil)
        }
    }

    /// Makes a calendar collection (MKCALENDAR) or an address book (extended MKCOL, RFC 5689).
    public func makeCollection(_ url: URL, addressBook: Bool, displayName: String) throws(NetworkError) {
        let name = "<d:displayname>\(Self.escaped(displayName))</d:displayname>"
        let request: HTTPRequest
        if addressBook {
            let body = "<d:mkcol \(Self.namespaces)><d:set><d:prop><d:resourcetype><d:collection/>"
                + "<card:addressbook/></d:resourcetype>\(name)</d:prop></d:set></d:mkcol>"
            request = HTTPRequest("MKCOL", url, headers: Self.xmlHeaders(depth: nil), body: Self.xml(body))
        } else {
            let body = "<cal:mkcalendar \(Self.namespaces)><d:set><d:prop>\(name)"
                + "<cal:supported-calendar-component-set><cal:comp name=\"VEVENT\"/><cal:comp name=\"VTODO\"/>"
                + "</cal:supported-calendar-component-set></d:prop></d:set></cal:mkcalendar>"
            request = HTTPRequest("MKCALENDAR", url, headers: Self.xmlHeaders(depth: nil), body: Self.xml(body))
        }
        try Self.check(try session.send(request), method: request.method)
    }

    // MARK: - Answers

    private func multistatus(_ request: HTTPRequest) throws(NetworkError) -> DAVMultistatus {
        try Self.multistatus(of: try session.send(request), method: request.method)
    }

    static func multistatus(of response: HTTPResponse, method: String) throws(NetworkError) -> DAVMultistatus {
        try check(response, method: method)
        guard response.status == 207 else {
            throw .malformed("\(method) answered \(response.status), not a multistatus (207)")
        }
        return try DAVMultistatus(xml: response.body)
    }

    static func check(_ response: HTTPResponse, method: String) throws(NetworkError) {
        switch response.status {
        case 200..<300: return
        case 401, 403: throw .notAllowed(status: response.status)
        default: throw .status(response.status, method)
        }
    }

    // MARK: - XML

    static let namespaces =
        "xmlns:d=\"DAV:\" xmlns:cal=\"\(DAVNamespace.caldav)\" xmlns:card=\"\(DAVNamespace.carddav)\" "
        + "xmlns:cs=\"\(DAVNamespace.calendarServer)\""

    private static func element(_ name: String, in namespace: String) -> String {
        let prefix = switch namespace {
        case DAVNamespace.caldav: "cal"
        case DAVNamespace.carddav: "card"
        case DAVNamespace.calendarServer: "cs"
        default: "d"
        }
        return "<\(prefix):\(name)/>"
    }

    private static func xml(_ body: String) -> Data {
        Data(("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n" + body).utf8)
    }

    private static func xmlHeaders(depth: Int?) -> [(String, String)] {
        var headers = [("Content-Type", "application/xml; charset=utf-8")]
        if let depth { headers.append(("Depth", String(depth))) }
        return headers
    }

    /// `text` with the five XML specials escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
