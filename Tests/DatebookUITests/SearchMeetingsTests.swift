import DatebookKit
import DatebookTerminal
import Foundation
import Testing

@testable import DatebookUI

/// Meetings in the Search tab: found by title, place or a person, grouped after contacts,
/// and opened in the Meetings tab.
@Suite("Search finds meetings")
struct SearchMeetingsTests {
    @Test("a meeting is found by its title and by an invitee's address; Enter opens it in the Meetings tab")
    func findAndOpen() throws {
        let (app, store) = try Fixtures.app(items: Fixtures.sample)
        try Fixtures.addInvitation(to: store)
        app.send(.switchTab(.search))
        app.type("plann")
        let screen = app.render(size: Size(width: 80, height: 24)).grid.text()
        #expect(screen.contains("Meetings (1)"))
        #expect(screen.contains("Planning"))
        #expect(screen.contains("Tue 24 Nov · Room 4"))
        for _ in 0..<5 { app.send(.deleteBackward) }
        app.type("carol@exa")
        let byPerson = app.render(size: Size(width: 80, height: 24)).grid.text()
        #expect(byPerson.contains("Tue 24 Nov · carol@exampl"))  // the person who matched
        app.send(.command(.searchResults))
        let search = try #require(app.tab(SearchCoordinator.self))
        #expect(search.presenter.selectedMeeting?.meeting.title == "Planning")
        app.send(.open)
        #expect(app.activeTab == .meetings)
        #expect(app.mode == .meetingDetails)
        #expect(app.render(size: Size(width: 80, height: 24)).grid.text().contains("Who said what"))
    }

    @Test("a cancelled meeting is found only with History; the kind filter can ask for meetings alone")
    func cancelledAndKind() throws {
        let (_, store) = try Fixtures.app()
        try Fixtures.addInvitation(to: store)
        var meeting = try #require(try store.meeting(uid: "planning@example.org"))
        meeting.state = .cancelled
        try store.writeMeetings { batch in try batch.write(meeting) }
        #expect(try store.search(SearchQuery("planning"), at: Fixtures.now).meetingHits.isEmpty)
        var history = SearchQuery("planning")
        history.includeHistory = true
        #expect(try store.search(history, at: Fixtures.now).meetingHits.map(\.meeting.title) == ["Planning"])
        let onlyMeetings = SearchQuery("room", kinds: [.meeting])
        let found = try store.search(onlyMeetings, at: Fixtures.now)
        #expect(found.hits.isEmpty && found.contactHits.isEmpty)
        var filters = SearchFilters()
        for _ in 0..<5 { filters.cycleKind() }
        #expect(filters.kind == .meeting)
    }
}
