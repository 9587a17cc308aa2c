import Foundation
import GRDB

/// CHECK constraints of the form `CHECK (column IN ('a', 'b', 'c'))`, rewritten as
/// `CHECK (column = 'a' OR column = 'b' OR column = 'c')`.
///
/// SQLite tests an IN list of more than two values against a table it builds for each row
/// written: two such checks on `item` were a quarter of the cost of inserting its row, and 9 %
/// of an import of 1 MB of small events (finding 72 in Docs/Reliability.md). The comparisons
/// accept and refuse exactly the same values. Tables made after this write the comparisons.
enum CheckLists {
    /// `CHECK (word IN ('x', 'y', 'z'…))` with three values or more, each a plain word.
    private static let pattern = try! NSRegularExpression(
        pattern: #"CHECK \(([a-z_]+) IN \(('[a-z_]+'(?:, '[a-z_]+'){2,})\)\)"#)

    /// `sql` with each such list written as comparisons; the rest of it as it was.
    static func unrolled(_ sql: String) -> String {
        let text = sql as NSString
        var result = sql
        for match in pattern.matches(in: sql, range: NSRange(location: 0, length: text.length)).reversed() {
            let column = text.substring(with: match.range(at: 1))
            let values = text.substring(with: match.range(at: 2)).components(separatedBy: ", ")
            let comparisons = values.map { "\(column) = \($0)" }.joined(separator: " OR ")
            let range = Range(match.range, in: result)!
            result.replaceSubrange(range, with: "CHECK (\(comparisons))")
        }
        return result
    }

    /// Rewrites the tables' definitions in place, by the procedure SQLite documents for changes
    /// to constraints that leave the stored rows as they are (its ALTER TABLE page, "making
    /// other kinds of table schema changes"): the rows already satisfy the new checks, which are
    /// the old ones. Inside the migration's transaction; the schema's version moves on, so every
    /// connection reads the definitions again.
    static func migrate(_ db: Database) throws {
        let tables = try Row.fetchAll(
            db, sql: "SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND sql LIKE '%CHECK (% IN (%'")
        let changed = tables.compactMap { row -> (name: String, sql: String)? in
            let sql: String = row["sql"]
            let rewritten = unrolled(sql)
            return rewritten == sql ? nil : (row["name"], rewritten)
        }
        guard !changed.isEmpty else { return }
        let version = try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
        try db.execute(sql: "PRAGMA writable_schema = ON")
        for table in changed {
            try db.execute(
                sql: "UPDATE sqlite_schema SET sql = ? WHERE type = 'table' AND name = ?", arguments: [table.sql, table.name])
        }
        try db.execute(sql: "PRAGMA schema_version = \(version + 1)")
        try db.execute(sql: "PRAGMA writable_schema = OFF")
        // Reading each table parses its new definition (a walk of every page, as
        // `integrity_check` does, would take seconds in a large store, once more than needed).
        for table in changed {
            _ = try Row.fetchOne(db, sql: "SELECT * FROM \(table.name.quotedDatabaseIdentifier) LIMIT 0")
        }
    }
}
