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

    @Test("a refused connection reads the same each time: how long curl tried is left out")
    func sameFailureSameWords() throws {
        #expect(HTTPSession.withoutDuration("Failed to connect to 127.0.0.1 port 9 after 0 ms: Couldn't connect to server")
            == "Failed to connect to 127.0.0.1 port 9: Couldn't connect to server")
        let session = try HTTPSession(credentials: nil, timeout: 5)
        var said: Set<String> = []
        for _ in 0..<5 {
            do {
                _ = try session.send(HTTPRequest("GET", URL(string: "http://127.0.0.1:9/")!))
            } catch {
                said.insert(String(describing: error))
            }
        }
        #expect(said.count == 1, "\(said)")
        #expect(!said.contains { $0.contains(" ms") })
    }
}
