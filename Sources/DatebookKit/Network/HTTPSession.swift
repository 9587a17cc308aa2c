internal import CCurl
import Foundation

/// One HTTP request: a method (WebDAV's PROPFIND, REPORT, MKCALENDAR as well as GET, PUT,
/// DELETE), its headers and body.
public struct HTTPRequest: Sendable {
    public var method: String
    public var url: URL
    public var headers: [(String, String)]
    public var body: Data?
    /// Seconds this request may take, when not the session's.
    public var timeout: TimeInterval?

    public init(_ method: String, _ url: URL, headers: [(String, String)] = [], body: Data? = nil,
                timeout: TimeInterval? = nil)
    {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}

/// What a server answered.
public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header names in lower case; the last value given for each.
    public var headers: [String: String]
    public var body: Data
    /// Where the answer came from after redirects.
    public var url: URL

    public var isSuccess: Bool { (200..<300).contains(status) }
}

/// Sends requests to one server with libcurl (found when first needed, see `CCurl/shim.h`) over
/// one connection kept open between them, with HTTP Basic authentication over the connection
/// libcurl negotiates (TLS for https), a time limit per request and a size limit per answer.
///
/// Not shared between threads: a sync owns its session.
public final class HTTPSession {
    public struct Credentials: Sendable {
        public var user: String
        public var password: String

        public init(user: String, password: String) {
            self.user = user
            self.password = password
        }
    }

    public let credentials: Credentials?
    public let timeout: TimeInterval
    public let sizeLimit: Int
    /// How many requests were sent (for progress and the figures of a sync).
    public private(set) var requestCount = 0

    private var api: datebook_curl_api
    private let handle: UnsafeMutableRawPointer

    nonisolated(unsafe) private static let loaded: datebook_curl_api? = {
        var api = datebook_curl_api()
        guard datebook_curl_load(&api) != 0 else { return nil }
        _ = api.global_init(DATEBOOK_CURL_GLOBAL_DEFAULT)
        return api
    }()

    public init(credentials: Credentials?, timeout: TimeInterval = 30, sizeLimit: Int = 512 << 20)
        throws(NetworkError)
    {
        guard let api = Self.loaded else { throw .missingLibrary("libcurl") }
        guard let handle = api.easy_init() else { throw .missingLibrary("a working libcurl") }
        self.api = api
        self.handle = handle
        self.credentials = credentials
        self.timeout = timeout
        self.sizeLimit = sizeLimit
    }

    deinit {
        api.easy_cleanup(handle)
    }

    /// What arrives while a request runs.
    private final class Sink {
        let limit: Int
        var body = Data()
        var headers: [String: String] = [:]
        var tooLarge = false

        init(limit: Int) { self.limit = limit }
    }

    /// Sends `request` and returns whatever status the server answered with; throws only when
    /// there is no answer (no connection, the time limit, an answer over the size limit).
    public func send(_ request: HTTPRequest) throws(NetworkError) -> HTTPResponse {
        requestCount += 1
        api.easy_reset(handle)
        let sink = Sink(limit: sizeLimit)
        let context = Unmanaged.passRetained(sink)
        defer { context.release() }
        var headerList: UnsafeMutableRawPointer?
        let named = Set(request.headers.map { $0.0.lowercased() })
        let defaults = [("Expect", ""), ("User-Agent", "Datebook")].filter { !named.contains($0.0.lowercased()) }
        for (name, value) in request.headers + defaults {
            headerList = api.slist_append(headerList, value.isEmpty ? "\(name):" : "\(name): \(value)")
        }
        defer { api.slist_free_all(headerList) }
        var errorText = [CChar](repeating: 0, count: DATEBOOK_CURL_ERROR_SIZE + 1)
        let timeout = request.timeout ?? self.timeout
        // Held within a day: `Int(_:)` stops the process on a Double past Int.max (a timeout of
        // 1e300 seconds did), and curl takes a C long.
        let milliseconds = Int((timeout * 1000).held(in: 1...86_400_000, ifNaN: 1))
        let body = request.body ?? Data()
        let code: Int32 = body.withUnsafeBytes { bodyBytes in
            errorText.withUnsafeMutableBufferPointer { errorBuffer in
                func set(_ option: Int32, _ value: Int) {
                    _ = datebook_curl_set_long(&api, handle, option, value)
                }
                func set(_ option: Int32, text: String) {
                    text.withCString { _ = datebook_curl_set_pointer(&api, handle, option, $0) }
                }
                set(Int32(DATEBOOK_CURLOPT_URL), text: request.url.absoluteString)
                set(Int32(DATEBOOK_CURLOPT_CUSTOMREQUEST), text: request.method)
                _ = datebook_curl_set_pointer(&api, handle, Int32(DATEBOOK_CURLOPT_HTTPHEADER), headerList)
                _ = datebook_curl_set_pointer(&api, handle, Int32(DATEBOOK_CURLOPT_ERRORBUFFER), errorBuffer.baseAddress)
                _ = datebook_curl_set_pointer(&api, handle, Int32(DATEBOOK_CURLOPT_WRITEDATA), context.toOpaque())
                _ = datebook_curl_set_pointer(&api, handle, Int32(DATEBOOK_CURLOPT_HEADERDATA), context.toOpaque())
                if request.body != nil {
                    _ = datebook_curl_set_large(&api, handle, Int32(DATEBOOK_CURLOPT_POSTFIELDSIZE_LARGE),
                                                Int64(bodyBytes.count))
                    // libcurl copies nothing: the bytes live until `perform` returns.
                    _ = datebook_curl_set_pointer(&api, handle, Int32(DATEBOOK_CURLOPT_POSTFIELDS),
                                                  bodyBytes.baseAddress ?? UnsafeRawPointer(errorBuffer.baseAddress!))
                }
                _ = datebook_curl_set_write_function(&api, handle) { data, size, count, context in
                    let sink = Unmanaged<Sink>.fromOpaque(context!).takeUnretainedValue()
                    let length = size * count
                    guard sink.body.count + length <= sink.limit, let data else {
                        sink.tooLarge = true
                        return 0
                    }
                    sink.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: length)
                    return length
                }
                _ = datebook_curl_set_header_function(&api, handle) { data, size, count, context in
                    let sink = Unmanaged<Sink>.fromOpaque(context!).takeUnretainedValue()
                    let length = size * count
                    guard let data else { return length }
                    let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
                    if line.hasPrefix("HTTP/") {
                        // A new answer (after a redirect or a 100 Continue): its headers only.
                        sink.headers = [:]
                    } else if let colon = line.firstIndex(of: ":") {
                        let name = line[..<colon].lowercased()
                        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
                        sink.headers[name] = value
                    }
                    return length
                }
                if let credentials {
                    set(Int32(DATEBOOK_CURLOPT_HTTPAUTH), Int(DATEBOOK_CURLAUTH_BASIC))
                    set(Int32(DATEBOOK_CURLOPT_USERNAME), text: credentials.user)
                    set(Int32(DATEBOOK_CURLOPT_PASSWORD), text: credentials.password)
                }
                set(Int32(DATEBOOK_CURLOPT_NOSIGNAL), 1)
                set(Int32(DATEBOOK_CURLOPT_FOLLOWLOCATION), 1)
                set(Int32(DATEBOOK_CURLOPT_MAXREDIRS), 5)
                set(Int32(DATEBOOK_CURLOPT_TIMEOUT_MS), milliseconds)
                set(Int32(DATEBOOK_CURLOPT_CONNECTTIMEOUT_MS), min(milliseconds, 10_000))
                // Refused at once when the server says beforehand that the answer is too large.
                _ = datebook_curl_set_large(&api, handle, Int32(DATEBOOK_CURLOPT_MAXFILESIZE_LARGE), Int64(sizeLimit))
                set(Int32(DATEBOOK_CURLOPT_PROTOCOLS_STR), text: "http,https")
                set(Int32(DATEBOOK_CURLOPT_REDIR_PROTOCOLS_STR), text: "http,https")
                set(Int32(DATEBOOK_CURLOPT_ACCEPT_ENCODING), text: "")
                return api.easy_perform(handle)
            }
        }
        switch code {
        case Int32(DATEBOOK_CURLE_OK):
            break
        case Int32(DATEBOOK_CURLE_OPERATION_TIMEDOUT):
            throw .timedOut(seconds: timeout)
        case Int32(DATEBOOK_CURLE_FILESIZE_EXCEEDED):
            throw .tooLarge(limit: sizeLimit)
        case Int32(DATEBOOK_CURLE_WRITE_ERROR) where sink.tooLarge:
            throw .tooLarge(limit: sizeLimit)
        default:
            // curl says how long it tried ("… port 8080 after 2 ms: …"), which differs from one
            // try to the next; without it, the same failure reads the same (Activities notes it once).
            let detail = Self.withoutDuration(
                String(decoding: errorText.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            let general = api.easy_strerror(code).map { String(cString: $0) } ?? "error \(code)"
            throw .unreachable(detail.isEmpty ? general : detail)
        }
        let status = datebook_curl_info_long(&api, handle, Int32(DATEBOOK_CURLINFO_RESPONSE_CODE))
        let effective = datebook_curl_info_string(&api, handle, Int32(DATEBOOK_CURLINFO_EFFECTIVE_URL))
            .flatMap { URL(string: String(cString: $0)) } ?? request.url
        return HTTPResponse(status: status, headers: sink.headers, body: sink.body, url: effective)
    }

    /// curl's message without how long it tried: `… port 8080 after 2 ms: Connection refused`
    /// reads `… port 8080: Connection refused`.
    static func withoutDuration(_ message: String) -> String {
        message.replacing(/\ after \d+ ms/, with: "")
    }
}
