import Foundation
import Testing
import TestSupport

/// The Radicale rights file the user guide documents (Docs/radicale/rights, with
/// Docs/radicale/config), checked on a real server: each user owns their home; any signed-in
/// user may write into another's inbox but not read or list it, and may read another's
/// public calendar but not write it; nothing else.
@Suite("Radicale rights for a household")
struct RadicaleRightsTests {
    let server: RadicaleServer

    init() throws {
        server = try RadicaleServer(users: ["alice": "alice-secret", "bob": "bob-secret"])
        try server.makeDefaultCollections(for: "alice")
        try server.makeDefaultCollections(for: "bob")
    }

    static func event(_ uid: String, _ summary: String) -> String {
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Datebook tests//EN\r
        BEGIN:VEVENT\r
        UID:\(uid)\r
        DTSTAMP:20261123T080000Z\r
        DTSTART:20261124T090000Z\r
        DTEND:20261124T100000Z\r
        SUMMARY:\(summary)\r
        END:VEVENT\r
        END:VCALENDAR\r

        """
    }

    func put(_ path: String, as user: String?, _ text: String) throws -> DAVHTTP.Response {
        try server.request("PUT", path, as: user, headers: ["Content-Type": "text/calendar; charset=utf-8"], body: text)
    }

    func list(_ path: String, as user: String) throws -> DAVHTTP.Response {
        try server.request(
            "PROPFIND", path, as: user, headers: ["Depth": "1", "Content-Type": "application/xml"],
            body: #"<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getetag/></D:prop></D:propfind>"#)
    }

    /// A calendar-query REPORT for every event in the collection, with their data.
    func query(_ path: String, as user: String) throws -> DAVHTTP.Response {
        try server.request(
            "REPORT", path, as: user, headers: ["Depth": "1", "Content-Type": "application/xml"],
            body: """
                <?xml version="1.0"?><C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">\
                <D:prop><D:getetag/><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR">\
                <C:comp-filter name="VEVENT"/></C:comp-filter></C:filter></C:calendar-query>
                """)
    }

    @Test("Alice reads, writes, lists and deletes in each of her own collections")
    func ownerDoesEverything() throws {
        for collection in ["calendar", "inbox", "public"] {
            let path = "/alice/\(collection)/own.ics"
            #expect(try put(path, as: "alice", Self.event("own-\(collection)", "Mine")).status == 201)
            #expect(try server.request("GET", path, as: "alice").body.contains("SUMMARY:Mine"))
            #expect(try list("/alice/\(collection)/", as: "alice").body.contains(path))
            #expect(try query("/alice/\(collection)/", as: "alice").body.contains("own-\(collection)"))
            // Replaced: 204 (Radicale 3.2 answered 201).
            #expect([201, 204].contains(try put(path, as: "alice", Self.event("own-\(collection)", "Changed")).status))
            #expect(try server.request("GET", path, as: "alice").body.contains("SUMMARY:Changed"))
            #expect(try server.request("DELETE", path, as: "alice").status == 200)
            #expect(try server.request("GET", path, as: "alice").status == 404)
        }
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:card-1\r\nFN:Carol\r\nN:;Carol;;;\r\nEND:VCARD\r\n"
        let written = try server.request(
            "PUT", "/alice/contacts/card-1.vcf", as: "alice", headers: ["Content-Type": "text/vcard"], body: card)
        #expect(written.status == 201)
        #expect(try server.request("GET", "/alice/contacts/card-1.vcf", as: "alice").body.contains("FN:Carol"))
        #expect(try list("/alice/", as: "alice").status == 207)
    }

    @Test("Bob writes into Alice's inbox, and she finds it there; he cannot read or list it")
    func inboxIsWriteOnlyForOthers() throws {
        let path = "/alice/inbox/from-bob.ics"
        let written = try put(path, as: "bob", Self.event("invite-1", "Lunch?"))
        #expect(written.status == 201, "\(written) \(server.log)")

        #expect(try server.request("GET", path, as: "bob").status == 403)
        #expect(try list("/alice/inbox/", as: "bob").status == 403)
        #expect(try query("/alice/inbox/", as: "bob").status == 403)

        let aliceSees = try query("/alice/inbox/", as: "alice")
        #expect(aliceSees.status == 207)
        #expect(aliceSees.body.contains("UID:invite-1"))
        #expect(aliceSees.body.contains("SUMMARY:Lunch?"))
        #expect(try server.request("DELETE", path, as: "alice").status == 200)
    }

    @Test("Bob can neither write nor read Alice's calendar, contacts or home")
    func privateCollectionsAreClosed() throws {
        #expect(try put("/alice/calendar/mine.ics", as: "alice", Self.event("private-1", "Doctor")).status == 201)

        #expect(try put("/alice/calendar/from-bob.ics", as: "bob", Self.event("bob-1", "Sneaky")).status == 403)
        #expect(try put("/alice/calendar/mine.ics", as: "bob", Self.event("private-1", "Changed")).status == 403)
        #expect(try server.request("DELETE", "/alice/calendar/mine.ics", as: "bob").status == 403)
        #expect(try server.request("GET", "/alice/calendar/mine.ics", as: "bob").status == 403)
        #expect(try list("/alice/calendar/", as: "bob").status == 403)
        #expect(try query("/alice/calendar/", as: "bob").status == 403)
        #expect(try list("/alice/contacts/", as: "bob").status == 403)
        #expect(try list("/alice/", as: "bob").status == 403)
        #expect(try server.request("MKCALENDAR", "/alice/bobs/", as: "bob").status == 403)

        // The root lists Bob's own home, not Alice's.
        let root = try list("/", as: "bob")
        #expect(root.status == 207)
        #expect(root.body.contains("/bob/"))
        #expect(!root.body.contains("/alice/"))
        // Alice's event is as she wrote it.
        #expect(try server.request("GET", "/alice/calendar/mine.ics", as: "alice").body.contains("SUMMARY:Doctor"))
    }

    @Test("Bob reads Alice's public calendar but cannot write or delete in it")
    func publicIsReadOnlyForOthers() throws {
        let path = "/alice/public/talk.ics"
        #expect(try put(path, as: "alice", Self.event("talk-1", "Open talk")).status == 201)

        #expect(try server.request("GET", path, as: "bob").body.contains("SUMMARY:Open talk"))
        #expect(try list("/alice/public/", as: "bob").body.contains(path))
        #expect(try query("/alice/public/", as: "bob").body.contains("UID:talk-1"))

        #expect(try put(path, as: "bob", Self.event("talk-1", "Cancelled")).status == 403)
        #expect(try put("/alice/public/new.ics", as: "bob", Self.event("bob-2", "Mine now")).status == 403)
        #expect(try server.request("DELETE", path, as: "bob").status == 403)
        #expect(try server.request("GET", path, as: "alice").body.contains("SUMMARY:Open talk"))
    }

    @Test("nobody signed out, or with a wrong password, reads or writes anything")
    func strangersAreRefused() throws {
        #expect(try put("/alice/inbox/anon.ics", as: nil, Self.event("anon-1", "Spam")).status == 401)
        #expect(try server.request("GET", "/alice/public/", as: nil).status == 401)
        let wrong = try server.request(
            "PUT", "/alice/inbox/x.ics", as: "bob", password: "guess",
            headers: ["Content-Type": "text/calendar"], body: Self.event("x-1", "Spam"))
        #expect(wrong.status == 401)
        #expect(try list("/alice/inbox/", as: "alice").body.contains("x.ics") == false)
    }

    /// Radicale's `w` grants PUT and DELETE together: the user guide says so, and that the
    /// documented configuration keeps anyone from deleting a whole collection. This test
    /// fails the day either changes, so the guide can be corrected.
    @Test("what the rights file cannot stop: Bob may replace or delete an inbox item whose name he knows, not the inbox")
    func inboxLimits() throws {
        let path = "/alice/inbox/reply.ics"
        #expect(try put(path, as: "bob", Self.event("reply-1", "Yes")).status == 201)
        #expect([201, 204].contains(try put(path, as: "bob", Self.event("reply-1", "No")).status))
        #expect(try server.request("GET", path, as: "alice").body.contains("SUMMARY:No"))
        #expect(try server.request("DELETE", path, as: "bob").status == 200)
        // If-None-Match: * makes a writer's PUT fail rather than replace what is there.
        #expect(try put(path, as: "alice", Self.event("reply-1", "Kept")).status == 201)
        let guarded = try server.request(
            "PUT", path, as: "bob", headers: ["Content-Type": "text/calendar", "If-None-Match": "*"],
            body: Self.event("reply-1", "Replaced"))
        #expect(guarded.status == 412)

        #expect(try server.request("DELETE", "/alice/inbox/", as: "bob").status == 403)
        #expect(try list("/alice/inbox/", as: "alice").status == 207)
    }
}

/// The documented configuration makes a new user's collections at their first sign-in.
@Suite("Radicale's documented configuration")
struct RadicaleConfigurationTests {
    @Test("a new user finds calendar, contacts, inbox and public after signing in once")
    func predefinedCollections() throws {
        let server = try RadicaleServer(users: ["carol": "carol-secret"], predefinedCollections: true)
        defer { server.stop() }
        let home = try server.request(
            "PROPFIND", "/carol/", as: "carol", headers: ["Depth": "1"],
            body: #"<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:resourcetype/></D:prop></D:propfind>"#)
        #expect(home.status == 207)
        for name in ["calendar", "contacts", "inbox", "public"] {
            #expect(home.body.contains("/carol/\(name)/"), "\(name) missing: \(home.body)")
        }
        #expect(home.body.contains("addressbook"))
    }

    @Test("passwords hashed with openssl passwd -6, as the guide says, let the right one in and no other")
    func hashedPasswords() throws {
        let server = try RadicaleServer(users: ["erin": "erin's secret"], hashedPasswords: true)
        defer { server.stop() }
        let stored = try String(contentsOf: server.folder.appendingPathComponent("users"), encoding: .utf8)
        #expect(stored.hasPrefix("erin:$6$"))
        #expect(!stored.contains("secret"))
        #expect(try server.request("PROPFIND", "/erin/", as: "erin", headers: ["Depth": "0"]).status == 207)
        #expect(try server.request("PROPFIND", "/erin/", as: "erin", password: "erin's", headers: ["Depth": "0"]).status == 401)
    }

    @Test("a server stopped is gone: its port refuses and its folder is deleted")
    func stopCleansUp() throws {
        let server = try RadicaleServer(users: ["dave": "dave-secret"])
        let folder = server.folder
        #expect(FileManager.default.fileExists(atPath: folder.path))
        #expect(LoopbackPort.accepts(server.port))
        server.stop()
        #expect(!server.isRunning)
        #expect(!LoopbackPort.accepts(server.port))
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }
}
