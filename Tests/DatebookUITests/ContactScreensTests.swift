import DatebookKit
import DatebookTerminal
import Foundation
import Testing

@testable import DatebookUI

/// The screens pushed over the Contacts list: the profile, the form, the subscription question
/// and the invitation's event form.
@Suite("Contacts tab: profile, form, subscribing and inviting")
struct ContactScreensTests {
    /// The address book of `Fixtures.contacts`, and Ana invited to a past and a coming event
    /// (once as organizer, her address in capitals), plus a deleted one that does not count.
    static func app() throws -> (AppCoordinator, SQLiteStore) {
        var past = Fixtures.event("Site visit", "2026-11-02 10:00", "2026-11-02 12:00", n: 1)
        past.organizer = Participant(address: "mailto:ANA@example.org", name: "Ana")
        var coming = Fixtures.event("Design review", "2026-11-25 14:00", "2026-11-25 15:00", n: 2)
        coming.attendees = [Participant(address: "mailto:bea@example.net"),
                            Participant(address: "mailto:ana@example.org", name: "Ana Lima")]
        var gone = Fixtures.event("Cancelled lunch", "2026-11-26 12:00", "2026-11-26 13:00", n: 3)
        gone.attendees = [Participant(address: "mailto:ana@example.org")]
        let other = Fixtures.event("Alone", "2026-11-25 09:00", "2026-11-25 10:00", n: 4)
        let (app, store) = try Fixtures.app(items: [past, coming, gone, other])
        try store.delete(id: Fixtures.id(3))
        try Fixtures.saveContacts(in: store)
        app.send(.switchTab(.contacts))
        return (app, store)
    }

    static func profileLines(_ app: AppCoordinator) throws -> [String] {
        let page = try #require(app.contacts.profile)
        return page.viewState().lines.map { $0.label.isEmpty ? "  " + $0.value : $0.label + ": " + $0.value }
    }

    @Test("Enter opens the profile: every field, the birthday with the age they turn, relation, items")
    func profile() throws {
        let (app, _) = try Self.app()
        app.send(.open)
        #expect(app.mode == .contactProfile)
        let lines = try Self.profileLines(app)
        #expect(lines == [
            "Nicknames: Aninha",
            "E-mail: work: ana@example.org",
            "Phone: mobile: +55 11 5555 0000",
            "Organisation: Lima & Co",
            "Title: Architect",
            "Birthday: 1990-04-23, turns 37 on Fri 23 Apr 2027",
            "Address: Rua Augusta 12, São Paulo, Brazil",
            "URL: https://ana.example.org",
            "Notes: Met at the conference.",
            "  Likes tea.",
            "Categories: work, friends",
            "Relation: friend",
            "Subscribed: no (s subscribes to their calendar)",
            "Created: Sat 21 Nov 2026 10:17",
            "Changed: Sat 21 Nov 2026 10:17",
            "Coming: Wed 25 Nov 2026 14:00  Design review",
            "Past: Mon 2 Nov 2026 10:00  Site visit",
        ])
        app.send(.back)
        #expect(app.mode == .contacts)
        #expect(app.contacts.list.selected?.displayName == "Ana Lima")
    }

    @Test("the profile shows a subscription's source, last reading and error, and a photo's size")
    func profileOfSubscribed() throws {
        let (app, store) = try Self.app()
        var carl = try #require(try store.contact(id: Fixtures.id(1003)))
        carl.photo = .inline(Data(count: 12 * 1024), mediaType: "image/jpeg")
        try store.save(carl)
        _ = app.handle(.idle)
        app.send(.moveDown, .moveDown, .open)
        let lines = try Self.profileLines(app)
        #expect(lines.contains("Photo: inline image/jpeg, 12 KB"))
        #expect(lines.contains("Subscribed: https://cal.example.org/carl.ics"))
        #expect(lines.contains("Last read: Sat 21 Nov 2026 09:17"))
        #expect(lines.contains("Last error: The server answered 404"))
        // Blocked, the subscription is kept but not read.
        app.send(.command(.contactBlock))
        _ = app.handle(.idle)
        #expect(try Self.profileLines(app).contains(
            "Subscribed: https://cal.example.org/carl.ics (not read while blocked)"))
        // A birthday without a year says when it comes next.
        app.send(.back, .moveUp, .open)
        #expect(try Self.profileLines(app).contains("Birthday: --11-30, next on Mon 30 Nov 2026"))
    }

    @Test("a long profile scrolls like the details page, and Esc comes back to the same row")
    func profileScrolls() throws {
        let (app, _) = try Self.app()
        _ = app.handle(.resize(Size(width: 80, height: 10)))
        app.send(.open)
        let short = app.screen(80, 10)
        #expect(short.contains("more lines (j, PgDn)"))
        app.send(.pageDown, .pageDown, .pageDown)
        let scrolled = app.screen(80, 10)
        #expect(scrolled.contains("Site visit"))
        #expect(!scrolled.contains("Aninha"))
        app.send(.back)
        #expect(app.contacts.list.selected?.displayName == "Ana Lima")
    }

    @Test("a bad e-mail shows under its field with the text kept; fixed, the contact saves and is selected")
    func formWithBadEmail() throws {
        let (app, store) = try Self.app()
        app.send(.command(.contactAdd))
        #expect(app.mode == .contactForm)
        app.type("Zed Zimmer")
        app.send(.nextField, .nextField, .nextField, .nextField)
        #expect(app.contacts.form?.focus == .emails)
        app.type("work: zed@, home: zed@example.org")
        app.send(.nextField, .nextField, .nextField, .nextField)
        app.type("31/2/1990")
        app.send(.save)
        let form = try #require(app.contacts.form)
        #expect(form.errors[.emails] == "“zed@” is not an e-mail address (name@example.org)")
        #expect(form.errors[.birthday] != nil)
        #expect(form.focus == .emails)
        #expect(form.text(of: .emails) == "work: zed@, home: zed@example.org")
        #expect(app.status?.text == "Cannot save: 2 fields need attention")
        #expect(app.screen(100, 30).contains("! “zed@” is not an e-mail address"))

        app.send(.cursorHome)
        for _ in 0..<10 { app.send(.deleteForward) }
        // Changing the e-mails takes their message away, not the birthday's.
        #expect(form.errors[.emails] == nil)
        #expect(form.errors[.birthday] != nil)
        app.type("work: zed@example.com")
        app.send(.nextField, .nextField, .nextField, .nextField, .deleteToStart)
        app.type("apr 23")
        app.send(.save)
        #expect(app.mode == .contacts)
        #expect(app.status?.text == "Saved “Zed Zimmer”")
        let saved = try #require(try store.wholeContacts(ContactQuery(filter: "zimmer")).first)
        #expect(saved.emails == [LabelledValue("zed@example.com", label: "work"),
                                 LabelledValue("zed@example.org", label: "home")])
        #expect(saved.birthday == Birthday(year: nil, month: 4, day: 23))
        #expect(app.contacts.list.selected?.id == saved.id)
    }

    @Test("e edits from the list and the profile; Esc asks before dropping changes")
    func editAndCancel() throws {
        let (app, store) = try Self.app()
        app.send(.open, .edit)
        #expect(app.contacts.form?.text(of: .emails) == "work: ana@example.org")
        app.send(.cursorEnd)
        app.type("x")
        app.send(.back)
        #expect(app.mode == .confirm)
        app.send(.answerNo)
        #expect(app.mode == .contactForm)
        app.send(.deleteBackward, .back)  // nothing changed any more: closes at once
        #expect(app.mode == .contactProfile)
        app.send(.edit)
        app.send(.nextField, .nextField, .nextField, .cursorEnd)
        app.type(", Nina")
        app.send(.save)
        #expect(app.mode == .contactProfile)
        let ana = try #require(try store.contact(id: Fixtures.id(1001)))
        #expect(ana.nicknames == ["Aninha", "Nina"])
        #expect(ana.address?.street == "Rua Augusta 12")  // untouched fields as they were
        #expect(try Self.profileLines(app).contains("Nicknames: Aninha, Nina"))
    }

    @Test("s asks for a file or URL, checks it, subscribes; s again asks to unsubscribe")
    func subscribe() throws {
        let (app, store) = try Self.app()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ana-\(UUID()).ics")
        try "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }

        app.send(.command(.contactSubscribe))
        #expect(app.mode == .contactSubscribe)
        app.type("/no/such/file.ics")
        app.send(.submit)
        #expect(app.status == .error("No file at /no/such/file.ics"))
        #expect(app.mode == .contactSubscribe)
        app.send(.deleteToStart)
        app.type("ftp://example.org/a.ics")
        app.send(.submit)
        #expect(app.status?.kind == .error)
        app.send(.deleteToStart)
        app.type(file.path)
        app.send(.submit)
        #expect(app.mode == .contacts)
        #expect(try store.contact(id: Fixtures.id(1001))?.subscription?.source == .file(path: file.path))
        #expect(app.contacts.list.selected?.isSubscribed == true)

        app.send(.command(.contactSubscribe))
        #expect(app.mode == .confirm)
        app.send(.answerYes)
        #expect(try store.contact(id: Fixtures.id(1001))?.subscription == nil)

        // A URL is taken as typed.
        app.send(.command(.contactSubscribe))
        app.type("https://cal.example.org/ana.ics")
        app.send(.submit)
        #expect(try store.contact(id: Fixtures.id(1001))?.subscription?.source.description
                == "https://cal.example.org/ana.ics")
    }

    @Test("i opens the new-event form with the contact as attendee, saved as ATTENDEE with CN and mailto")
    func invite() throws {
        let (app, store) = try Self.app()
        app.send(.command(.contactInvite))
        #expect(app.mode == .form)
        #expect(app.screen(100, 30).contains("New event with Ana Lima <ana@example.org>"))
        app.type("Coffee with Ana")
        app.send(.save)
        #expect(app.mode == .contacts)
        let saved = try #require(try store.activeItems(offset: 0, limit: 50).first { $0.title == "Coffee with Ana" })
        #expect(saved.attendees.map(\.address) == ["mailto:ana@example.org"])
        #expect(saved.attendees.first?.name == "Ana Lima")
        let text = try ICalendarExporter(reader: store).exportString().replacingOccurrences(of: "\r\n ", with: "")
        #expect(text.contains("ATTENDEE;CN=Ana Lima"))
        #expect(text.contains(":mailto:ana@example.org"))
        // The invitation is among the events Ana takes part in.
        app.send(.open)
        #expect(try Self.profileLines(app).contains { $0.hasSuffix("Coffee with Ana") })
    }

    @Test("the birthday says the age they are today, or turn next; 29 February in other years on 1 March")
    func birthdayAges() throws {
        let (_, store) = try Self.app()
        let ana = try #require(try store.contact(id: Fixtures.id(1001)))
        let page = ContactProfilePresenter(contact: ana, store: store, clock: .fixed(Fixtures.now),
                                           dates: DateText(calendar: Fixtures.calendar))
        #expect(page.birthdayText(Birthday(year: 1990, month: 11, day: 21)!, now: Fixtures.now)
                == "1990-11-21, 36 today")
        #expect(page.birthdayText(Birthday(year: 1990, month: 11, day: 22)!, now: Fixtures.now)
                == "1990-11-22, turns 36 on Sun 22 Nov 2026")
        #expect(page.birthdayText(Birthday(year: 1992, month: 2, day: 29)!, now: Fixtures.now)
                == "1992-02-29, turns 35 on Mon 1 Mar 2027")
        #expect(page.birthdayText(Birthday(year: nil, month: 1, day: 2)!, now: Fixtures.now)
                == "--01-02, next on Sat 2 Jan 2027")
    }

    @Test("i on a contact without e-mail says so and still opens the form with the name")
    func inviteWithoutEmail() throws {
        let (app, _) = try Self.app()
        app.send(.moveBottom, .command(.contactInvite))
        #expect(app.mode == .form)
        #expect(app.status?.text == "“王小明” has no e-mail address: named in the title, not invited")
        #expect(app.tab(ContactsCoordinator.self)?.flow.form?.text(of: .title) == "With 王小明")
    }

    @Test("n then c, from any tab, opens the contact form in the Contacts tab")
    func newContactFromTheMenu() throws {
        let (app, _) = try Self.app()
        app.send(.switchTab(.events), .newRequested, .choose(.contact))
        #expect(app.activeTab == .contacts)
        #expect(app.mode == .contactForm)
        #expect(app.contacts.form?.isEditing == false)
    }
}
