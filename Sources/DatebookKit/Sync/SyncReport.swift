import Foundation

/// What a sync of one collection did, in counts and notes a person reads.
public struct SyncReport: Equatable, Sendable {
    /// Items received from and sent to calendars.
    public var items = TransferCounts()
    /// Items changed on both sides whose fields merged without a conflict.
    public var merged = 0
    /// Items with a field changed on both sides: the server's version is in place, mine kept.
    public var conflicts = 0
    /// Contacts received from and sent to the address book, counted the same way.
    public var contacts = TransferCounts()
    /// Meeting messages delivered into others' inboxes, and read from mine.
    public var messagesSent = 0
    public var messagesReceived = 0
    /// Items copied to my public calendar (new, changed) or taken off it.
    public var publishedNew = 0
    public var publishedChanged = 0
    public var publishedRemoved = 0
    /// Resources the server holds that could not be read (not iCalendar, no item in them).
    public var unreadable: [String] = []
    /// What else a person should know (an item that came back, a change waiting).
    public var notes: [String] = []

    public init() {}

    /// True when nothing went either way.
    public var isEmpty: Bool {
        merged + conflicts + messagesSent + messagesReceived + publishedNew + publishedChanged + publishedRemoved == 0
            && items.isEmpty && contacts.isEmpty
    }

    public static func + (a: SyncReport, b: SyncReport) -> SyncReport {
        var sum = a
        sum.items = a.items + b.items
        sum.merged += b.merged
        sum.conflicts += b.conflicts
        sum.contacts = a.contacts + b.contacts
        sum.messagesSent += b.messagesSent
        sum.messagesReceived += b.messagesReceived
        sum.publishedNew += b.publishedNew
        sum.publishedChanged += b.publishedChanged
        sum.publishedRemoved += b.publishedRemoved
        sum.unreadable += b.unreadable
        sum.notes += b.notes
        return sum
    }

    /// One line: `received 3 (1 new, 2 changed), sent 1 (1 new), 1 conflict; contacts: received
    /// 3 (3 new)`. Conflicts count items and contacts alike (`--conflicts` lists both).
    public var summary: String {
        var parts: [String] = []
        func part(_ verb: String, _ counts: [(Int, String)]) {
            let given = counts.filter { $0.0 > 0 }
            guard !given.isEmpty else { return }
            let total = given.reduce(0) { $0 + $1.0 }
            parts.append("\(verb) \(total) (" + given.map { "\($0.0) \($0.1)" }.joined(separator: ", ") + ")")
        }
        func transfers(_ counts: TransferCounts) {
            part("received", [(counts.receivedNew, "new"), (counts.receivedChanged, "changed"),
                              (counts.receivedRemoved, "removed")])
            part("sent", [(counts.sentNew, "new"), (counts.sentChanged, "changed"), (counts.sentRemoved, "removed")])
        }
        transfers(contacts)
        let contactParts = parts
        parts = []
        transfers(items)
        if merged > 0 { parts.append("\(merged) merged") }
        part("published", [(publishedNew, "new"), (publishedChanged, "changed"), (publishedRemoved, "removed")])
        if messagesSent > 0 { parts.append(messagesSent == 1 ? "1 message sent" : "\(messagesSent) messages sent") }
        if messagesReceived > 0 {
            parts.append(messagesReceived == 1 ? "1 message read" : "\(messagesReceived) messages read")
        }
        if conflicts > 0 { parts.append(conflicts == 1 ? "1 conflict" : "\(conflicts) conflicts") }
        if !unreadable.isEmpty { parts.append("\(unreadable.count) unreadable") }
        var clauses = parts.isEmpty ? [] : [parts.joined(separator: ", ")]
        if !contactParts.isEmpty { clauses.append("contacts: " + contactParts.joined(separator: ", ")) }
        return clauses.isEmpty ? "nothing to do" : clauses.joined(separator: "; ")
    }
}

/// What went either way in one sync, for items or for contacts.
public struct TransferCounts: Equatable, Sendable {
    /// Resources the server had that were new here, changed there, or removed there.
    public var receivedNew = 0
    public var receivedChanged = 0
    public var receivedRemoved = 0
    /// Sent to the server: new here, changed here, removed here.
    public var sentNew = 0
    public var sentChanged = 0
    public var sentRemoved = 0

    public init() {}

    public var isEmpty: Bool {
        receivedNew + receivedChanged + receivedRemoved + sentNew + sentChanged + sentRemoved == 0
    }

    public static func + (a: TransferCounts, b: TransferCounts) -> TransferCounts {
        var sum = a
        sum.receivedNew += b.receivedNew
        sum.receivedChanged += b.receivedChanged
        sum.receivedRemoved += b.receivedRemoved
        sum.sentNew += b.sentNew
        sum.sentChanged += b.sentChanged
        sum.sentRemoved += b.sentRemoved
        return sum
    }
}
