import DatebookKit
import Foundation

/// The inbox's reader: meeting messages Datebook writes (a poll, a reply, a confirmed time, a
/// cancel), one from another program, and contact requests with their answers, mutated line by
/// line, read, and applied to a store holding the meeting they are about.
///
/// Oracle: besides crashes and time, every meeting the store holds afterwards must still be a
/// meeting the store would accept (`Meeting.problems()` empty), its lists must read, and every
/// contact a message made must have a name.
struct MeetingMessageTarget: FuzzTarget {
    let name = "itip"
    let fileExtension = "ics"
    let stores = ReusedStore(now: Self.now, timeZone: TimeZone(identifier: "Europe/Berlin")!)
    /// The seed messages, each as its lines.
    let seeds: [[[UInt8]]]

    static let now = Date(timeIntervalSince1970: 1_795_338_000)
    static let me = Me(name: "Alice", email: "alice@example.org")

    /// A meeting Alice hosts, with Bob and Carol invited: what the seeds are about.
    static var hosted: Meeting {
        let slots = (1...3).map { n in
            MeetingSlot(id: n, start: now.addingTimeInterval(Double(n) * 86_400),
                        end: now.addingTimeInterval(Double(n) * 86_400 + 3_600))
        }
        var meeting = Meeting(
            id: UUID(uuidString: "00000000-0000-4000-B000-000000000001")!, uid: "fuzz-meeting",
            title: "Planning; notes, \"quoted\"", host: me.person, hostedByMe: true, slots: slots,
            invitees: [MeetingInvitee(person: MeetingPerson(name: "Bob", email: "bob@example.org")),
                       MeetingInvitee(person: MeetingPerson(name: "Carol, C.", email: "carol@example.org"))],
            created: now)
        meeting.place = "Room 4"
        meeting.notes = "Line one\nline two"
        return meeting
    }

    init() {
        var seeds: [String] = []
        var meeting = Self.hosted
        seeds.append(ITIPWriter.text(of: ITIPWriter.hostMessage(for: meeting, at: Self.now)))
        var voter = meeting.invitees[0]
        voter.answer = .voted([1: .yes, 2: .maybe, 3: .no])
        seeds.append(ITIPWriter.text(of: ITIPWriter.reply(for: meeting, from: voter, at: Self.now)))
        try? meeting.confirm(slot: 2)
        seeds.append(ITIPWriter.text(of: ITIPWriter.hostMessage(for: meeting, at: Self.now)))
        voter.going = true
        seeds.append(ITIPWriter.text(of: ITIPWriter.reply(for: meeting, from: voter, at: Self.now)))
        try? meeting.cancel()
        seeds.append(ITIPWriter.text(of: ITIPWriter.hostMessage(for: meeting, at: Self.now)))
        seeds.append("""
            BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:tb-1@example.net\r\nSEQUENCE:2\r
            ORGANIZER;CN="Dana, Ops":mailto:dana@example.net\r
            ATTENDEE;CN=Alice;PARTSTAT=NEEDS-ACTION:mailto:alice@example.org\r\nSUMMARY:Budget\r
            DTSTART;TZID=Europe/Berlin:20261204T150000\r\nDURATION:PT1H30M\r\nBEGIN:VALARM\r\nTRIGGER:-PT15M\r
            END:VALARM\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n
            """)
        // Contact requests and their answers, from Bob to Alice.
        let bob = MeetingPerson(name: "Bob", email: "bob@example.org")
        for kind in ContactMessage.Kind.allCases {
            seeds.append(ContactMessage(kind: kind, from: bob, to: Self.me.person, uid: "contact-\(kind.rawValue)", stamp: Self.now).text)
        }
        self.seeds = seeds.map { ICalendarTarget.lines(Array($0.utf8)) }
    }

    func input(seed: UInt64, index: Int) -> [UInt8] {
        var dice = Dice(seed: seed, salt: 4, index: index)
        return LineMutations.input(dice.pick(seeds), &dice, lineEnd: { _ in [0x0D, 0x0A] }, mutate: mutate)
    }

    /// Values that stress what the reader turns into numbers, dates and people.
    static let values = ["-1", "0", "2147483648", "99999999999999999999", "1e9", "", " ", "NaN", "50", "101",
                         "20261301T250000Z", "00000101T000000Z", "99991231T235959Z", "20261204", "PT0S", "P-1D",
                         "mailto:", "mailto:@", "x@y", "\u{1B}]0;x\u{07}", String(repeating: "A", count: 70_000)]

    private func mutate(_ lines: inout [[UInt8]], _ dice: inout Dice) {
        guard !lines.isEmpty else {
            lines.append(Array("BEGIN:VCALENDAR".utf8))
            return
        }
        let at = dice.int(0...lines.count - 1)
        // Up to 600 times: 500 slots, 500 voters.
        let roll = dice.int(0...9)
        if LineMutations.reshape(&lines, at: at, roll: roll, most: 600, &dice) { return }
        switch roll {
        case 4, 5, 6: LineMutations.replaceValue(&lines, at: at, with: Self.values, &dice)
        case 7:  // nesting
            let name = dice.pick(["VEVENT", "VPOLL", "VVOTER", "VOTE", "VALARM", "VCALENDAR", "X-FOO"])
            let depth = dice.oneIn(5) ? dice.int(5...3000) : dice.few(3)
            lines.insert(contentsOf: Array(repeating: Array("BEGIN:\(name)".utf8), count: depth), at: at)
        case 8:  // a method Datebook does or does not read
            let method = dice.pick(["REQUEST", "REPLY", "CANCEL", "PUBLISH", "COUNTER", "", "request"])
            lines.insert(Array("METHOD:\(method)".utf8), at: min(lines.count, 1))
        default:
            LineMutations.addParameter(&lines, at: at, from: [
                ";PARTSTAT=DECLINED", ";PARTSTAT=ACCEPTED", ";CN=\"x:y\"", ";CN=", ";TZID=Nowhere/Zone",
                ";VALUE=DATE", ";TZID=Europe/Berlin", ";X=\"unterminated",
            ], &dice)
        }
    }

    func run(_ input: [UInt8]) -> String? {
        let store = stores.fresh(for: input)
        do {
            try store.setMe(Self.me)
            _ = try store.writeMeetings { batch in try batch.write(Self.hosted) }
        } catch {
            return "the seed meeting cannot be stored: \(error)"
        }
        // As a sync's inbox or `datebook inbox` reads it; a refusal is an answer, not a failure.
        _ = try? InboxFile.apply(Data(input), to: store)
        do {
            for meeting in try store.allMeetings() {
                let problems = meeting.problems()
                if !problems.isEmpty { return "a stored meeting is not valid: \(problems.joined(separator: "; "))" }
            }
            for list in MeetingList.allCases {
                _ = try store.meetings(list, at: Self.now, offset: 0, limit: 50)
            }
            for contact in try store.wholeContacts(ContactQuery()) where contact.displayName.allSatisfy(\.isWhitespace) {
                return "a contact message made a contact without a name: \(contact.emails.map(\.value))"
            }
        } catch {
            return "the meetings cannot be read back: \(error)"
        }
        return nil
    }
}
