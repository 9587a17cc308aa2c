import DatebookKit
import DatebookTerminal
import Foundation
import Testing

@testable import DatebookUI

/// The host's counts on a meeting's row: whole where they fit, "voted of invited" where not.
@Suite("A hosted meeting's row")
struct MeetingRowWidthTests {
    /// The app, its store with me as Alice, and a meeting I host with Bob, Carla and Dmitri
    /// invited (not yet written).
    static func hosting(_ title: String, slots: [MeetingSlot]) throws -> (AppCoordinator, SQLiteStore, Meeting) {
        let (app, store) = try Fixtures.app()
        try store.setMe(Me(name: "Alice", email: "alice@example.org"))
        let people = ["Bob", "Carla", "Dmitri"].map { MeetingPerson(name: $0, email: "\($0.lowercased())@example.org") }
        let meeting = Meeting(
            id: UUID(), uid: "\(UUID().uuidString)@example.org", title: title,
            host: MeetingPerson(name: "Alice", email: "alice@example.org"), hostedByMe: true,
            slots: slots, invitees: people.map { MeetingInvitee(person: $0) }, created: Fixtures.now)
        return (app, store, meeting)
    }

    @Test("at 80 columns the counts read 1/3 voted; at 120 each count is spelled out")
    func countsFitTheWidth() throws {
        let (app, store, made) = try Self.hosting(
            "Quarterly planning review with the whole product team",
            slots: [MeetingSlot(id: 1, start: Fixtures.date("2026-12-01 10:00"), end: Fixtures.date("2026-12-01 11:00")),
                    MeetingSlot(id: 2, start: Fixtures.date("2026-12-03 16:00"), end: Fixtures.date("2026-12-03 17:30"))])
        var meeting = made
        meeting.invitees[1].answer = .refused
        meeting.invitees[2].answer = .voted([1: .yes, 2: .no])
        try store.writeMeetings { batch in try batch.write(meeting) }
        app.send(.switchTab(.meetings), .command(.meetingsNextList))
        func row(width: Int) -> String {
            let lines = app.render(size: Size(width: width, height: 12)).grid.text().split(separator: "\n")
            return String(lines.first { $0.contains("Quarterly") } ?? "")
        }
        let narrow = row(width: 80)
        #expect(narrow.hasSuffix("1/3 voted"), "\(narrow)")
        #expect(narrow.contains("Quarterly planning"))
        let wide = row(width: 120)
        #expect(wide.hasSuffix("1 voted · 1 refused · 1 no reply"), "\(wide)")
    }

    @Test("at 80 columns the details page shows the deadline's time, the tally and the whole legend")
    func detailsFitTheWidth() throws {
        let (app, store, made) = try Self.hosting(
            "Quarterly planning review",
            slots: [MeetingSlot(id: 1, start: Fixtures.date("2026-12-01 10:00"), end: Fixtures.date("2026-12-01 11:00"))])
        var meeting = made
        meeting.place = "Room 4.12, North building"
        meeting.deadline = Fixtures.date("2026-12-04 17:00")
        meeting.invitees[2].answer = .voted([1: .yes])
        try store.writeMeetings { batch in try batch.write(meeting) }
        app.send(.switchTab(.meetings), .command(.meetingsNextList), .open)
        let screen = app.render(size: Size(width: 80, height: 24)).grid.text()
        #expect(screen.contains("17:00"), "\(screen)")
        #expect(screen.contains("1 voted"), "\(screen)")
        #expect(screen.contains("2 no reply"), "\(screen)")
        #expect(screen.contains("· no reply"), "\(screen)")
        #expect(!screen.contains("…"), "\(screen)")
    }
}
