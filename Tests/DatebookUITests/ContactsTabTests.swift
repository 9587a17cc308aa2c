import DatebookKit
import DatebookTerminal
import Foundation
import Testing

@testable import DatebookUI

/// The Contacts tab's lists: sections and marks, the filter, switching lists, answering requests,
/// blocking, deleting and restoring, and the selection kept across the store's changes.
@Suite("Contacts tab: the lists")
struct ContactsTabTests {
    static func app() throws -> (AppCoordinator, SQLiteStore) {
        let (app, store) = try Fixtures.app()
        try Fixtures.saveContacts(in: store)
        app.send(.switchTab(.contacts))
        return (app, store)
    }


    /// The lines on screen, as `A` for a header and `Name [marks]` for a row.
    static func lines(_ app: AppCoordinator) -> [String] {
        app.contacts.list.viewState(height: 30).lines.map { line in
            switch line {
            case .section(let letter): return String(letter)
            case .row(_, let row): return ([row.name] + row.marks).joined(separator: " ")
            }
        }
    }

    static func selectedName(_ app: AppCoordinator) -> String? { app.contacts.list.selected?.displayName }

    @Test("rows sort by name under letter headers, `#` last, each with its marks and first e-mail or phone")
    func sectionsAndMarks() throws {
        let (app, _) = try Self.app()
        #expect(app.mode == .contacts)
        #expect(Self.lines(app) == [
            "A", "Ana Lima friend",
            "B", "Beatriz Souza request",
            "C", "Carl Berg subscribed",
            "D", "The Doors pending",
            "E", "Émile Zola blocked",
            "#", "王小明",
        ])
        let rows = app.contacts.list.viewState(height: 30).lines.compactMap { line -> ContactRowState? in
            if case .row(_, let row) = line { return row } else { return nil }
        }
        #expect(rows.map(\.detail) == ["ana@example.org", "bea@example.net", "030 1234567", "doors@example.com",
                                       "emile@example.fr", "+86 10 1234 5678"])
        #expect(app.contacts.list.viewState().count == "6 contacts")
    }

    @Test("j/k/G/g move as in the Events list; a click selects a row")
    func moving() throws {
        let (app, _) = try Self.app()
        app.send(.moveDown, .moveDown)
        #expect(Self.selectedName(app) == "Carl Berg")
        app.send(.moveBottom)
        #expect(Self.selectedName(app) == "王小明")
        app.send(.moveUp)
        #expect(Self.selectedName(app) == "Émile Zola")
        app.send(.moveTop)
        #expect(Self.selectedName(app) == "Ana Lima")
        // Row 4 (The Doors) is on the screen's line 2 (tab bar) + 2 (header) + 7 (three
        // headers and rows before it).
        let frame = app.render(size: Size(width: 80, height: 24))
        let line = frame.grid.text().split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("The Doors") }
        let y = try #require(line)
        _ = app.handle(.mouse(MouseEvent(action: .click, position: Point(x: 10, y: y))))
        #expect(Self.selectedName(app) == "The Doors")
    }

    @Test("/ filters as it is typed (name, e-mail, phone, organisation) with the count; Esc clears it")
    func filter() throws {
        let (app, _) = try Self.app()
        app.send(.command(.contactFilter))
        #expect(app.mode == .contactFilter)
        app.type("lima")
        #expect(Self.lines(app) == ["A", "Ana Lima friend"])
        #expect(app.contacts.list.viewState().count == "1 of 6 contacts")
        app.send(.deleteWordBackward)
        app.type("5555")  // Ana's phone, written "+55 11 5555 0000"
        #expect(Self.lines(app) == ["A", "Ana Lima friend"])
        app.send(.deleteWordBackward)
        app.type("example.org")
        #expect(Self.lines(app) == ["A", "Ana Lima friend"])
        app.send(.deleteWordBackward)
        app.type("emile")
        #expect(Self.lines(app) == ["E", "Émile Zola blocked"])
        app.send(.submit)  // keeps the filter, back to the list
        #expect(app.mode == .contacts)
        #expect(app.screen().contains("Filter: emile"))
        app.send(.command(.contactClearFilter))
        #expect(Self.lines(app).count == 12)
        app.send(.command(.contactFilter))
        app.type("zzz")
        #expect(app.screen().contains("No contact matches “zzz”."))
        app.send(.back)
        #expect(app.mode == .contacts)
        #expect(app.contacts.list.filter.text.isEmpty)
        #expect(Self.lines(app).count == 12)
    }

    @Test("[ ] and ←/→ switch between All, Requests, Blocked and Deleted, named in the header")
    func lists() throws {
        let (app, _) = try Self.app()
        app.send(.command(.contactNextList))
        #expect(app.mode == .contactRequests)
        #expect(Self.lines(app) == ["B", "Beatriz Souza request", "D", "The Doors pending"])
        app.send(.command(.contactNextList))
        #expect(Self.lines(app) == ["E", "Émile Zola blocked"])
        app.send(.command(.contactNextList))
        #expect(app.mode == .deletedContacts)
        #expect(Self.lines(app) == ["D", "Dora Gone"])
        app.send(.command(.contactNextList))
        #expect(app.contacts.list.list == .all)
        app.send(.command(.contactPreviousList))
        #expect(app.contacts.list.list == .deleted)
        let table = KeyTable.standard
        #expect(table.intent(for: .right, in: .contacts) == .command(.contactNextList))
        #expect(table.intent(for: .char("["), in: .deletedContacts) == .command(.contactPreviousList))
    }

    @Test("r asks a contact to be contacts and a answers a request: each leaves its message in the outbox")
    func requestsAsMessages() throws {
        let (app, store) = try Self.app()
        try store.setMe(Me(name: "Me", email: "me@example.org"))
        let outbox = store.outbox.folder
        try? FileManager.default.removeItem(atPath: outbox)
        defer { try? FileManager.default.removeItem(atPath: outbox) }
        let ana = try #require(try store.wholeContacts(ContactQuery()).first { $0.displayName == "Ana Lima" })
        try store.setRelation(.none, of: ana.id)
        _ = app.handle(.idle)
        #expect(Self.selectedName(app) == "Ana Lima")
        app.send(.command(.contactRequest))
        #expect(app.status?.text == "Asked “Ana Lima” to be contacts (pending); the message goes at the next sync (S)")
        #expect(try store.contact(id: ana.id)?.relation == .requestSent)
        app.send(.command(.contactNextList))
        app.send(.moveTop)
        #expect(Self.selectedName(app) == "Ana Lima")  // pending now, in Requests
        app.send(.moveDown)
        #expect(Self.selectedName(app) == "Beatriz Souza")
        app.send(.command(.contactAccept))
        #expect(try store.contact(id: Fixtures.id(1002))?.relation == .friend)
        let files = try FileManager.default.contentsOfDirectory(atPath: outbox).sorted()
        #expect(files.count == 2)
        #expect(files.contains { $0.hasPrefix("contact-request-to-ana@example.org-") })
        #expect(files.contains { $0.hasPrefix("contact-accept-to-") })
    }

    @Test("in Requests, a accepts a received request (a friend now) and d declines one (the contact stays)")
    func acceptAndDecline() throws {
        let (app, store) = try Self.app()
        app.send(.command(.contactNextList))
        #expect(Self.selectedName(app) == "Beatriz Souza")
        app.send(.command(.contactAccept))
        // Before I say who I am, only this database knows.
        #expect(app.status?.text == "“Beatriz Souza” is a friend now; they are not told until you set who you are (datebook me)")
        #expect(try store.contact(id: Fixtures.id(1002))?.relation == .friend)
        #expect(Self.lines(app) == ["D", "The Doors pending"])
        // A sent request cannot be accepted by me.
        app.send(.command(.contactAccept))
        #expect(app.status?.kind == .error)
        #expect(try store.contact(id: Fixtures.id(1004))?.relation == .requestSent)

        try store.setRelation(.requestReceived, of: Fixtures.id(1002))
        _ = app.handle(.idle)
        #expect(Self.selectedName(app) == "The Doors")  // the selection stays where it was
        app.send(.moveTop)
        #expect(Self.selectedName(app) == "Beatriz Souza")
        app.send(.command(.contactDecline))
        #expect(try store.contact(id: Fixtures.id(1002))?.relation == ContactRelation.none)
        #expect(try store.contact(id: Fixtures.id(1002))?.status == .active)
        app.send(.command(.contactPreviousList))
        #expect(Self.lines(app).contains("Beatriz Souza"))
    }

    @Test("b blocks without asking and keeps every field and the subscription; b again unblocks")
    func block() throws {
        let (app, store) = try Self.app()
        app.send(.moveDown, .moveDown)
        let before = try #require(try store.contact(id: Fixtures.id(1003)))
        app.send(.command(.contactBlock))
        #expect(app.status?.text.hasPrefix("Blocked “Carl Berg”") == true)
        let blocked = try #require(try store.contact(id: Fixtures.id(1003)))
        #expect(blocked.relation == .blocked)
        #expect(blocked.subscription == before.subscription)
        #expect(blocked.phones == before.phones)
        #expect(Self.lines(app).contains("Carl Berg blocked subscribed"))
        #expect(Self.selectedName(app) == "Carl Berg")
        app.send(.command(.contactBlock))
        #expect(app.status?.text == "Unblocked “Carl Berg”")
        #expect(try store.contact(id: Fixtures.id(1003))?.relation == ContactRelation.none)
    }

    @Test("a friend blocked and unblocked is a friend again")
    func unblockedFriend() throws {
        let (app, store) = try Self.app()
        #expect(Self.selectedName(app) == "Ana Lima")
        #expect(try store.contact(id: Fixtures.id(1001))?.relation == .friend)
        app.send(.command(.contactBlock))
        #expect(try store.contact(id: Fixtures.id(1001))?.relation == .blocked)
        #expect(Self.lines(app).contains("Ana Lima blocked"))
        app.send(.command(.contactBlock))
        #expect(app.status?.text == "Unblocked “Ana Lima” (a friend again)")
        #expect(try store.contact(id: Fixtures.id(1001))?.relation == .friend)
        #expect(Self.lines(app).contains("Ana Lima friend"))
    }

    @Test("d asks, then moves the contact to Deleted; u there brings it back")
    func deleteAndRestore() throws {
        let (app, store) = try Self.app()
        app.send(.delete)
        #expect(app.mode == .confirm)
        app.send(.answerNo)
        #expect(try store.contact(id: Fixtures.id(1001))?.status == .active)
        app.send(.delete, .answerYes)
        #expect(try store.contact(id: Fixtures.id(1001))?.status == .deleted)
        #expect(!Self.lines(app).contains("Ana Lima friend"))
        app.send(.command(.contactPreviousList))
        #expect(Self.lines(app) == ["A", "Ana Lima friend", "D", "Dora Gone"])
        // In the Deleted list's profile, nothing but coming back.
        app.send(.open, .command(.contactBlock))
        #expect(app.status == .error("“Ana Lima” is deleted: u in the Deleted list brings it back."))
        #expect(try store.contact(id: Fixtures.id(1001))?.relation == .friend)
        app.send(.back, .command(.contactRestore))
        #expect(try store.contact(id: Fixtures.id(1001))?.status == .active)
        #expect(try store.contact(id: Fixtures.id(1001))?.emails.map(\.value) == ["ana@example.org"])
        #expect(Self.lines(app) == ["D", "Dora Gone"])
    }

    @Test("the selected contact stays selected when the store changes around it")
    func selectionSurvivesChanges() throws {
        let (app, store) = try Self.app()
        app.send(.moveDown, .moveDown)
        #expect(Self.selectedName(app) == "Carl Berg")
        _ = try store.save(Contact(id: Fixtures.id(1100), displayName: "Aaron Abel", created: Fixtures.now))
        _ = try store.save(Contact(id: Fixtures.id(1101), displayName: "Bruno Alves", created: Fixtures.now))
        _ = app.handle(.idle)
        #expect(app.contacts.list.count == 8)
        #expect(Self.selectedName(app) == "Carl Berg")
        #expect(app.contacts.list.selection == 4)
    }

    @Test("control characters in a name are drawn inert, and typed into the filter find nothing, calmly")
    func hostileText() throws {
        let (app, store) = try Self.app()
        var evil = Contact(id: Fixtures.id(1200), displayName: "Evil \u{1B}[31mname\u{07}", created: Fixtures.now)
        evil.notes = "line\u{1B}]0;title\u{07}"
        try Fixtures.saveContacts(in: store, [evil])
        _ = app.handle(.idle)
        #expect(app.screen().contains("Evil ␛[31mname␇"))
        app.send(.command(.contactFilter))
        app.type("\u{1}\u{1B}")
        #expect(app.screen().contains("No contact matches"))
        app.send(.back)
        app.send(.moveDown, .moveDown, .moveDown, .moveDown, .moveDown, .open)
        #expect(app.contacts.profile?.contact.id == evil.id)
        #expect(!app.screen().contains("\u{1B}"))
    }
}
