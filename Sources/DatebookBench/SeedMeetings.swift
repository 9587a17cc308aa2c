import DatebookKit
import Foundation

/// Seeds `count` meetings of 10 invitees and 5 slots each (deterministically): a third hosted
/// by me, the rest invitations, some confirmed, some out of date; votes on about half.
func seedMeetings(_ count: Int, into store: SQLiteStore, at now: Date) throws {
    var generator = SplitMix(seed: 11)
    let me = Me(name: "Bench Me", email: "me@example.org")
    try store.setMe(me)
    let words = ["Planning", "Review", "Retro", "Lunch", "Sync", "Workshop", "会议", "Offsite"]
    try store.writeMeetings { batch in
        for n in 0..<count {
            let hosted = n % 3 == 0
            let host = hosted ? me.person : MeetingPerson(name: "Host \(n)", email: "host\(n)@example.org")
            let dayOffset = Int(generator.next() % 120) - 30
            let slots = (1...5).map { slot -> MeetingSlot in
                let start = now.addingTimeInterval(TimeInterval(dayOffset + slot) * 86_400 + 9 * 3_600)
                return MeetingSlot(id: slot, start: start, end: start.addingTimeInterval(3_600))
            }
            var invitees = (0..<9).map { MeetingInvitee(person: MeetingPerson(name: "Guest \($0)", email: "guest\($0)@example.org")) }
            if !hosted { invitees.append(MeetingInvitee(person: me.person)) } else {
                invitees.append(MeetingInvitee(person: MeetingPerson(name: "Guest 9", email: "guest9@example.org")))
            }
            var meeting = Meeting(
                id: UUID(uuidString: String(format: "00000000-0000-4000-A000-%012X", n))!,
                title: "\(words[Int(generator.next() % UInt64(words.count))]) \(n)", host: host, hostedByMe: hosted,
                slots: slots, invitees: invitees, created: now)
            for index in invitees.indices where generator.next() % 2 == 0 {
                meeting.invitees[index].answer = .voted(Dictionary(uniqueKeysWithValues: slots.map {
                    ($0.id, SlotVote.allCases[Int(generator.next() % 3)])
                }))
            }
            if generator.next() % 4 == 0 { meeting.state = .confirmed(slot: 1 + Int(generator.next() % 5)) }
            try batch.write(meeting)
        }
    }
}
