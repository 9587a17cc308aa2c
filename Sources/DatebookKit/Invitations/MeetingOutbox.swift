import Foundation

/// The folder where messages to send wait: one `.ics` file per message and recipient, named
/// so a person knows whom to send each to (`planning-request-to-bob@example.org-1.ics`).
public struct MeetingOutbox: Sendable {
    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// The outbox beside a database: `outbox/` in its folder.
    public static func beside(database path: String) -> MeetingOutbox {
        MeetingOutbox(folder: ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent("outbox"))
    }

    /// The messages a change to `meeting` asks me to send: the host's to every invitee, or my
    /// reply to the host.
    /// `before` is the meeting as it was: someone the host took off the invitees gets a cancel.
    public static func messages(after meeting: Meeting, before: Meeting? = nil, me: Me, at now: Date)
        -> [(ITIPMessage, MeetingPerson)]
    {
        if meeting.hostedByMe {
            let message = ITIPWriter.hostMessage(for: meeting, at: now)
            var messages = meeting.invitees.map { (message, $0.person) }
            let removed = (before?.invitees ?? []).filter { meeting.invitee($0.person.email) == nil }
            if !removed.isEmpty, meeting.state != .cancelled {
                var cancelled = meeting
                cancelled.state = .cancelled
                cancelled.invitees = removed
                let cancel = ITIPWriter.hostMessage(for: cancelled, at: now)
                messages += removed.map { (cancel, $0.person) }
            }
            return messages
        }
        guard let mine = meeting.mine(me) else { return [] }
        return [(ITIPWriter.reply(for: meeting, from: mine, at: now), meeting.host)]
    }

    /// Writes `message` for `recipient` (atomically: a file there is whole; private, as the
    /// database is) and returns its path.
    @discardableResult
    public func write(_ message: ITIPMessage, to recipient: MeetingPerson) throws -> String {
        try PrivateFile.makeFolder(folder)
        let form = message.form == .poll ? "poll" : "event"
        let name = "\(Self.slug(message.title))-\(message.method.rawValue.lowercased())-\(form)-to-"
            + "\(Self.slug(recipient.email, keeping: "@.+"))-\(message.sequence).ics"
        let path = (folder as NSString).appendingPathComponent(name)
        try PrivateFile.write(Data(ITIPWriter.text(of: message).utf8), to: path)
        return path
    }

    /// Lowercase letters, digits and `-` (and `extra`), at most 40 characters: safe in a file name.
    static func slug(_ text: String, keeping extra: String = "") -> String {
        var out = ""
        for character in text.lowercased() {
            if character.isASCII && (character.isLetter || character.isNumber) || extra.contains(character) {
                out.append(character)
            } else if out.last != "-" {
                out.append("-")
            }
        }
        let trimmed = String(out.trimmingCharacters(in: CharacterSet(charactersIn: "-")).prefix(40))
        return trimmed.isEmpty ? "meeting" : trimmed
    }
}
