import Foundation
import GRDB

/// Writes the store's items as one iCalendar (RFC 5545) stream that other programs read back
/// to the same events: a VTIMEZONE for every named zone used, then each item's components
/// (see `ICalendarEncoder`).
///
/// Items in History go too: completed tasks with STATUS:COMPLETED, deleted items with
/// STATUS:CANCELLED. Items are read 500 at a time, so memory stays small for any number.
public struct ICalendarExporter {
    public let store: SQLiteStore

    /// The PRODID Datebook writes.
    public static let productID = "-//Datebook//Datebook//EN"

    public init(store: SQLiteStore) {
        self.store = store
    }

    // MARK: - Exporting

    /// Writes every item, or, with a range, every item with a time (or an instance) in
    /// `[from, to)` — a recurring series whole — to `write`, in pieces; returns how many items
    /// were written.
    @discardableResult
    public func export(from: Date? = nil, to: Date? = nil, into output: (String) throws -> Void) throws -> Int {
        // No raw control character leaves in a file, whatever a title or a kept property holds.
        func write(_ text: String) throws { try output(ControlCharacters.inICalendar(text)) }
        let coding = store.storedTime
        let now = store.clock.now()
        var rowIDs: [Int64]
        if from != nil || to != nil {
            let lower = from ?? Date(unixSeconds: -62_135_596_800)  // year 1
            let upper = to ?? Date(unixSeconds: 253_402_300_800)  // year 10000
            let ids = Set(try store.occurrences(from: lower, to: upper).map { $0.itemID.lowercasedText })
            rowIDs = try store.read { db in
                try Row.fetchAll(db, sql: "SELECT id, uid FROM item ORDER BY sort_at, uid").compactMap { row in
                    ids.contains(row[1]) ? row[0] : nil
                }
            }
        } else {
            rowIDs = try store.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM item ORDER BY sort_at, uid") }
        }

        let (zoneNames, definitions) = try store.read { db -> ([String], [String: String]) in
            var names: Set<String> = []
            for start in stride(from: 0, to: rowIDs.count, by: 500) {
                let chunk = Array(rowIDs[start..<min(start + 500, rowIDs.count)])
                names.formUnion(
                    try String.fetchAll(
                        db,
                        sql: """
                            SELECT DISTINCT time_zone FROM item
                            WHERE time_zone <> '' AND id IN (\(chunk.map { _ in "?" }.joined(separator: ",")))
                            """,
                        arguments: StatementArguments(chunk)))
            }
            let definitions = try Dictionary(
                Row.fetchAll(db, sql: "SELECT tzid, vtimezone FROM time_zone_definition").map {
                    ($0[0] as String, $0[1] as String)
                },
                uniquingKeysWith: { first, _ in first })
            return (names.sorted(), definitions)
        }

        try write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:\(Self.productID)\r\nCALSCALE:GREGORIAN\r\n")
        for name in zoneNames {
            let text = TimeZoneRegistry.shared.definition(ofSystemZone: name) ?? definitions[name]
            if let text { try write(text.hasSuffix("\r\n") ? text : text + "\r\n") }
        }
        let encoder = ICalendarEncoder(coding: coding, now: now, zoneDefinitions: definitions)
        for start in stride(from: 0, to: rowIDs.count, by: 500) {
            let chunk = Array(rowIDs[start..<min(start + 500, rowIDs.count)])
            let items = try store.read { db in
                try SQLiteStore.fetchItems(
                    coding: coding, db,
                    sql: """
                        SELECT id FROM item WHERE id IN (\(chunk.map { _ in "?" }.joined(separator: ",")))
                        ORDER BY sort_at, uid
                        """,
                    arguments: StatementArguments(chunk))
            }
            var text = ""
            for item in items {
                for component in encoder.components(for: item) {
                    text += component
                }
            }
            try write(text)
        }
        try write("END:VCALENDAR\r\n")
        return rowIDs.count
    }

    /// The whole export as one string.
    public func exportString(from: Date? = nil, to: Date? = nil) throws -> String {
        var result = ""
        try export(from: from, to: to) { result += $0 }
        return result
    }
}
