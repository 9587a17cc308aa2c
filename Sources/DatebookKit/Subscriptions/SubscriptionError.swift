import Foundation

/// Why a subscribed calendar could not be read, in words for a person: the last copy read is
/// kept, and this says why it was not replaced.
public enum SubscriptionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What came back, when it is not iCalendar.
    public enum Content: Equatable, Sendable {
        case html
        case other
    }

    /// No file at the path.
    case noSuchFile(String)
    /// The path names a folder.
    case isFolder(String)
    /// The path names a pipe, a device or a socket, not a file.
    case notAFile(String)
    /// The file exists but cannot be read (permissions, say).
    case unreadable(String)
    /// Nothing arrived within the time allowed.
    case timedOut(seconds: Double)
    /// More bytes than a calendar feed is allowed.
    case tooLarge(limit: Int)
    /// The server answered with an HTTP error.
    case httpStatus(Int)
    /// The server could not be reached (no such host, connection refused, TLS failure).
    case unreachable(String)
    /// The feed is empty.
    case empty
    /// Its repeating events take longer to expand than allowed.
    case tooManyRepeats(seconds: Double)
    /// What was read is not a calendar; `fromNetwork` says whether an address returned it.
    case notICalendar(Content, fromNetwork: Bool = false)

    public var description: String {
        switch self {
        case let .noSuchFile(path): return "no such file: \(path)"
        case let .isFolder(path): return "\(path) is a folder, not a calendar file"
        case let .notAFile(path): return "\(path) is not a calendar file (a pipe or a device)"
        case let .unreadable(reason): return "cannot read the file: \(reason)"
        case let .timedOut(seconds): return "timed out after \(Self.seconds(seconds))"
        case let .tooLarge(limit): return "the calendar is larger than \(Self.size(limit)), the most Datebook reads"
        case let .httpStatus(code):
            return "the server answered \(code) \(HTTPURLResponseText.reason(code))".trimmingCharacters(in: .whitespaces)
        case let .unreachable(reason): return "cannot reach the address: \(reason)"
        case .empty: return "the calendar is empty"
        case let .tooManyRepeats(seconds):
            return "the calendar repeats more than Datebook expands in \(Self.seconds(seconds))"
        case let .notICalendar(.html, fromNetwork):
            return fromNetwork ? "the address returned an HTML page, not a calendar"
                : "the file is an HTML page, not a calendar"
        case let .notICalendar(.other, fromNetwork):
            return (fromNetwork ? "the address returned" : "the file holds")
                + " something that is not a calendar (no BEGIN:VCALENDAR)"
        }
    }

    /// The same failure, said of what an address returned.
    var fromNetwork: SubscriptionError {
        if case let .notICalendar(content, _) = self { return .notICalendar(content, fromNetwork: true) }
        return self
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }

    private static func size(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? "\(bytes / 1_000_000) MB" : bytes >= 1000 ? "\(bytes / 1000) kB" : "\(bytes) bytes"
    }
}

/// The words of common HTTP status codes.
enum HTTPURLResponseText {
    static func reason(_ code: Int) -> String {
        switch code {
        case 301, 302, 307, 308: return "(moved)"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 410: return "Gone"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        default: return ""
        }
    }
}
