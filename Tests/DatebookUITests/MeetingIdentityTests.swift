import DatebookKit
import DatebookTerminal
import Foundation
import Testing

@testable import DatebookUI

/// The Meetings tab asks who I am the first time it needs to (a meeting saved, a vote), and then
/// does what I was doing: no key to press again.
@Suite("Saying who I am, then going on")
struct MeetingIdentityTests {
    func sayWhoIAm(_ app: AppCoordinator) {
        #expect(app.mode == .meetingPrompt)
        app.type("Alice")
        app.send(.submit)
        app.type("alice@example.org")
        app.send(.submit)
    }

    @Test("saving a new meeting before I said who I am asks, then saves it")
    func saveAfterSaying() throws {
        let (app, store) = try Fixtures.app()
        app.send(.switchTab(.meetings), .newRequested, .choose(.groupMeeting))
        app.type("Offsite")
        app.send(.nextField, .nextField)
        app.type("mon 10-12")
        app.send(.nextField, .nextField)
        app.type("dan@example.org")
        app.send(.save)
        #expect(app.status?.text == "Say who you are first (invitees see it); then the meeting is saved")
        sayWhoIAm(app)
        #expect(app.status?.text.hasPrefix("Created “Offsite”.") == true, "\(String(describing: app.status))")
        #expect(app.mode == .meetings)
        #expect(try store.me() == Me(name: "Alice", email: "alice@example.org"))
        let meetings = try #require(app.tab(MeetingsCoordinator.self))
        #expect(meetings.form == nil)
        // Shown where it now is: the list I host, selected.
        #expect(meetings.presenter.list == .hosting)
        #expect(meetings.presenter.selected?.title == "Offsite")
    }

    @Test("voting before I said who I am asks, then starts the vote; Esc on the question does nothing more")
    func voteAfterSaying() throws {
        let (app, store) = try Fixtures.app()
        try Fixtures.addInvitation(to: store, sayingWhoIAm: false)
        // Until I say who I am, no meeting is my invitation: Search finds it.
        app.send(.switchTab(.search))
        app.type("plann")
        app.send(.command(.searchResults), .open)
        #expect(app.mode == .meetingDetails)
        app.send(.command(.meetingVote))
        #expect(app.status?.text == "Say who you are first; then you vote")
        app.send(.back)
        #expect(app.mode == .meetingDetails)
        app.send(.command(.meetingVote))
        sayWhoIAm(app)
        #expect(app.mode == .meetingVote)
        #expect(app.status?.text.hasPrefix("Space or → changes the vote") == true, "\(String(describing: app.status))")
    }
}
