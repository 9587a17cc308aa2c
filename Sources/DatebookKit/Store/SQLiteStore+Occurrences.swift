import Foundation
import GRDB

// MARK: - OccurrenceStore

extension SQLiteStore: OccurrenceStore {
    /// Occurrences overlapping `[from, to)`, read through the `item_time` start index.
    ///
    /// A span overlaps when it starts before `to` and ends after `from`; the longest span in
    /// the database (read from an index on `end - start`) bounds how far before `from` to look.
    public func occurrences(from: Date, to: Date) throws(StoreError) -> [Occurrence] {
        let lower = from.timeIntervalSince1970
        let upper = to.timeIntervalSince1970
        return try read { db in
                let longest = try Double.fetchOne(db, sql: #"SELECT MAX("end" - start) FROM item_time"#) ?? 0
                var result: [Occurrence] = []
                let timed = try Row.fetchCursor(
                    db,
                    sql: #"""
                        SELECT i.uid, i.kind, i.title, i.place, i.all_day, i.status, i.repeat_rule, t.start, t."end"
                        FROM item_time t JOIN item i ON i.id = t.item
                        WHERE t.start >= ? AND t.start < ?
                          AND (t.start >= ? OR COALESCE(t."end", t.start) > ?)
                          AND i.status <> 'deleted'
                        """#,
                    arguments: [lower - max(0, longest), upper, lower, lower])
                while let row = try timed.next() {
                    let start = Date(timeIntervalSince1970: row[7])
                    let end = (row[8] as Double?).map(Date.init(timeIntervalSince1970:)) ?? start
                    result.append(occurrence(row, start: start, end: end, isDue: false))
                }
                let due = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT i.uid, i.kind, i.title, i.place, i.all_day, i.status, i.repeat_rule, i.due
                        FROM item i
                        WHERE i.due >= ? AND i.due < ? AND i.status <> 'deleted'
                          AND NOT EXISTS (SELECT 1 FROM item_time t WHERE t.item = i.id)
                        """,
                    arguments: [lower, upper])
                while let row = try due.next() {
                    let moment = Date(timeIntervalSince1970: row[7])
                    result.append(occurrence(row, start: moment, end: moment, isDue: true))
                }
                result.sort { a, b in
                    if a.start != b.start { return a.start < b.start }
                    if a.title != b.title { return a.title < b.title }
                    return a.itemID.uuidString < b.itemID.uuidString
                }
                return result
        }
    }

    private func occurrence(_ row: Row, start: Date, end: Date, isDue: Bool) -> Occurrence {
        Occurrence(
            itemID: UUID(uuidString: row[0]) ?? UUID(),
            kind: ItemKind(rawValue: row[1]) ?? .event,
            title: Item.text(row[2]),
            place: Item.text(row[3]),
            start: start, end: end,
            allDay: row[4],
            status: ItemStatus(rawValue: row[5]) ?? .active,
            isRecurring: false,
            recurrenceID: nil,
            isDue: isDue)
    }
}
