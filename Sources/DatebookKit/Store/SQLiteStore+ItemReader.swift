import Foundation
import GRDB

/// Items read in order, 500 at a time, for an export.
extension SQLiteStore: ItemReader {
    public func itemSelection(showingFrom from: Date?, to: Date?) throws(StoreError) -> ItemSelection {
        guard from != nil || to != nil else {
            return ItemSelection(
                rowIDs: try read { db in try Int64.fetchAll(db, sql: "SELECT id FROM item ORDER BY sort_at, uid") })
        }
        let lower = from ?? Date(unixSeconds: -62_135_596_800)  // year 1
        let upper = to ?? Date(unixSeconds: 253_402_300_800)  // year 10000
        let ids = Set(try occurrences(from: lower, to: upper).map { $0.itemID.lowercasedText })
        return ItemSelection(
            rowIDs: try read { db in
                try Row.fetchAll(db, sql: "SELECT id, uid FROM item ORDER BY sort_at, uid").compactMap { row in
                    ids.contains(row[1]) ? row[0] : nil
                }
            })
    }

    public func zoneNames(in selection: ItemSelection) throws(StoreError) -> [String] {
        try read { db in
            var names: Set<String> = []
            for chunk in Self.chunks(of: selection.rowIDs) {
                let list = InList(chunk)
                names.formUnion(
                    try String.fetchAll(
                        db, sql: "SELECT DISTINCT time_zone FROM item WHERE time_zone <> '' AND id IN (\(list.places))",
                        arguments: list.arguments))
            }
            return names.sorted()
        }
    }

    public func storedZoneDefinitions() throws(StoreError) -> [String: String] {
        try read { db in
            try Dictionary(
                Row.fetchAll(db, sql: "SELECT tzid, vtimezone FROM time_zone_definition").map {
                    ($0[0] as String, $0[1] as String)
                },
                uniquingKeysWith: { first, _ in first })
        }
    }

    public func items(in selection: ItemSelection, at positions: Range<Int>) throws(StoreError) -> [Item] {
        let positions = positions.clamped(to: 0..<selection.count)
        let coding = storedTime
        return try read { db in
            var items: [Item] = []
            for chunk in Self.chunks(of: Array(selection.rowIDs[positions])) {
                let list = InList(chunk)
                items += try Self.fetchItems(
                    coding: coding, db, sql: "SELECT id FROM item WHERE id IN (\(list.places)) ORDER BY sort_at, uid",
                    arguments: list.arguments)
            }
            return items
        }
    }

    /// Row ids 500 at a time (SQLite's limit of parameters is well above).
    private static func chunks(of rowIDs: [Int64]) -> [[Int64]] {
        stride(from: 0, to: rowIDs.count, by: 500).map { Array(rowIDs[$0..<min($0 + 500, rowIDs.count)]) }
    }
}
