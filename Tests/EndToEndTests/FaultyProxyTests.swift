import Foundation
import Testing
import TestSupport

/// The misbehaving server the bad-server sync tests put in front of Radicale: each fault it
/// is told to make is what a client sees, and only the request it was told about meets it.
@Suite("A faulty proxy in front of Radicale")
struct FaultyProxyTests {
    let server: RadicaleServer
    let proxy: FaultyProxy

    init() throws {
        server = try RadicaleServer(users: ["alice": "alice-secret"])
        try server.makeDefaultCollections(for: "alice", [.calendar])
        proxy = try FaultyProxy(inFrontOf: server)
    }

    var calendar: URL { proxy.url(server.url(forUser: "alice", collection: "calendar")) }

    func list(timeout: Duration = .seconds(20)) throws -> DAVHTTP.Response {
        try DAVHTTP.request(
            "PROPFIND", calendar, user: "alice", password: "alice-secret", headers: ["Depth": "1"],
            body: #"<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getetag/></D:prop></D:propfind>"#,
            timeout: timeout)
    }

    func put(_ name: String) throws -> DAVHTTP.Response {
        let event = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:\(name)\r\n"
            + "DTSTAMP:20261123T080000Z\r\nDTSTART:20261124T090000Z\r\nSUMMARY:\(name)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        return try DAVHTTP.request(
            "PUT", calendar.appendingPathComponent("\(name).ics"), user: "alice", password: "alice-secret",
            headers: ["Content-Type": "text/calendar"], body: event)
    }

    /// Whether the server itself (not through the proxy) holds the item.
    func serverHas(_ name: String) throws -> Bool {
        try server.request("GET", "/alice/calendar/\(name).ics", as: "alice").status == 200
    }

    @Test("untold, it passes requests and answers through, and logs each request")
    func passesThrough() throws {
        #expect(try put("one").status == 201)
        let listed = try list()
        #expect(listed.status == 207)
        #expect(listed.body.contains("/alice/calendar/one.ics"))
        #expect(try serverHas("one"))
        #expect(proxy.requestCount == 2)
        #expect(proxy.requestLog == ["PUT /alice/calendar/one.ics", "PROPFIND /alice/calendar/"])
    }

    @Test("the Nth request gets a 500 and never reaches the server; the ones around it pass")
    func internalErrorOnNthRequest() throws {
        proxy.schedule(.internalError, onRequest: proxy.requestCount + 2)
        #expect(try put("first").status == 201)
        let failed = try put("second")
        #expect(failed.status == 500)
        #expect(failed.body == "Internal Server Error")
        #expect(try put("third").status == 201)
        #expect(try serverHas("first"))
        #expect(try !serverHas("second"))
        #expect(try serverHas("third"))
    }

    @Test("an answer that is not XML, or not iCalendar, is what the client gets")
    func notXML() throws {
        proxy.fail(method: "PROPFIND", with: .notXML)
        let listed = try list()
        #expect(listed.status == 207)
        #expect(listed.body.hasPrefix("<html>"))
        #expect(!listed.body.contains("multistatus"))
        #expect(try put("still-fine").status == 201)

        proxy.clearFaults()
        proxy.failEveryRequest(with: .notICalendar)
        let item = try DAVHTTP.request(
            "GET", calendar.appendingPathComponent("still-fine.ics"), user: "alice", password: "alice-secret")
        #expect(item.status == 200)
        #expect(!item.body.contains("BEGIN:VCALENDAR"))
        proxy.failEveryRequest(with: nil)
        #expect(try list().status == 207)
    }

    @Test("a rewritten answer is well-formed XML whose calendar data is not iCalendar")
    func rewrite() throws {
        #expect(try put("kept").status == 201)
        proxy.fail(method: "REPORT", with: .rewrite("BEGIN:VCALENDAR", with: "THIS IS NOT ICALENDAR"))
        let query = """
            <?xml version="1.0"?><C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">\
            <D:prop><D:getetag/><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR"/></C:filter>\
            </C:calendar-query>
            """
        let report = try DAVHTTP.request(
            "REPORT", calendar, user: "alice", password: "alice-secret",
            headers: ["Depth": "1", "Content-Type": "application/xml"], body: query)
        #expect(report.status == 207)
        #expect(report.body.contains("THIS IS NOT ICALENDAR"))
        #expect(!report.body.contains("BEGIN:VCALENDAR"))
        #expect(report.body.contains("</multistatus>"))
        #expect(report.headers["content-length"] == String(Data(report.body.utf8).count))
        // The server's copy is untouched; a GET is not rewritten.
        let item = try DAVHTTP.request("GET", calendar.appendingPathComponent("kept.ics"), user: "alice", password: "alice-secret")
        #expect(item.body.hasPrefix("BEGIN:VCALENDAR"))
    }

    @Test("a 500 answered to a large PUT (a client that asks for 100 Continue first) reaches the client")
    func answerBeforeBody() throws {
        proxy.failEveryRequest(with: .internalError)
        let big = String(repeating: "DESCRIPTION:x\r\n", count: 100_000)
        let started = ContinuousClock.now
        let response = try DAVHTTP.request(
            "PUT", calendar.appendingPathComponent("big.ics"), user: "alice", password: "alice-secret",
            headers: ["Content-Type": "text/calendar"], body: big)
        #expect(response.status == 500)
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test("a delay past the client's timeout times it out; the request after it passes")
    func delayPastTimeout() throws {
        proxy.schedule(.delay(.seconds(5)), onRequest: proxy.requestCount + 1)
        let started = ContinuousClock.now
        let slow = try list(timeout: .milliseconds(700))
        #expect(slow.status == 0)
        #expect(slow.error.lowercased().contains("timed out") || slow.error.contains("timeout"), "\(slow)")
        #expect(ContinuousClock.now - started < .seconds(4))
        #expect(try list().status == 207)
    }

    @Test("a hanging request holds the client until its timeout; stop() ends it")
    func hang() throws {
        proxy.failEveryRequest(with: .hang)
        let held = try list(timeout: .milliseconds(500))
        #expect(held.status == 0)
        proxy.stop()
        #expect(!LoopbackPort.accepts(proxy.port))
    }

    @Test("a dropped connection gives the client no answer at all")
    func drop() throws {
        proxy.schedule(.drop, onRequest: proxy.requestCount + 1)
        let dropped = try list()
        #expect(dropped.status == 0)
        #expect(!dropped.error.isEmpty)
        #expect(try list().status == 207)
    }

    @Test("down, it refuses connections; up again on the same port, it passes them")
    func downAndUp() throws {
        proxy.goDown()
        let refused = try list()
        #expect(refused.status == 0)
        #expect(refused.error.contains("Failed to connect") || refused.error.contains("refused"), "\(refused)")
        #expect(try put("while-down").status == 0)
        #expect(try !serverHas("while-down"))
        try proxy.goUp()
        #expect(try list().status == 207)
        #expect(try put("after").status == 201)
    }
}
