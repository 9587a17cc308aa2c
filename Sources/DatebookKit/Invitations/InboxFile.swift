import Foundation

/// One received file, as `datebook inbox FILE` and a sync's inbox read it: a contact message
/// (`ContactMessage`) or meeting messages (`ITIPReader`), applied in one transaction; either
/// may come sealed in a `MessageEnvelope`.
public enum InboxFile {
    /// What one message in the file did.
    public struct Outcome: Equatable, Sendable {
        public var changed: Bool
        public var summary: String
    }

    /// Applies the messages in `data`; throws what makes the file unreadable or refused, and
    /// then nothing of it was applied.
    public static func apply(_ data: Data, to store: SQLiteStore) throws -> [Outcome] {
        // A message that came through a server sealed (a poll): what is inside.
        let data = MessageEnvelope.opened(data) ?? data
        if let message = try ContactMessage.read(data) {
            nonisolated(unsafe) var refused: Error?
            do {
                let outcome = try store.writeContacts { batch in
                    do {
                        return try ContactInbox.apply(message, in: batch)
                    } catch {
                        refused = error
                        throw error
                    }
                }
                return [Outcome(changed: outcome.changed, summary: outcome.summary)]
            } catch {
                throw refused ?? error
            }
        }
        let messages = try ITIPReader.read(data)
        return try store.writeMeetings { batch in
            try messages.map { try MeetingInbox.apply($0, in: batch) }
        }.map { Outcome(changed: $0.changed, summary: $0.summary) }
    }
}
