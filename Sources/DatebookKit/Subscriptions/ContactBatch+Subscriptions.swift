import Foundation
import GRDB

/// The batch writes what a feed said, beside the contact's row (see `SubscriptionSchema`).
extension ContactBatch {
    /// The row id of the contact with `id` when it is subscribed to `source`.
    func subscribedRow(_ id: UUID, source: ContactSubscription.Source) throws -> Int64? {
        try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT id FROM contact WHERE uid = ? AND subscription_source = ?"),
            arguments: [id.uuidString.lowercased(), source.description])
    }

    /// Replaces the kept copy of the contact's feed (row `row`) with `blocks`.
    func replaceFeed(of row: Int64, source: ContactSubscription.Source, blocks: [BusyBlock], coding: StoredTime,
                     readAt: Date) throws
    {
        try db.execute(sql: "DELETE FROM subscription_feed WHERE contact = ?", arguments: [row])
        var longest = 0.0
        let insert = try db.cachedStatement(
            sql: "INSERT INTO subscription_block (start, contact, position, \"end\", flags, title) VALUES (?, ?, ?, ?, ?, ?)")
        try db.execute(sql: "INSERT INTO subscription_feed (contact, source, longest) VALUES (?, ?, 0)",
                       arguments: [row, source.description])
        for (position, block) in blocks.enumerated() {
            let zone: ItemTimeZone = block.isFloating ? .floating : .utc
            let start = coding.seconds(block.start, zone)
            let end = max(start, coding.seconds(block.end, zone))
            longest = max(longest, end - start)
            var flags = block.allDay ? SubscriptionSchema.allDayFlag : 0
            if block.isFloating { flags |= SubscriptionSchema.floatingFlag }
            try insert.execute(arguments: [start, row, position, end, flags, block.title])
        }
        try db.execute(sql: "UPDATE subscription_feed SET longest = ? WHERE contact = ?", arguments: [longest, row])
        try db.execute(
            sql: "UPDATE contact SET subscription_read = ?, subscription_error = NULL WHERE id = ?",
            arguments: [readAt.timeIntervalSince1970, row])
    }

    /// Records why the contact's feed (row `row`) could not be read; its kept copy stays.
    func recordFeedFailure(of row: Int64, reason: String) throws {
        try db.execute(sql: "UPDATE contact SET subscription_error = ? WHERE id = ?", arguments: [reason, row])
    }
}
