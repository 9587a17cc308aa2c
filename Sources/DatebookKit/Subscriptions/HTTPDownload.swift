import Foundation

/// Downloads one calendar feed over http(s) through an `HTTPSession` (libcurl): within a time
/// limit and a size limit (stopped as soon as it is passed), following a few redirects, and
/// refusing an HTML page.
struct HTTPDownload {
    let url: URL
    let timeout: TimeInterval
    let sizeLimit: Int
    /// The user name and password to sign in with (HTTP Basic), for a collection on a sync
    /// account's server.
    var credentials: (user: String, password: String)? = nil

    func run() throws(SubscriptionError) -> Data {
        let response: HTTPResponse
        do {
            let session = try HTTPSession(
                credentials: credentials.map { HTTPSession.Credentials(user: $0.user, password: $0.password) },
                timeout: timeout, sizeLimit: sizeLimit)
            response = try session.send(
                HTTPRequest("GET", url, headers: [("User-Agent", "Datebook (calendar subscription)")]))
        } catch {
            switch error {
            case .missingLibrary:
                throw .unreachable("libcurl is not installed, so http(s) addresses cannot be read (a local file can)")
            case let .timedOut(seconds): throw .timedOut(seconds: seconds)
            case .tooLarge: throw .tooLarge(limit: sizeLimit)
            case let .unreachable(detail): throw .unreachable(detail)
            default: throw .unreachable(error.description)
            }
        }
        guard response.isSuccess else { throw .httpStatus(response.status) }
        let type = response.headers["content-type"]?.lowercased() ?? ""
        let isHTML = type.contains("text/html") || type.contains("application/xhtml")
        if isHTML && !String(decoding: response.body.prefix(4096), as: UTF8.self).uppercased().contains("BEGIN:VCALENDAR") {
            throw .notICalendar(.html, fromNetwork: true)
        }
        return response.body
    }
}
