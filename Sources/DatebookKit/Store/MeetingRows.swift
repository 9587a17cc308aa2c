import Foundation
import GRDB

/// Reads and writes a meeting's rows: `meeting`, `meeting_slot`, `meeting_invitee`, and the
/// `me` settings.
enum MeetingRows {
    // MARK: - Me

    static func me(_ db: Database) throws -> Me? {
        let rows = try Row.fetchAll(db, sql: "SELECT name, value FROM setting WHERE name IN ('me.name', 'me.email')")
        var values: [String: String] = [:]
        for row in rows { values[row["name"]] = row["value"] }
        guard let name = values["me.name"], let email = values["me.email"] else { return nil }
        return Me(name: name, email: email)
    }

    static func setMe(_ me: Me, _ db: Database) throws {
        for (name, value) in [("me.name", me.name), ("me.email", me.email)] {
            try db.execute(
                sql: "INSERT INTO setting (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                arguments: [name, value.trimmingCharacters(in: .whitespacesAndNewlines)])
        }
    }

    // MARK: - Writing

    /// Writes a meeting's rows and its search index row (through `index`, when a caller
    /// writing many has one ready).
    static func write(_ meeting: Meeting, me: Me?, _ db: Database, index: SearchIndexWriter? = nil) throws {
        let tally = MeetingTally(meeting)
        let lists = meeting.lists(for: me)
        let span = meeting.span ?? (meeting.created, meeting.created)
        let state: String
        var confirmed: Int?
        switch meeting.state {
        case .polling: state = "polling"
        case let .confirmed(slot):
            state = "confirmed"
            confirmed = slot
        case .cancelled: state = "cancelled"
        }
        let uid = meeting.id.uuidString.lowercased()
        try db.execute(
            sql: """
                INSERT INTO meeting (uid, ical_uid, title, place, notes, duration, host_name, host_email,
                    hosted_by_me, state, confirmed_slot, sequence, deadline, event, created, changed,
                    shown_start, shown_end, in_invitations, in_hosting, in_coming, mark, voted, refused, no_reply)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (uid) DO UPDATE SET ical_uid = excluded.ical_uid, title = excluded.title,
                    place = excluded.place, notes = excluded.notes, duration = excluded.duration,
                    host_name = excluded.host_name, host_email = excluded.host_email,
                    hosted_by_me = excluded.hosted_by_me, state = excluded.state,
                    confirmed_slot = excluded.confirmed_slot, sequence = excluded.sequence,
                    deadline = excluded.deadline, event = excluded.event, changed = excluded.changed,
                    shown_start = excluded.shown_start, shown_end = excluded.shown_end,
                    in_invitations = excluded.in_invitations, in_hosting = excluded.in_hosting,
                    in_coming = excluded.in_coming, mark = excluded.mark, voted = excluded.voted,
                    refused = excluded.refused, no_reply = excluded.no_reply
                """,
            arguments: [
                uid, meeting.uid, meeting.title, meeting.place, meeting.notes, meeting.duration,
                meeting.host.name, meeting.host.email, meeting.hostedByMe, state, confirmed, meeting.sequence,
                meeting.deadline?.timeIntervalSince1970, meeting.event?.uuidString.lowercased(),
                meeting.created.timeIntervalSince1970, meeting.changed.timeIntervalSince1970,
                span.start.timeIntervalSince1970, span.end.timeIntervalSince1970,
                lists.contains(.invitations), lists.contains(.hosting), lists.contains(.coming),
                meeting.mark(for: me).rawValue, tally.voted, tally.refused, tally.noReply,
            ])
        guard let rowID = try Int64.fetchOne(db, sql: "SELECT id FROM meeting WHERE uid = ?", arguments: [uid]) else {
            return
        }
        // Found by Search, in the same transaction.
        try (index ?? SearchIndexWriter(db)).write(meeting, meetingRowID: rowID)
        try db.execute(sql: "DELETE FROM meeting_slot WHERE meeting = ?", arguments: [rowID])
        let slot = try db.cachedStatement(sql: "INSERT INTO meeting_slot (meeting, slot, start, \"end\") VALUES (?, ?, ?, ?)")
        for each in meeting.slots {
            try slot.execute(arguments: [rowID, each.id, each.start.timeIntervalSince1970, each.end.timeIntervalSince1970])
        }
        try db.execute(sql: "DELETE FROM meeting_invitee WHERE meeting = ?", arguments: [rowID])
        let invitee = try db.cachedStatement(
            sql: """
                INSERT INTO meeting_invitee (meeting, position, name, email, contact, answer, votes, going,
                    answered_sequence) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for (position, each) in meeting.invitees.enumerated() {
            let answer: String
            switch each.answer {
            case .noReply: answer = "none"
            case .refused: answer = "refused"
            case .voted: answer = "voted"
            }
            try invitee.execute(arguments: [
                rowID, position, each.person.name, each.person.email, each.contact?.uuidString.lowercased(), answer,
                encode(each.answer.votes), each.going, each.answeredSequence,
            ])
        }
    }

    /// Votes as text: `1=yes,3=if-need-be`, in slot order.
    static func encode(_ votes: [Int: SlotVote]) -> String {
        votes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.rawValue)" }.joined(separator: ",")
    }

    static func decode(_ text: String) -> [Int: SlotVote] {
        var votes: [Int: SlotVote] = [:]
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let slot = Int(parts[0]), let vote = SlotVote(rawValue: String(parts[1])) else {
                continue
            }
            votes[slot] = vote
        }
        return votes
    }

    // MARK: - Reading

    static func read(_ db: Database, where condition: String, _ argument: String) throws -> Meeting? {
        try meetings(db, rows: Row.fetchAll(db, sql: "SELECT * FROM meeting WHERE \(condition)", arguments: [argument]))
            .first
    }

    static func readAll(_ db: Database) throws -> [Meeting] {
        try meetings(db, rows: Row.fetchAll(db, sql: "SELECT * FROM meeting ORDER BY created DESC, id DESC"))
    }

    /// The meetings with these row ids, by row id: three reads for them all, not three each
    /// (a search shows fifty at a time).
    static func meetings(_ db: Database, rowIDs: [Int64]) throws -> [Int64: Meeting] {
        let rows = try Row.fetchAll(
            db, sql: "SELECT * FROM meeting WHERE id IN (SELECT value FROM json_each(?))", arguments: [json(rowIDs)])
        return Dictionary(try read(db, rows: rows), uniquingKeysWith: { first, _ in first })
    }

    private static func date(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }

    private static func json(_ rowIDs: [Int64]) -> String {
        "[" + rowIDs.map(String.init).joined(separator: ",") + "]"
    }

    /// The meetings of `rows` (rows of `meeting`), in their order.
    static func meetings(_ db: Database, rows: [Row]) throws -> [Meeting] {
        try read(db, rows: rows).map(\.meeting)
    }

    /// The meetings of `rows` with their row ids, in their order, with their slots and
    /// invitees read for all of them at once. A row whose uid is not a UUID is left out.
    private static func read(_ db: Database, rows: [Row]) throws -> [(rowID: Int64, meeting: Meeting)] {
        guard !rows.isEmpty else { return [] }
        let list = json(rows.map { $0["id"] as Int64 })
        var slots: [Int64: [MeetingSlot]] = [:]
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT meeting, slot, start, "end" FROM meeting_slot
                WHERE meeting IN (SELECT value FROM json_each(?)) ORDER BY meeting, start, slot
                """,
            arguments: [list])
        {
            slots[row["meeting"], default: []].append(
                MeetingSlot(id: row["slot"], start: date(row["start"]), end: date(row["end"])))
        }
        var invitees: [Int64: [MeetingInvitee]] = [:]
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT * FROM meeting_invitee
                WHERE meeting IN (SELECT value FROM json_each(?)) ORDER BY meeting, position
                """,
            arguments: [list])
        {
            invitees[row["meeting"], default: []].append(invitee(from: row))
        }
        return rows.compactMap { row in
            let rowID: Int64 = row["id"]
            return meeting(from: row, slots: slots[rowID] ?? [], invitees: invitees[rowID] ?? []).map { (rowID, $0) }
        }
    }

    private static func invitee(from row: Row) -> MeetingInvitee {
        let answer: MeetingAnswer
        switch row["answer"] as String {
        case "refused": answer = .refused
        case "voted": answer = .voted(decode(row["votes"]))
        default: answer = .noReply
        }
        var invitee = MeetingInvitee(
            person: MeetingPerson(name: row["name"], email: row["email"]),
            contact: (row["contact"] as String?).flatMap(UUID.init(uuidString:)), answer: answer,
            going: row["going"])
        invitee.answeredSequence = row["answered_sequence"]
        return invitee
    }

    /// The meeting of one `meeting` row, its slots and invitees read.
    static func meeting(from row: Row, _ db: Database) throws -> Meeting? {
        try meetings(db, rows: [row]).first
    }

    private static func meeting(from row: Row, slots: [MeetingSlot], invitees: [MeetingInvitee]) -> Meeting? {
        guard let id = UUID(uuidString: row["uid"]) else { return nil }
        var meeting = Meeting(
            id: id, uid: row["ical_uid"], title: row["title"],
            host: MeetingPerson(name: row["host_name"], email: row["host_email"]), hostedByMe: row["hosted_by_me"],
            slots: slots, invitees: invitees, created: date(row["created"]))
        meeting.place = row["place"]
        meeting.notes = row["notes"]
        meeting.duration = row["duration"]
        switch row["state"] as String {
        case "confirmed": meeting.state = (row["confirmed_slot"] as Int?).map { .confirmed(slot: $0) } ?? .polling
        case "cancelled": meeting.state = .cancelled
        default: meeting.state = .polling
        }
        meeting.sequence = row["sequence"]
        meeting.deadline = (row["deadline"] as Double?).map(date)
        meeting.event = (row["event"] as String?).flatMap(UUID.init(uuidString:))
        meeting.changed = date(row["changed"])
        return meeting
    }
}
