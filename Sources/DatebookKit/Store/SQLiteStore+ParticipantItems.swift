import Foundation
import GRDB

extension SQLiteStore: ParticipantItemStore {
    public func items(withParticipantEmails emails: [String], limit: Int) throws(StoreError) -> [Item] {
        let addresses = emails.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .flatMap { [$0, "mailto:" + $0] }
        guard !addresses.isEmpty, limit > 0 else { return [] }
        let list = InList(addresses)
        let coding = storedTime
        // The index on the address (COLLATE NOCASE) finds the few rows; the items come by date.
        return try read { db in
            try Self.fetchItems(
                coding: coding, db,
                sql: """
                    SELECT id FROM item WHERE status != 'deleted' AND id IN (
                        SELECT item FROM item_participant WHERE address COLLATE NOCASE IN (\(list.places)))
                    ORDER BY sort_at, uid LIMIT ?
                    """,
                arguments: list.arguments + [limit])
        }
    }
}
