internal import CCurl
import Foundation

/// Downloads one calendar feed over http(s) with libcurl, found when first needed (see
/// `CCurl/shim.h`): within a time limit (libcurl's own, for the connection and the whole
/// transfer) and a size limit (stopped as soon as it is passed), following a few redirects,
/// and refusing an HTML page.
struct HTTPDownload {
    let url: URL
    let timeout: TimeInterval
    let sizeLimit: Int
    /// The user name and password to sign in with (HTTP Basic), for a collection on a sync
    /// account's server.
    var credentials: (user: String, password: String)? = nil

    /// libcurl's functions, or nil when it is not installed (looked for once per process).
    nonisolated(unsafe) private static let api: datebook_curl_api? = {
        var api = datebook_curl_api()
        guard datebook_curl_load(&api) != 0 else { return nil }
        _ = api.global_init(DATEBOOK_CURL_GLOBAL_DEFAULT)
        return api
    }()

    /// Where the bytes go while they arrive.
    private final class Sink {
        let limit: Int
        var data = Data()
        var tooLarge = false

        init(limit: Int) { self.limit = limit }
    }

    func run() throws(SubscriptionError) -> Data {
        guard var api = Self.api else {
            throw .unreachable("libcurl is not installed, so http(s) addresses cannot be read (a local file can)")
        }
        guard let handle = api.easy_init() else { throw .unreachable("libcurl could not start") }
        defer { api.easy_cleanup(handle) }
        let sink = Sink(limit: sizeLimit)
        let context = Unmanaged.passRetained(sink)
        defer { context.release() }
        var errorText = [CChar](repeating: 0, count: DATEBOOK_CURL_ERROR_SIZE + 1)
        let milliseconds = max(1, Int(timeout * 1000))
        let code: Int32 = url.absoluteString.withCString { address in
            errorText.withUnsafeMutableBufferPointer { errorBuffer in
                func set(_ option: Int32, _ value: Int) {
                    _ = datebook_curl_set_long(&api, handle, option, value)
                }
                func set(_ option: Int32, text: String) {
                    text.withCString { _ = datebook_curl_set_pointer(&api, handle, option, $0) }
                }
                _ = datebook_curl_set_pointer(&api, handle, Int32(DATEBOOK_CURLOPT_URL), address)
                _ = datebook_curl_set_pointer(&api, handle, Int32(DATEBOOK_CURLOPT_ERRORBUFFER),
                                              errorBuffer.baseAddress)
                _ = datebook_curl_set_pointer(&api, handle, Int32(DATEBOOK_CURLOPT_WRITEDATA),
                                              context.toOpaque())
                _ = datebook_curl_set_write_function(&api, handle) { data, size, count, context in
                    let sink = Unmanaged<Sink>.fromOpaque(context!).takeUnretainedValue()
                    let length = size * count
                    guard sink.data.count + length <= sink.limit, let data else {
                        sink.tooLarge = true
                        return 0
                    }
                    sink.data.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: length)
                    return length
                }
                set(Int32(DATEBOOK_CURLOPT_NOSIGNAL), 1)
                set(Int32(DATEBOOK_CURLOPT_FOLLOWLOCATION), 1)
                set(Int32(DATEBOOK_CURLOPT_MAXREDIRS), 5)
                set(Int32(DATEBOOK_CURLOPT_TIMEOUT_MS), milliseconds)
                set(Int32(DATEBOOK_CURLOPT_CONNECTTIMEOUT_MS), milliseconds)
                _ = datebook_curl_set_large(&api, handle, Int32(DATEBOOK_CURLOPT_MAXFILESIZE_LARGE),
                                            Int64(sizeLimit))
                set(Int32(DATEBOOK_CURLOPT_PROTOCOLS_STR), text: "http,https")
                set(Int32(DATEBOOK_CURLOPT_REDIR_PROTOCOLS_STR), text: "http,https")
                set(Int32(DATEBOOK_CURLOPT_ACCEPT_ENCODING), text: "")
                set(Int32(DATEBOOK_CURLOPT_USERAGENT), text: "Datebook (calendar subscription)")
                if let credentials {
                    set(Int32(DATEBOOK_CURLOPT_HTTPAUTH), Int(DATEBOOK_CURLAUTH_BASIC))
                    set(Int32(DATEBOOK_CURLOPT_USERNAME), text: credentials.user)
                    set(Int32(DATEBOOK_CURLOPT_PASSWORD), text: credentials.password)
                }
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
            let detail = String(decoding: errorText.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let general = api.easy_strerror(code).map { String(cString: $0) } ?? "error \(code)"
            throw .unreachable(detail.isEmpty ? general : detail)
        }
        let status = datebook_curl_info_long(&api, handle, Int32(DATEBOOK_CURLINFO_RESPONSE_CODE))
        guard (200..<300).contains(status) else { throw .httpStatus(status) }
        let type = datebook_curl_info_string(&api, handle, Int32(DATEBOOK_CURLINFO_CONTENT_TYPE))
            .map { String(cString: $0).lowercased() } ?? ""
        let isHTML = type.contains("text/html") || type.contains("application/xhtml")
        if isHTML && !String(decoding: sink.data.prefix(4096), as: UTF8.self).uppercased().contains("BEGIN:VCALENDAR") {
            throw .notICalendar(.html, fromNetwork: true)
        }
        return sink.data
    }
}
