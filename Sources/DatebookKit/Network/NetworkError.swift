import Foundation

/// Why a request to a server did not give an answer that can be used, in words a person reads
/// in the status line or on stderr.
public enum NetworkError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No connection: the server is down, the name unknown, the network gone.
    case unreachable(String)
    /// The server took longer than the time allowed.
    case timedOut(seconds: Double)
    /// The server refused the user name or password (401), or the account may not do this (403).
    case notAllowed(status: Int)
    /// Any other answer outside 2xx that the caller did not expect.
    case status(Int, String)
    /// The answer was not the XML (or the iCalendar, the vCard) the protocol says.
    case malformed(String)
    /// The answer was larger than the size limit, in bytes (said as the server's answer that
    /// could not be read).
    case tooLarge(limit: Int)
    /// libcurl or libxml2 is not installed.
    case missingLibrary(String)

    public var description: String {
        switch self {
        case let .unreachable(detail): "the server cannot be reached: \(detail)"
        case let .timedOut(seconds): "the server did not answer within \(Self.seconds(seconds))"
        case .notAllowed(401): "the server refused the user name or password"
        case .notAllowed: "the server does not allow this account to do that"
        case let .status(code, method): "the server answered \(code) \(Self.reason(code)) to \(method)"
        case let .malformed(detail): "the server's answer could not be read: \(detail)"
        case let .tooLarge(limit): NetworkError.malformed("the answer is larger than \(limit >> 20) MB").description
        case let .missingLibrary(name): "\(name) is not installed, so Datebook cannot sync"
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }

    private static func reason(_ code: Int) -> String {
        switch code {
        case 404: "(not found)"
        case 405: "(not allowed here)"
        case 409: "(conflict)"
        case 412: "(changed by someone else)"
        case 413: "(too large)"
        case 415: "(not a type it takes)"
        case 500..<600: "(a server error)"
        default: ""
        }
    }
}
