import Foundation
import GRDB

extension SQLiteStore: MeetingStore {
    private func readMeetings<T>(_ body: (Database) throws -> T) throws(MeetingError) -> T {
        do {
            return try read(body)
        } catch {
            throw .store(error)
        }
    }

    public var outbox: MeetingOutbox {
        // A database in memory (tests) has no folder: its outbox is a temporary one.
        path == ":memory:" ? MeetingOutbox(folder: NSTemporaryDirectory() + "datebook-outbox-\(ObjectIdentifier(self).hashValue)")
            : MeetingOutbox.beside(database: path)
    }

    public func me() throws(MeetingError) -> Me? {
        try readMeetings { db in try MeetingRows.me(db) }
    }

    public func setMe(_ me: Me) throws(MeetingError) {
        try writeMeetings { batch in try batch.setMe(me) }
    }

    /// The condition that picks a list's meetings. An invitation from a contact I blocked
    /// never shows (it stays stored, and shows again once they are unblocked).
    private static func column(_ list: MeetingList) -> String {
        switch list {
        case .invitations: return "in_invitations AND lower(host_email) NOT IN (\(blockedAddresses))"
        case .hosting: return "in_hosting"
        case .coming: return "in_coming"
        }
    }

    /// The addresses of blocked contacts, lowercase (through the index of blocked contacts:
    /// left to itself, SQLite reads every active contact, 10 ms for 10,000).
    static let blockedAddresses = "SELECT lower(contact_value.value) FROM contact INDEXED BY contact_blocked "
        + "JOIN contact_value ON contact_value.contact = contact.id WHERE contact.relation = 'blocked' "
        + "AND contact.status = 'active' AND contact_value.kind = 'email'"

    public func meetingCount(_ list: MeetingList, at now: Date) throws(MeetingError) -> (total: Int, outOfDate: Int) {
        let column = Self.column(list)
        return try readMeetings { db in
            let row = try Row.fetchOne(
                db, sql: "SELECT count(*), count(*) FILTER (WHERE shown_end <= ?) FROM meeting WHERE \(column)",
                arguments: [now.timeIntervalSince1970])
            return (row?[0] ?? 0, row?[1] ?? 0)
        }
    }

    public func meetings(_ list: MeetingList, at now: Date, offset: Int, limit: Int) throws(MeetingError)
        -> [MeetingListing]
    {
        let column = Self.column(list)
        let seconds = now.timeIntervalSince1970
        return try readMeetings { db in
            // Coming ones (next first), then those out of date (latest first), each read from
            // its own index range.
            let coming = try Int.fetchOne(
                db, sql: "SELECT count(*) FROM meeting WHERE \(column) AND shown_end > ?", arguments: [seconds]) ?? 0
            var listings: [MeetingListing] = []
            if offset < coming {
                listings += try Self.listings(
                    db, "\(column) AND shown_end > ? ORDER BY shown_start, id", seconds, offset: offset,
                    limit: min(limit, coming - offset))
            }
            let remaining = limit - listings.count
            if remaining > 0 {
                listings += try Self.listings(
                    db, "\(column) AND shown_end <= ? ORDER BY shown_end DESC, id DESC", seconds,
                    offset: max(0, offset - coming), limit: remaining)
            }
            return listings
        }
    }

    private static func listings(_ db: Database, _ condition: String, _ seconds: Double, offset: Int, limit: Int)
        throws -> [MeetingListing]
    {
        try Row.fetchAll(
            db,
            sql: """
                SELECT uid, title, mark, shown_start, shown_end, state, hosted_by_me, host_name, voted, refused,
                    no_reply FROM meeting WHERE \(condition) LIMIT ? OFFSET ?
                """,
            arguments: [seconds, limit, offset]
        ).compactMap { row in
            guard let id = UUID(uuidString: row["uid"]) else { return nil }
            return MeetingListing(
                id: id, title: row["title"], mark: MeetingMark(rawValue: row["mark"]) ?? .vote,
                start: Date(timeIntervalSince1970: row["shown_start"]), end: Date(timeIntervalSince1970: row["shown_end"]),
                isConfirmed: row["state"] == "confirmed", hostedByMe: row["hosted_by_me"], hostName: row["host_name"],
                voted: row["voted"], refused: row["refused"], noReply: row["no_reply"])
        }
    }

    public func meeting(id: UUID) throws(MeetingError) -> Meeting? {
        try readMeetings { db in try MeetingRows.read(db, where: "uid = ?", id.uuidString.lowercased()) }
    }

    public func meeting(uid: String) throws(MeetingError) -> Meeting? {
        try readMeetings { db in try MeetingRows.read(db, where: "ical_uid = ?", uid) }
    }

    public func allMeetings() throws(MeetingError) -> [Meeting] {
        try readMeetings { db in try MeetingRows.readAll(db) }
    }
}
