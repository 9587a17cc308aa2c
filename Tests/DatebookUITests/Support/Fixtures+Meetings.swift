import DatebookKit
import Foundation

extension Fixtures {
    /// Sets me to Alice and puts in an invitation from Bob: "Planning", three times next week,
    /// Carol has voted, Alice has not.
    static func addInvitation(to store: SQLiteStore, sayingWhoIAm: Bool = true) throws {
        if sayingWhoIAm { try store.setMe(Me(name: "Alice", email: "alice@example.org")) }
        let slots = [("2026-11-24 10:00", "2026-11-24 11:00"), ("2026-11-25 14:00", "2026-11-25 15:00"),
                     ("2026-11-26 09:00", "2026-11-26 10:30")].enumerated().map { index, times in
            MeetingSlot(id: index + 1, start: date(times.0), end: date(times.1))
        }
        var meeting = Meeting(
            id: UUID(uuidString: "00000000-0000-4000-A000-000000000001")!, uid: "planning@example.org",
            title: "Planning", host: MeetingPerson(name: "Bob", email: "bob@example.org"), hostedByMe: false,
            slots: slots,
            invitees: [
                MeetingInvitee(person: MeetingPerson(name: "Alice", email: "alice@example.org")),
                // A CJK name: its initial is two columns wide, and the grid stays in line.
                MeetingInvitee(person: MeetingPerson(name: "会田 健", email: "aida@example.jp"),
                               answer: .voted([1: .no, 2: .yes, 3: .yes])),
                MeetingInvitee(person: MeetingPerson(name: "Carol", email: "carol@example.org"),
                               answer: .voted([1: .yes, 2: .maybe, 3: .no])),
            ], created: now)
        meeting.place = "Room 4"
        try store.writeMeetings { batch in try batch.write(meeting) }
    }
}
