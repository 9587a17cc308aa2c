import Foundation

/// A meeting as its form holds it: text, as typed. `meeting(…)` reads it into a meeting with
/// each problem under its field; nothing typed is lost.
public struct MeetingDraft: Equatable, Sendable {
    public enum Field: Hashable, Sendable {
        case title
        case place
        /// One candidate time, by its row.
        case slot(Int)
        case invitees
        case deadline
        case notes
    }

    public var title = ""
    public var place = ""
    /// One text per time; the form keeps an empty last one to add another.
    public var slots: [String] = [""]
    /// People, comma-separated: `Ana Lima <ana@example.org>`, `bob@example.org`, or a contact's name.
    public var invitees = ""
    public var deadline = ""
    public var notes = ""

    public init() {}

    /// The draft of a stored meeting, for its host to edit.
    public init(_ meeting: Meeting, dates: DateText) {
        title = meeting.title
        place = meeting.place
        notes = meeting.notes
        slots = meeting.slots.map { slot in
            let sameDay = dates.calendar.isDate(slot.start, inSameDayAs: slot.end)
            return dates.field(slot.start) + " " + (sameDay ? dates.time(slot.end) : dates.field(slot.end))
        } + [""]
        invitees = meeting.invitees.map { invitee in
            invitee.person.name.isEmpty ? invitee.person.email : "\(invitee.person.name) <\(invitee.person.email)>"
        }.joined(separator: ", ")
        deadline = meeting.deadline.map { dates.field($0) } ?? ""
    }

    /// The people the invitees text names, each as typed (trimmed), in order.
    public static func tokens(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Reads the draft. `contact` finds the person a bare name means (a contact with an
    /// e-mail), nil when none. On success the meeting carries `base`'s id, state and answers
    /// (an edit keeps the votes on times still offered), else the problems by field.
    public func meeting(
        base: Meeting, slotReader: MeetingSlotText, contact: (String) -> MeetingPerson?
    ) -> Result<Meeting, Problems> {
        var problems: [Field: String] = [:]
        var meeting = base
        meeting.title = title.trimmingCharacters(in: .whitespaces)
        meeting.place = place.trimmingCharacters(in: .whitespaces)
        meeting.notes = notes
        if meeting.title.isEmpty { problems[.title] = "A meeting needs a title" }
        var read: [(Int, Date, Date)] = []
        for (row, text) in slots.enumerated() where !text.allSatisfy(\.isWhitespace) {
            do {
                let (start, end) = try slotReader.parse(text)
                // A time already over cannot be voted on (one the meeting had may stay).
                if end <= slotReader.parser.now, !base.slots.contains(where: { $0.start == start && $0.end == end }) {
                    problems[.slot(row)] = "That time is over already"
                    continue
                }
                read.append((row, start, end))
            } catch {
                problems[.slot(row)] = error.description
            }
        }
        if read.isEmpty && problems.isEmpty { problems[.slot(0)] = "Give at least one time (e.g. “tue 10-11”)" }
        if read.count > Meeting.maximumSlots {
            problems[.slot(read[Meeting.maximumSlots].0)] = "At most \(Meeting.maximumSlots) times"
        }
        // A time still offered keeps its number (and the votes on it); a new one gets the next.
        var nextID = base.nextSlotID
        meeting.slots = read.map { _, start, end in
            if let kept = base.slots.first(where: { $0.start == start && $0.end == end }) { return kept }
            defer { nextID += 1 }
            return MeetingSlot(id: nextID, start: start, end: end)
        }
        var people: [MeetingPerson] = []
        var unknown: [String] = []
        for token in Self.tokens(invitees) {
            if let person = Self.person(token) {
                guard Contact.isEmailAddress(person.key) else {
                    unknown.append("“\(person.email)” is not an e-mail address")
                    continue
                }
                people.append(person)
            } else if let found = contact(token) {
                people.append(found)
            } else {
                unknown.append("no contact “\(token)” with an e-mail address")
            }
        }
        if !unknown.isEmpty { problems[.invitees] = unknown.joined(separator: "; ") }
        var seen = Set<String>()
        people = people.filter { seen.insert($0.key).inserted }
        meeting.invitees = people.map { person in
            var invitee = base.invitee(person.email) ?? MeetingInvitee(person: person)
            if case let .voted(votes) = invitee.answer {
                invitee.answer = .voted(votes.filter { vote in meeting.slots.contains { $0.id == vote.key } })
            }
            return invitee
        }
        if deadline.allSatisfy(\.isWhitespace) {
            meeting.deadline = nil
        } else {
            do {
                let until = Self.deadline(try slotReader.parser.parse(deadline), calendar: slotReader.parser.calendar)
                if until <= slotReader.parser.now, until != base.deadline {
                    problems[.deadline] = "That has passed: votes would close before anyone could vote"
                }
                meeting.deadline = until
            } catch {
                problems[.deadline] = error.description
            }
        }
        if problems.isEmpty, let problem = meeting.problems().first {
            problems[.title] = problem
        }
        return problems.isEmpty ? .success(meeting) : .failure(Problems(byField: problems))
    }

    /// When votes close for a deadline as typed: a date alone means the end of that day, as a
    /// date alone in any range does.
    public static func deadline(_ parsed: ParsedDate, calendar: Calendar) -> Date {
        parsed.hasTime ? parsed.date : calendar.date(byAdding: .day, value: 1, to: parsed.date) ?? parsed.date
    }

    /// What is wrong with a draft, by field.
    public struct Problems: Error, Equatable, Sendable {
        public var byField: [Field: String]
    }

    /// "Name <address>" or a bare address; nil for a bare name.
    public static func person(_ text: String) -> MeetingPerson? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix(">"), let open = trimmed.lastIndex(of: "<") {
            let name = trimmed[..<open].trimmingCharacters(in: .whitespaces)
            let email = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
            return MeetingPerson(name: name, email: String(email).trimmingCharacters(in: .whitespaces))
        }
        return trimmed.contains("@") ? MeetingPerson(name: "", email: trimmed) : nil
    }
}
