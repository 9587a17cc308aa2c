import Foundation
import GRDB

extension SQLiteStore: SubscriptionStore {
    public func subscribedContacts() throws(ContactError) -> [Contact] {
        do {
            return try read { db in
                let ids = try String.fetchAll(
                    db, sql: "SELECT uid FROM contact WHERE subscription_source IS NOT NULL ORDER BY sort_key, uid")
                return try ids.compactMap { try ContactRows.read(db, where: "uid = ?", $0) }
            }
        } catch {
            throw .store(error)
        }
    }

    public func keepFeed(_ blocks: [BusyBlock], of id: UUID, source: ContactSubscription.Source, readAt: Date)
        throws(ContactError)
    {
        let coding = StoredTime(timeZone: timeZone)
        try writeContacts { batch in
            guard let row = try batch.subscribedRow(id, source: source) else { throw ContactError.notFound(id) }
            try batch.replaceFeed(of: row, source: source, blocks: blocks, coding: coding, readAt: readAt)
        }
    }

    public func keepFeedFailure(_ reason: String, of id: UUID, source: ContactSubscription.Source) throws(ContactError) {
        try writeContacts { batch in
            guard let row = try batch.subscribedRow(id, source: source) else { throw ContactError.notFound(id) }
            try batch.recordFeedFailure(of: row, reason: reason)
        }
    }

    public func busyBlockCount(of id: UUID) throws(ContactError) -> Int {
        do {
            return try read { db in
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT count(*) FROM contact c
                        JOIN subscription_feed f ON f.contact = c.id AND f.source = c.subscription_source
                        JOIN subscription_block b ON b.contact = f.contact
                        WHERE c.uid = ?
                        """,
                    arguments: [id.uuidString.lowercased()]) ?? 0
            }
        } catch {
            throw .store(error)
        }
    }

    public func forgetFeed(of id: UUID) throws(ContactError) {
        try writeContacts { batch in
            try batch.db.execute(
                sql: "DELETE FROM subscription_feed WHERE contact = (SELECT id FROM contact WHERE uid = ?)",
                arguments: [id.uuidString.lowercased()])
        }
    }
}

extension SQLiteStore: ContactCalendarStore {
    /// How far wall-clock seconds may lie from the instant they show: the widest UTC offsets.
    private static let widestOffset: Double = 14 * 3600

    public func contactEntries(from: Date, to: Date) throws -> [ContactCalendarEntry] {
        let coding = StoredTime(timeZone: timeZone)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let months = BirthdayDates.months(from: from, to: to, calendar: calendar)
        var entries: [ContactCalendarEntry] = try read { db in
            var entries: [ContactCalendarEntry] = []
            // Busy times: one walk along the blocks' start, bounded by the longest block (CROSS
            // JOIN keeps SQLite from walking every contact instead), each contact looked up by
            // its row id; a contact's id is read once.
            let longest = try Double.fetchOne(db, sql: "SELECT max(longest) FROM subscription_feed") ?? 0
            let rows = try Row.fetchCursor(
                db.cachedStatement(sql: """
                    SELECT b.start, b."end", b.flags, b.title, c.uid, c.display_name
                    FROM subscription_block b
                    CROSS JOIN subscription_feed f ON f.contact = b.contact
                    CROSS JOIN contact c ON c.id = b.contact
                    WHERE b.start < ? AND b.start >= ?
                        AND c.status = 'active' AND c.relation <> 'blocked' AND c.subscription_source = f.source
                    """),
                arguments: [to.unixSeconds + Self.widestOffset, from.unixSeconds - longest - Self.widestOffset])
            // Columns by position: a look-up by name for every row of thousands costs more.
            var ids: [String: UUID] = [:]
            func id(_ uid: String) -> UUID? {
                if let known = ids[uid] { return known }
                let id = UUID(uuidString: uid)
                ids[uid] = id
                return id
            }
            while let row = try rows.next() {
                guard let id = id(row[4]) else { continue }
                let flags: Int = row[2]
                let zone: ItemTimeZone = flags & SubscriptionSchema.floatingFlag != 0 ? .floating : .utc
                let start = coding.date(row[0], zone)
                let end = coding.date(row[1], zone)
                guard start < to, end > from || start >= from else { continue }
                entries.append(ContactCalendarEntry(
                    contactID: id, name: row[5], start: start, end: end,
                    allDay: flags & SubscriptionSchema.allDayFlag != 0, kind: .busy(title: row[3])))
            }
            // Birthdays of the months the range touches.
            var sql = """
                SELECT uid, display_name, birthday_year, birthday_month, birthday_day
                FROM contact INDEXED BY contact_birthday
                WHERE birthday_month IS NOT NULL AND status = 'active'
                """
            if let months { sql += " AND birthday_month IN (\(months.sorted().map(String.init).joined(separator: ", ")))" }
            let people = try Row.fetchCursor(db, sql: sql)
            var days = BirthdayDates.Days(calendar: calendar)
            while let row = try people.next() {
                guard let birthday = Birthday(year: row[2], month: row[3], day: row[4]) else { continue }
                let found = days.of(birthday, from: from, to: to)
                guard !found.isEmpty, let id = id(row[0]) else { continue }
                let name: String = row[1]
                for day in found {
                    entries.append(ContactCalendarEntry(
                        contactID: id, name: name, start: day.start, end: day.end, allDay: true,
                        kind: .birthday(age: day.age)))
                }
            }
            return entries
        }
        entries.sort { ($0.start, $0.name, $0.end) < ($1.start, $1.name, $1.end) }
        return entries
    }
}
