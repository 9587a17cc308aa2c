import DatebookKit
import DatebookTerminal
import Foundation
import Testing

@testable import DatebookUI

/// Golden text of whole screens at 80×24 and at an odd size, 57×17.
@Suite("Screen snapshots")
struct ScreenSnapshotTests {
    static let sizes = [Size(width: 80, height: 24), Size(width: 57, height: 17)]

    func check(_ app: AppCoordinator, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for size in Self.sizes {
            assertSnapshot(app.render(size: size).grid, named: "\(name)-\(size.width)x\(size.height)",
                           sourceLocation: sourceLocation)
        }
    }

    @Test func eventsList() throws {
        let (app, _) = try Fixtures.app(items: Fixtures.sample)
        check(app, "events-list")
    }

    @Test func emptyList() throws {
        let (app, _) = try Fixtures.app()
        check(app, "events-empty")
    }

    @Test func newMenu() throws {
        let (app, _) = try Fixtures.app(items: Fixtures.sample)
        app.send(.newRequested)
        check(app, "new-menu")
    }

    @Test func formWithErrors() throws {
        let (app, _) = try Fixtures.app()
        app.send(.newRequested, .choose(.event), .nextField, .nextField, .cursorEnd)
        for _ in 0..<5 { app.send(.deleteBackward) }
        app.type("09:00")
        app.send(.save)
        check(app, "form-errors")
    }

    @Test func details() throws {
        let (app, _) = try Fixtures.app(items: Fixtures.sample)
        app.send(.moveTop, .moveDown, .moveDown, .open)
        check(app, "details")
    }

    @Test func history() throws {
        let (app, _) = try Fixtures.app(items: Fixtures.sample)
        app.send(.moveTop, .toggleComplete, .delete, .answerYes, .command(.history))
        check(app, "history")
    }

    @Test func help() throws {
        let (app, _) = try Fixtures.app()
        app.send(.helpRequested)
        check(app, "help")
    }

    /// The help scrolled to the Calendar's keys, which come from the Calendar tab's own bindings.
    @Test func helpCalendarKeys() throws {
        let (app, _) = try Fixtures.app()
        let top = try #require(app.helpLines().firstIndex(of: "Calendar"))
        app.send(.helpRequested)
        for _ in 0..<top { app.send(.moveDown) }
        check(app, "help-calendar")
    }

    /// The Meetings tab's invitations, and one meeting's slots with who said what.
    @Test func meetings() throws {
        let (app, store) = try Fixtures.app()
        try Fixtures.addInvitation(to: store)
        app.send(.switchTab(.meetings))
        check(app, "meetings-invitations")
        app.send(.open)
        check(app, "meeting-details")
        app.send(.command(.meetingVote), .moveDown, .command(.voteMaybe))
        check(app, "meeting-voting")
    }

    /// The calendar on the busy Monday, at 80×24 and 120×40, in each view.
    @Test("calendar views", arguments: [Command.showDay, .showWeek, .showAgenda])
    func calendarViews(view: Command) throws {
        let (app, _) = try Fixtures.app(items: Fixtures.calendarSample)
        app.send(.switchTab(.calendar), .command(.goToDate))
        app.type("2026-11-23")
        app.send(.submit, .command(view), .moveDown, .moveDown, .moveDown)
        let name = ["calendar.day": "showDay", "calendar.week": "showWeek", "calendar.agenda": "showAgenda"][view.name]!
        for size in [Size(width: 80, height: 24), Size(width: 120, height: 40)] {
            assertSnapshot(app.render(size: size).grid, named: "calendar-\(name)-\(size.width)x\(size.height)")
        }
    }

    @Test("20×6 still works; smaller says so", arguments: [Size(width: 20, height: 6), Size(width: 19, height: 5)])
    func tiny(size: Size) throws {
        let (app, _) = try Fixtures.app(items: Fixtures.sample)
        assertSnapshot(app.render(size: size).grid, named: "tiny-\(size.width)x\(size.height)")
    }
}

/// The Search tab's screens.
extension ScreenSnapshotTests {
    @Test func searchResults() throws {
        let (app, _) = try Fixtures.app(items: Fixtures.sample + Fixtures.calendarSample)
        app.send(.switchTab(.search))
        app.type("an")
        app.send(.command(.searchResults), .moveDown)
        check(app, "search-results")
    }

    @Test func searchFindsContacts() throws {
        let (app, store) = try Fixtures.app(items: Fixtures.sample + Fixtures.calendarSample)
        var ana = Contact(id: Fixtures.id(900), displayName: "Ana Lima", created: Fixtures.now)
        ana.emails = [LabelledValue("ana.lima@example.org")]
        try store.save(ana)
        var blocked = Contact(id: Fixtures.id(901), displayName: "Anatol Novák", created: Fixtures.now)
        blocked.phones = [LabelledValue("+43 1 555 0101")]
        blocked.relation = .blocked
        try store.save(blocked)
        app.send(.switchTab(.search))
        app.type("ana")
        app.send(.command(.searchResults), .moveBottom)
        check(app, "search-contacts")
    }

    @Test func searchNothingFound() throws {
        let (app, _) = try Fixtures.app(items: Fixtures.sample)
        app.send(.switchTab(.search))
        app.type("zzzq")
        check(app, "search-none")
    }

    @Test func searchEmpty() throws {
        let (app, _) = try Fixtures.app(items: Fixtures.sample)
        app.send(.switchTab(.search))
        check(app, "search-empty")
    }
}
