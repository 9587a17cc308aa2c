import DatebookKit
import DatebookTerminal
import Foundation
import Testing

@testable import DatebookUI

/// Contacts in the Search tab: a row with the name and the e-mail or phone after the items,
/// the kind filter, and Enter asking the Contacts tab to show the contact.
@Suite("Search tab: contacts")
struct SearchContactsTests {
    /// A Contacts tab that only records what it was asked to show.
    final class ContactsProbe: TabCoordinator {
        static var registration: TabRegistration {
            TabRegistration(id: .contacts, title: "Contacts", keyMaps: []) { _ in ContactsProbe() }
        }

        private(set) var shown: [UUID] = []
        var mode: Mode { .list }
        func handle(_ intent: Intent) -> TabResponse { .ignored }
        /// Shows nothing: as if the contact were gone.
        func reveal(_ id: UUID) -> Bool {
            shown.append(id)
            return false
        }
        func render(into grid: inout Grid, area: Rect) -> Drawing<Never> {
            grid.put(" Showing \(shown.count)", x: area.x, y: area.y, maxWidth: area.width)
            return Drawing()
        }
    }

    func app(tabs: TabRegistry = .standard) throws -> (AppCoordinator, Contact) {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixtures.now), ids: .sequential())
        for item in Fixtures.sample { try store.save(item) }
        var ana = Contact(id: Fixtures.id(900), displayName: "Ana Lima", created: Fixtures.now)
        ana.emails = [LabelledValue("ana.lima@example.org")]
        ana = try store.save(ana)
        var blocked = Contact(id: Fixtures.id(901), displayName: "Anatol Blocked", created: Fixtures.now)
        blocked.phones = [LabelledValue("+43 1 555 0101")]
        blocked.relation = .blocked
        try store.save(blocked)
        let app = AppCoordinator(store: store, clock: .fixed(Fixtures.now), ids: .sequential(),
                                 calendar: Fixtures.calendar, tabs: tabs)
        app.send(.switchTab(.search))
        return (app, ana)
    }

    func search(_ app: AppCoordinator) -> SearchCoordinator { app.tab(SearchCoordinator.self)! }

    func contactRows(_ app: AppCoordinator) -> [SearchContactRowState] {
        search(app).presenter.viewState(queryFocused: true).lines.compactMap { line in
            if case .contact(_, let row) = line { return row } else { return nil }
        }
    }

    @Test("a contact's row shows its name and e-mail or phone, after the items, a blocked one marked")
    func contactRow() throws {
        let (app, _) = try app()
        app.type("ana")
        let lines = search(app).presenter.viewState(queryFocused: true, height: 20).lines
        let headings = lines.compactMap { line -> String? in
            if case .heading(let text) = line { return text } else { return nil }
        }
        #expect(headings.last == "Contacts (2)")
        let rows = contactRows(app)
        #expect(rows.map(\.name) == ["Ana Lima", "Anatol Blocked"])
        #expect(rows.map(\.side) == ["ana.lima@example.org", "+43 1 555 0101"])
        #expect(rows.map(\.mark) == ["", "blocked"])
        #expect(rows.first?.nameMatches == [0..<3])
        let screen = app.render(size: Size(width: 80, height: 24)).grid.text()
        #expect(screen.contains("Ana Lima"))
        #expect(screen.contains("ana.lima@example.org"))
        #expect(screen.contains("blocked Anatol Blocked"))
    }

    @Test("the kind filter shows contacts alone")
    func kindFilter() throws {
        let (app, _) = try app()
        app.type("lima")
        #expect(search(app).presenter.results.contactHits.count == 1)
        for _ in 0..<4 { app.send(.command(.searchKind)) }
        #expect(search(app).presenter.viewState(queryFocused: true).filters.hasPrefix("Kind: contacts"))
        #expect(search(app).presenter.results.hits.isEmpty)
        #expect(search(app).presenter.results.contactHits.map(\.contact.displayName) == ["Ana Lima"])
    }

    @Test("Enter on a contact puts the Contacts tab on screen, showing that contact's profile")
    func enterShowsTheContact() throws {
        let (app, ana) = try app()
        app.type("lima")
        app.send(.command(.searchResults))
        #expect(search(app).presenter.selectedContact?.contact.id == ana.id)
        app.send(.open)
        #expect(app.activeTab == .contacts)
        #expect(app.mode == .contactProfile)
        let screen = app.render(size: Size(width: 80, height: 24)).grid.text()
        #expect(screen.contains("Ana Lima"))
        #expect(screen.contains("ana.lima@example.org"))
        // The search is as it was.
        app.send(.switchTab(.search))
        #expect(search(app).presenter.field.text == "lima")
        #expect(search(app).presenter.selectedContact?.contact.id == ana.id)
    }

    @Test("when the Contacts tab cannot show the contact, Search stays and says so")
    func enterWhenItCannotBeShown() throws {
        let tabs = TabRegistry(tabs: TabRegistry.standard.tabs.map {
            $0.id == .contacts ? ContactsProbe.registration : $0
        })
        let (app, ana) = try app(tabs: tabs)
        app.type("lima")
        app.send(.command(.searchResults), .open)
        #expect(app.tab(ContactsProbe.self)?.shown == [ana.id])
        #expect(app.activeTab == .search)
        #expect(app.status?.text == "That is no longer here")
    }
}
