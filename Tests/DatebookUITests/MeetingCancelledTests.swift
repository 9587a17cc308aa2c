import DatebookKit
import DatebookTerminal
import Foundation
import Testing

@testable import DatebookUI

/// A cancelled meeting of mine: cancelling or confirming it again says at once why not, and
/// asks nothing.
@Suite("A cancelled meeting")
struct MeetingCancelledTests {
    @Test("x and c on a cancelled meeting say so at once; nothing is asked or written")
    func cancelledAlready() throws {
        let (app, store) = try Fixtures.app()
        try store.setMe(Me(name: "Alice", email: "alice@example.org"))
        var meeting = Meeting(
            id: UUID(uuidString: "00000000-0000-4000-A000-0000000000CC")!, uid: "gone@example.org",
            title: "Offsite", host: MeetingPerson(name: "Alice", email: "alice@example.org"), hostedByMe: true,
            slots: [MeetingSlot(id: 1, start: Fixtures.date("2026-12-01 10:00"), end: Fixtures.date("2026-12-01 11:00"))],
            invitees: [MeetingInvitee(person: MeetingPerson(name: "Bob", email: "bob@example.org"))],
            created: Fixtures.now)
        try meeting.cancel()
        try store.writeMeetings { batch in try batch.write(meeting) }
        app.send(.switchTab(.meetings), .command(.meetingsNextList), .open)
        #expect(app.mode == .meetingDetails)
        app.send(.command(.meetingCancel))
        #expect(app.status == .error("“Offsite” is cancelled already"))
        #expect(app.mode == .meetingDetails)
        app.send(.command(.meetingConfirm))
        #expect(app.status == .error("“Offsite” is cancelled: there is no time to confirm"))
        #expect(app.mode == .meetingDetails)
    }
}
