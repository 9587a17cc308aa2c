import Foundation

/// Writes the iTIP messages of a meeting as iCalendar text (CRLF, folded at 75 octets, times
/// in UTC): what `datebook meeting send` and each answer put in the outbox.
public enum ITIPWriter {
    static let productID = "-//Datebook//Datebook 0.1//EN"

    /// The host's message to invitees: the poll while polling, the event once confirmed, the
    /// cancel once cancelled.
    public static func hostMessage(for meeting: Meeting, at now: Date) -> ITIPMessage {
        let method: ITIPMessage.Method = meeting.state == .cancelled ? .cancel : .request
        var message = ITIPMessage(
            method: method, form: meeting.confirmedSlot == nil ? .poll : .event, uid: meeting.uid,
            sequence: meeting.sequence, organizer: meeting.host)
        message.title = meeting.title
        message.place = meeting.place
        message.notes = meeting.notes
        message.slots = meeting.confirmedSlot.map { [$0] } ?? meeting.slots
        message.people = meeting.invitees.map { .init(person: $0.person, answer: $0.answer, going: $0.going) }
        message.deadline = meeting.deadline
        message.stamp = now
        return message
    }

    /// My answer to the host: my votes or refusal while polling, my acceptance or refusal of
    /// the confirmed time after.
    public static func reply(for meeting: Meeting, from me: MeetingInvitee, at now: Date) -> ITIPMessage {
        var message = ITIPMessage(
            method: .reply, form: meeting.confirmedSlot == nil ? .poll : .event, uid: meeting.uid,
            sequence: meeting.sequence, organizer: meeting.host)
        message.title = meeting.title
        message.slots = meeting.confirmedSlot.map { [$0] } ?? []
        message.people = [.init(person: me.person, answer: me.answer, going: me.going)]
        message.stamp = now
        return message
    }

    /// The message as an iCalendar file.
    public static func text(of message: ITIPMessage) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(productID)", "METHOD:\(message.method.rawValue)"]
        let stamp = "DTSTAMP:" + utc(message.stamp ?? Date())
        func common() {
            lines.append("UID:" + escaped(message.uid))
            lines.append(stamp)
            lines.append("SEQUENCE:\(message.sequence)")
            lines.append(person("ORGANIZER", message.organizer))
            if !message.title.isEmpty { lines.append("SUMMARY:" + escaped(message.title)) }
            if !message.place.isEmpty { lines.append("LOCATION:" + escaped(message.place)) }
            if !message.notes.isEmpty { lines.append("DESCRIPTION:" + escaped(message.notes)) }
        }
        switch message.form {
        case .poll:
            lines.append("BEGIN:VPOLL")
            common()
            if message.method == .cancel { lines.append("STATUS:CANCELLED") }
            if message.method != .reply {
                lines.append("POLL-MODE:BASIC")
                lines.append("POLL-PROPERTIES:DTSTART,DTEND")
                if let deadline = message.deadline { lines.append("DTEND:" + utc(deadline)) }
                for each in message.people { lines.append(person("VOTER", each.person)) }
            }
            for each in message.people where each.answer != .noReply {
                lines.append("BEGIN:VVOTER")
                lines.append(person("VOTER", each.person, status: each.answer == .refused ? "DECLINED" : nil))
                for (slot, vote) in each.answer.votes.sorted(by: { $0.key < $1.key }) {
                    lines += ["BEGIN:VOTE", "POLL-ITEM-ID:\(slot)", "RESPONSE:\(response(vote))", "END:VOTE"]
                }
                lines.append("END:VVOTER")
            }
            if message.method != .reply {
                for slot in message.slots {
                    lines += [
                        "BEGIN:VEVENT", "UID:" + escaped("\(message.uid)-\(slot.id)"), stamp, "POLL-ITEM-ID:\(slot.id)",
                        "DTSTART:" + utc(slot.start), "DTEND:" + utc(slot.end),
                    ]
                    if !message.title.isEmpty { lines.append("SUMMARY:" + escaped(message.title)) }
                    lines.append("END:VEVENT")
                }
            }
            lines.append("END:VPOLL")
        case .event:
            lines.append("BEGIN:VEVENT")
            common()
            if let slot = message.slots.first {
                lines += ["DTSTART:" + utc(slot.start), "DTEND:" + utc(slot.end), "X-DATEBOOK-POLL-ITEM-ID:\(slot.id)"]
            }
            lines.append("STATUS:" + (message.method == .cancel ? "CANCELLED" : "CONFIRMED"))
            for each in message.people {
                lines.append(person("ATTENDEE", each.person, status: partStatus(each), rsvp: message.method == .request))
            }
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.map { ICalendarEncoder.folded(ControlCharacters.inICalendar($0)) }.joined()
    }

    static func partStatus(_ answer: ITIPMessage.Answer) -> String {
        switch (answer.going, answer.answer) {
        case (true, _): return "ACCEPTED"
        case (false, _), (nil, .refused): return "DECLINED"
        default: return "NEEDS-ACTION"
        }
    }

    static func response(_ vote: SlotVote) -> Int {
        switch vote {
        case .yes: return 100
        case .maybe: return 50
        case .no: return 0
        }
    }

    static func person(_ name: String, _ person: MeetingPerson, status: String? = nil, rsvp: Bool = false)
        -> String
    {
        var line = name
        if !person.name.isEmpty { line += ";CN=" + quoted(person.name) }
        if let status { line += ";PARTSTAT=" + status }
        if rsvp { line += ";RSVP=TRUE" }
        return line + ":mailto:" + person.email
    }

    /// A parameter value, quoted when it holds `:`, `;` or `,` (a `"` cannot be written: dropped).
    private static func quoted(_ value: String) -> String {
        let clean = value.replacingOccurrences(of: "\"", with: "")
        return clean.contains(where: { ":;,".contains($0) }) ? "\"\(clean)\"" : clean
    }

    private static func escaped(_ text: String) -> String { ICalendarEncoder.escapedText(text) }

    private static func utc(_ date: Date) -> String { ICalendarEncoder.utcText(date) }
}
