import Foundation
import Testing

@testable import DatebookKit

@Suite("HTTP session")
struct HTTPSessionTests {
    @Test("a timeout of any size is held within a day: a request fails with a network error, never a trap")
    func timeoutOfAnySize() throws {
        for timeout in [1e300, .infinity, .nan, -5, 0] {
            let session = try HTTPSession(credentials: nil, timeout: timeout)
            // Port 9 (discard) has no listener here: the connection is refused at once.
            #expect(throws: NetworkError.self, "\(timeout)") {
                try session.send(HTTPRequest("GET", URL(string: "http://127.0.0.1:9/")!))
            }
        }
    }
}
