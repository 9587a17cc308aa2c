import Foundation
import GRDB

/// Writes meetings and their rows inside one write transaction (see `MeetingWriter`), with the
/// event a confirmed meeting puts in my calendar, through the items' own batch.
public final class MeetingBatch {
    let db: Database
    let items: ItemBatch
    /// The time the batch stamps on what it writes.
    public let now: Date
    let ids: IDSource

    init(_ db: Database, items: ItemBatch, now: Date, ids: IDSource) {
        self.db = db
        self.items = items
        self.now = now
        self.ids = ids
    }

    /// A new id for a meeting.
    public func newID() -> UUID { ids.next() }

    /// Who "me" is, once set.
    public func me() throws -> Me? {
        try MeetingRows.me(db)
    }

    /// The stored meeting with this id, or with this iCalendar UID.
    public func meeting(id: UUID) throws -> Meeting? {
        try MeetingRows.read(db, where: "uid = ?", id.uuidString.lowercased())
    }

    public func meeting(uid: String) throws -> Meeting? {
        try MeetingRows.read(db, where: "ical_uid = ?", uid)
    }

    /// Writes `meeting` (inserted, or replacing the stored one with its id), stamping `changed`,
    /// after checking it; then puts its event in my calendar, moves it, or takes it out, as its
    /// state and my answer say. Returns it as written (with its event's id).
    @discardableResult
    public func write(_ meeting: Meeting) throws -> Meeting {
        let problems = meeting.problems()
        guard problems.isEmpty else { throw MeetingError.invalid(problems) }
        var meeting = meeting
        meeting.changed = now
        let me = try self.me()
        meeting.event = try syncEvent(of: meeting, me: me)
        try MeetingRows.write(meeting, me: me, db)
        return meeting
    }

    /// The event a meeting puts in my calendar: there while it is confirmed and I host it or
    /// accepted its time; in History otherwise. Returns its id, if it has one.
    private func syncEvent(of meeting: Meeting, me: Me?) throws -> UUID? {
        let takesPart = meeting.hostedByMe || meeting.mine(me)?.going == true
        guard let slot = meeting.confirmedSlot, takesPart else {
            if let event = meeting.event, let stored = try items.item(id: event), stored.status == .active {
                try items.setStatus(.deleted, of: event)
            }
            return meeting.event
        }
        let id = meeting.event ?? ids.next()
        let stored = try items.item(id: id)
        var event = stored ?? Item(id: id, kind: .event, title: meeting.title, created: now)
        event.title = meeting.title
        event.place = meeting.place
        event.notes = meeting.notes
        event.times = [ItemTime(start: slot.start, end: slot.end)]
        event.allDay = false
        event.status = .active
        event.statusChangedAt = stored?.status == .active ? stored?.statusChangedAt : nil
        event.updated = now
        event.icalUID = meeting.uid
        event.organizer = Participant(address: "mailto:" + meeting.host.email, name: meeting.host.name.nilIfEmpty)
        event.attendees = meeting.invitees.map { invitee in
            let status: String
            switch (invitee.going, invitee.answer) {
            case (true, _): status = "ACCEPTED"
            case (false, _), (nil, .refused): status = "DECLINED"
            default: status = "NEEDS-ACTION"
            }
            return Participant(
                address: "mailto:" + invitee.person.email, name: invitee.person.name.nilIfEmpty,
                role: "REQ-PARTICIPANT", status: status)
        }
        try items.write(event)
        return id
    }

    /// Adds an entry to the Activities feed, in this transaction.
    public func record(_ kind: Activity.Kind, _ text: String, meeting: UUID? = nil) throws {
        try ActivityRows.insert(Activity(at: now, kind: kind, text: text, meeting: meeting), db)
    }

    /// Sets who "me" is and works out again, for me, every meeting's lists and mark.
    public func setMe(_ me: Me) throws {
        guard !me.name.allSatisfy(\.isWhitespace) else { throw MeetingError.invalid(["Type your name"]) }
        guard Contact.isEmailAddress(me.email.trimmingCharacters(in: .whitespaces)) else {
            throw MeetingError.invalid(["“\(me.email)” is not an e-mail address (name@example.org)"])
        }
        try MeetingRows.setMe(me, db)
        let index = try SearchIndexWriter(db)
        for meeting in try MeetingRows.readAll(db) {
            try MeetingRows.write(meeting, me: me, db, index: index)
        }
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}

extension SQLiteStore: MeetingWriter {
    public func writeMeetings<T>(_ body: (MeetingBatch) throws -> T) throws(MeetingError) -> T {
        // The body's own error comes out as it was thrown, not as a database failure.
        nonisolated(unsafe) var thrown: MeetingError?
        do {
            return try writeBatch(.few) { db, items in
                do {
                    return try body(MeetingBatch(db, items: items, now: items.now, ids: items.ids))
                } catch let error as MeetingError {
                    thrown = error
                    throw error
                }
            }
        } catch {
            throw thrown ?? .store(error)
        }
    }
}

extension MeetingBatch {
    /// The meetings whose id ends or starts with `part` (lowercase), at most a few.
    public func meetings(idPart part: String) throws -> [Meeting] {
        let escaped = part.replacingOccurrences(of: "%", with: "").replacingOccurrences(of: "_", with: "")
        return try Row.fetchAll(
            db, sql: "SELECT * FROM meeting WHERE uid LIKE ? OR uid LIKE ? ORDER BY uid LIMIT 5",
            arguments: ["%" + escaped, escaped + "%"]
        ).compactMap { try MeetingRows.meeting(from: $0, db) }
    }
}

extension MeetingBatch {
    /// True when a blocked contact has this e-mail address.
    public func isBlocked(_ email: String) throws -> Bool {
        try Bool.fetchOne(
            db,
            sql: """
                SELECT EXISTS (SELECT 1 FROM contact JOIN contact_value ON contact_value.contact = contact.id
                    WHERE contact.relation = 'blocked' AND contact.status = 'active' AND contact_value.kind = 'email'
                    AND lower(contact_value.value) = ?)
                """,
            arguments: [MeetingPerson.key(email)]) ?? false
    }
}
