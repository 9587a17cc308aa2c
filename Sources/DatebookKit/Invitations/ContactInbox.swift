import Foundation
import GRDB

/// Contact requests: sending one (or an answer) sets what I know of the person and leaves a
/// `ContactMessage` in the outbox; a received one sets what I know of the sender.
///
/// A request from someone I do not have makes a contact of them (the name and address the
/// message gives), marked `request-received`; from someone I blocked, it is dropped unseen. Two
/// people who ask each other become friends without another message. An answer changes only a
/// request still open: an `ACCEPT` makes my `request-sent` a friend, a `DECLINE` clears it, a
/// `WITHDRAW` clears their `request-received`. Each change is an entry in Activities.
public enum ContactInbox {
    /// What reading one message did.
    public struct Outcome: Equatable, Sendable {
        public var contact: UUID?
        public var changed: Bool
        public var summary: String
    }

    /// Applies `message` inside `batch`'s transaction. Throws `MeetingError.noMe` before "me" is
    /// set, and `MeetingError.refused` for a message addressed to someone else or from me.
    public static func apply(_ message: ContactMessage, in batch: ContactBatch) throws -> Outcome {
        guard let me = try MeetingRows.me(batch.db) else { throw MeetingError.noMe }
        guard message.to.key == me.person.key else {
            throw MeetingError.refused("a contact message for \(message.to.email), not for you (\(me.email))")
        }
        guard message.from.key != me.person.key else {
            throw MeetingError.refused("a contact message from yourself")
        }
        let name = message.from.shownName
        let existing = try batch.contact(email: message.from.email)
        if existing?.relation == .blocked {
            return Outcome(contact: existing?.id, changed: false, summary: "\(name), whom you blocked, sent a contact message; not shown")
        }
        let before = existing?.relation ?? ContactRelation.none
        let after: ContactRelation
        let summary: String
        switch (message.kind, before) {
        case (.request, .friend), (.request, .requestReceived):
            return Outcome(contact: existing?.id, changed: false, summary: "\(name) asked again; nothing changed")
        case (.request, .requestSent):
            (after, summary) = (.friend, "\(name) asked to be your contact too: you are now contacts")
        case (.request, _):
            (after, summary) = (.requestReceived, message.summary)
        case (.accept, .requestSent):
            (after, summary) = (.friend, message.summary + ": you are now contacts")
        case (.decline, .requestSent):
            (after, summary) = (.none, message.summary)
        case (.withdraw, .requestReceived):
            (after, summary) = (.none, message.summary)
        case (.accept, _), (.decline, _), (.withdraw, _):
            return Outcome(contact: existing?.id, changed: false,
                           summary: "\(message.summary), but no such request is open here; nothing changed")
        }
        var contact = existing ?? Contact(
            id: batch.newID(), displayName: message.from.name.isEmpty ? message.from.email : message.from.name,
            created: batch.now)
        if existing == nil { contact.emails = [LabelledValue(message.from.email)] }
        contact.relation = after
        contact.changed = batch.now
        try batch.write(contact)
        try ActivityRows.insert(Activity(at: batch.now, kind: .request, text: summary, contact: contact.id), batch.db)
        return Outcome(contact: contact.id, changed: true, summary: summary)
    }

    /// Sends `kind` to `contact` as `me`: sets what I know of them (a request makes them
    /// `request-sent`, an accept a friend, a decline or withdrawal `none`) and writes the message
    /// into `outbox`. Returns the message file's path. Refuses what makes no sense for the
    /// relation (accepting a request never received), and a contact without an e-mail address.
    @discardableResult
    public static func send(
        _ kind: ContactMessage.Kind, to contact: Contact, as me: Me, store: ContactStore, outbox: MeetingOutbox,
        now: Date
    ) throws -> String {
        guard let email = contact.emails.first?.value, Contact.isEmailAddress(email) else {
            throw MeetingError.refused("\(contact.displayName) has no e-mail address to send a contact message to")
        }
        guard MeetingPerson.key(email) != me.person.key else {
            throw MeetingError.refused("\(email) is your own address (datebook me)")
        }
        let after: ContactRelation
        switch (kind, contact.relation) {
        case (_, .blocked):
            throw MeetingError.refused("\(contact.displayName) is blocked; unblock them first (b)")
        case (.request, .friend):
            throw MeetingError.refused("\(contact.displayName) is a friend already")
        case (.request, .requestReceived), (.accept, .requestReceived):
            after = .friend
        case (.request, _):
            after = .requestSent
        case (.decline, .requestReceived):
            after = .none
        case (.withdraw, .requestSent):
            after = .none
        case (.accept, _), (.decline, _):
            throw MeetingError.refused("\(contact.displayName) has sent you no request")
        case (.withdraw, _):
            throw MeetingError.refused("you have sent \(contact.displayName) no request")
        }
        // Asked by them and asked back: that is an accept.
        let sent = kind == .request && contact.relation == .requestReceived ? .accept : kind
        let message = ContactMessage(
            kind: sent, from: me.person, to: MeetingPerson(name: contact.displayName, email: email),
            uid: "contact-\(sent.rawValue.lowercased())-\(UUID().uuidString.lowercased())", stamp: now)
        try store.setRelation(after, of: contact.id)
        return try outbox.write(message)
    }
}

extension ContactBatch {
    /// The active contact with this e-mail address (case aside), if any.
    public func contact(email: String) throws -> Contact? {
        guard let uid = try String.fetchOne(
            db,
            sql: """
                SELECT contact.uid FROM contact JOIN contact_value ON contact_value.contact = contact.id
                WHERE contact.status = 'active' AND contact_value.kind = 'email' AND lower(contact_value.value) = ?
                ORDER BY contact.id LIMIT 1
                """,
            arguments: [MeetingPerson.key(email)]),
            let id = UUID(uuidString: uid)
        else { return nil }
        return try contact(id: id)
    }
}

extension MeetingOutbox {
    /// Writes a contact message for its recipient (`contact-request-to-bob@example.org-STAMP.ics`,
    /// the stamp in seconds so that a second request after a withdrawal is a file of its own).
    @discardableResult
    public func write(_ message: ContactMessage) throws -> String {
        try PrivateFile.makeFolder(folder)
        let name = "contact-\(message.kind.rawValue.lowercased())-to-\(Self.slug(message.to.email, keeping: "@.+"))-"
            + "\(Int(message.stamp.timeIntervalSince1970)).ics"
        let path = (folder as NSString).appendingPathComponent(name)
        try PrivateFile.write(Data(message.text.utf8), to: path)
        return path
    }
}
