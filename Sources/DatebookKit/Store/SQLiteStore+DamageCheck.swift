import Foundation
import GRDB

/// Looking for damage before a command writes.
///
/// SQLite notices damage only in the pages a statement reads. A write touches a few pages of
/// each table it changes, so an `add` into a file damaged elsewhere succeeds without a word,
/// and every later write builds on a file that is already failing. A writing command therefore
/// runs SQLite's integrity check first and refuses to write into a damaged file. (The quick
/// check is half the cost but does not compare indexes with their tables: in a run of
/// `scripts/damage-check` it let 13 of 60 adds into damaged files through.)
///
/// The check reads every page: about 11 µs a page, so 8 ms for a year of a busy planner
/// (1,000 items, 3 MB) but 370 ms at 100,000 items. Files up to `checkedEveryWritePages` are
/// checked before every write; larger ones at most once in `largeFileCheckInterval`, noted in
/// `store_value`. `datebook check` and any read that meets the damage say so in between.
extension SQLiteStore {
    /// Up to 8 MB (4 KB pages; some 8,000 items) the check costs at most about 25 ms.
    public static let checkedEveryWritePages = 2048
    /// How often a larger file is checked before a write.
    public static let largeFileCheckInterval: TimeInterval = 24 * 3600

    /// Throws `.damaged` when SQLite's integrity check finds the file damaged; see the type's note
    /// for when it looks (`pages` is `checkedEveryWritePages` but in tests). Writes nothing but the time of a large file's check.
    public func checkForDamageBeforeWriting(everyWriteUpTo pages: Int = checkedEveryWritePages) throws(StoreError) {
        guard path != ":memory:" else { return }
        let now = clock.now().timeIntervalSince1970
        let due = try read { db -> Bool in
            let pageCount = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            if pageCount <= pages { return true }
            let last = try Double.fetchOne(db, sql: "SELECT value FROM store_value WHERE name = 'checked_whole_at'")
            return last.map { now - $0 >= Self.largeFileCheckInterval || now < $0 } ?? true
        }
        guard due else { return }
        let answer = try read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check(20)") }
        guard answer == ["ok"] else {
            // SQLite heads its list with "*** in database main ***"; the first finding is enough
            // here: `datebook check` lists them.
            let findings = answer.flatMap { $0.split(separator: "\n") }.filter { !$0.hasPrefix("***") }
            throw .damaged(reason: findings.first.map(String.init) ?? "SQLite's integrity check did not say ok")
        }
        let large = try read { db in (try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0) > pages }
        if large {
            try write { db in
                try db.execute(
                    sql: "INSERT OR REPLACE INTO store_value (name, value) VALUES ('checked_whole_at', ?)", arguments: [now])
            }
        }
    }
}
