import Foundation
import GRDB

/// What one collection of one account agreed with the store, as every kind of collection sync
/// keeps it (`sync_resource`, and the collection's token in `sync_collection`): the calendar's,
/// the address book's and the public calendar's, written inside the caller's transaction.
struct SyncLedger {
    let account: String
    let collection: URL

    /// Notes what was agreed for a resource: its ETag, its text as the server has it (the base
    /// of the next merge), and the fingerprint of the item or contact as it is here (nil: it
    /// holds changes still to send).
    func remember(_ key: String, uid: String, etag: String?, base: String, agreed: String?, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO sync_resource (account, collection, href, uid, etag, base, agreed)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [account, collection.absoluteString, key, uid, etag, base, agreed])
    }

    /// Forgets a resource (gone from the server, or under another name now).
    func forget(_ key: String, _ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM sync_resource WHERE account = ? AND collection = ? AND href = ?")
            .execute(arguments: [account, collection.absoluteString, key])
    }

    /// Keeps the collection's sync token: the next listing asks what changed since it (nil: the
    /// next one lists every resource).
    func keepToken(_ token: String?, _ db: Database) throws {
        try db.execute(
            sql: "UPDATE sync_collection SET sync_token = ? WHERE account = ? AND url = ?",
            arguments: [token, account, collection.absoluteString])
    }

    /// A fingerprint of a resource's text (64-bit FNV-1a, in hex): equal texts, equal prints.
    /// Lines beginning with one of `skipping` (those that say when the text was written) are
    /// left out, so that writing a thing again unchanged is no change.
    static func fingerprint(_ text: String, skipping: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for line in text.split(separator: "\r\n", omittingEmptySubsequences: false) {
            if skipping.contains(where: { line.hasPrefix($0) }) { continue }
            for byte in line.utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            hash = (hash ^ 10) &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    /// The name of a new resource: the UID when it is plain (ASCII letters, digits, `-_.@`, not
    /// starting with a dot, at most 200 characters), else `id`; then `suffix`.
    static func resourceName(uid: String, id: UUID, suffix: String) -> String {
        let plain = !uid.isEmpty && uid.count <= 200 && !uid.hasPrefix(".") && uid.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) && $0.isASCII || "-_.@".unicodeScalars.contains($0)
        }
        return (plain ? uid : id.lowercasedText) + suffix
    }
}
