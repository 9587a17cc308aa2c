import DatebookKit
import DatebookTerminal
import Foundation
import Testing

@testable import DatebookUI

/// A meeting longer than the screen: its page follows the cursor's slot, and PgDn and PgUp
/// reach who said what and the notes at the bottom.
@Suite("A long meeting scrolls")
struct MeetingDetailsScrollTests {
    /// An invitation from Bob with 30 times in December and 40 invitees (me the first), notes
    /// at the end.
    static func app() throws -> AppCoordinator {
        let (app, store) = try Fixtures.app()
        try store.setMe(Me(name: "Alice", email: "alice@example.org"))
        let day = Fixtures.date("2026-12-01 10:00")
        let slots = (0..<30).map { n in
            MeetingSlot(id: n + 1, start: day.addingTimeInterval(Double(n) * 86_400),
                        end: day.addingTimeInterval(Double(n) * 86_400 + 3_600))
        }
        var meeting = Meeting(
            id: UUID(uuidString: "00000000-0000-4000-A000-000000000030")!, uid: "long@example.org",
            title: "Many slots", host: MeetingPerson(name: "Bob", email: "bob@example.org"), hostedByMe: false,
            slots: slots,
            invitees: [MeetingInvitee(person: MeetingPerson(name: "Alice", email: "alice@example.org"))]
                + (2...40).map { MeetingInvitee(person: MeetingPerson(name: "", email: "p\($0)@example.org")) },
            created: Fixtures.now)
        meeting.notes = "Important notes at the bottom"
        try store.writeMeetings { batch in try batch.write(meeting) }
        _ = app.handle(.resize(Size(width: 80, height: 24)))
        app.send(.switchTab(.meetings))
        return app
    }

    @Test("the cursor's slot stays on screen down to the last one, in the page and in voting")
    func followsTheCursor() throws {
        let app = try Self.app()
        app.send(.open)
        #expect(app.mode == .meetingDetails)
        for _ in 0..<29 { app.send(.moveDown) }
        var screen = app.screen(80, 24)
        #expect(screen.contains("▸ 30. "), "\(screen)")
        #expect(screen.contains("more line"))
        #expect(!screen.contains("Many slots"))
        for _ in 0..<29 { app.send(.moveUp) }
        screen = app.screen(80, 24)
        #expect(screen.contains("Many slots"))
        #expect(screen.contains("▸ 1. "))
        // Voting: the slot voted on is the one shown.
        app.send(.command(.meetingVote))
        for _ in 0..<29 { app.send(.moveDown) }
        app.send(.command(.voteYes))
        screen = app.screen(80, 24)
        let cursorLine = try #require(screen.split(separator: "\n").first { $0.contains("▸ 30. ") })
        #expect(cursorLine.contains("yes"))
    }

    @Test("PgDn reaches who said what and the notes; PgUp comes back to the top")
    func pagesDown() throws {
        let app = try Self.app()
        app.send(.open)
        var pages = 0
        // The keys themselves, as a person presses them.
        while !app.screen(80, 24).contains("Important notes at the bottom") && pages < 10 {
            _ = app.handle(.key(.pageDown))
            pages += 1
        }
        let bottom = app.screen(80, 24)
        #expect(bottom.contains("Important notes at the bottom"))
        #expect(bottom.contains("p40@example.org"))
        #expect(bottom.contains("more above"))
        #expect(pages >= 2)
        for _ in 0..<pages { _ = app.handle(.key(.pageUp)) }
        #expect(app.screen(80, 24).contains("Many slots"))
        // A key that moves the cursor brings its slot back into view.
        for _ in 0..<pages { app.send(.pageDown) }
        app.send(.moveDown)
        #expect(app.screen(80, 24).contains("▸ "))
    }
}
