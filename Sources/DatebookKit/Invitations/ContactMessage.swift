import Foundation

/// A message between two people's planners about knowing each other: a friend request, its
/// answer, or its withdrawal.
///
/// It travels as meeting messages do (the outbox; the recipient's inbox on the server, or a file
/// for `datebook inbox`). An inbox is a calendar collection, which takes iCalendar only, so the
/// message is one `VJOURNAL` whose `X-DATEBOOK-CONTACT` says what it is, from its `ORGANIZER`
/// to its `ATTENDEE`:
///
///     BEGIN:VCALENDAR
///     VERSION:2.0
///     PRODID:-//Datebook//Datebook 0.1//EN
///     BEGIN:VJOURNAL
///     UID:contact-request-…
///     DTSTAMP:20261123T120000Z
///     SUMMARY:Alice asks to be your contact
///     ORGANIZER;CN=Alice:mailto:alice@example.org
///     ATTENDEE;CN=Bob:mailto:bob@example.org
///     X-DATEBOOK-CONTACT:REQUEST
///     END:VJOURNAL
///     END:VCALENDAR
public struct ContactMessage: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        /// I ask to be their contact.
        case request = "REQUEST"
        /// I accept their request.
        case accept = "ACCEPT"
        /// I decline their request.
        case decline = "DECLINE"
        /// I take back the request I sent.
        case withdraw = "WITHDRAW"
    }

    public var kind: Kind
    public var from: MeetingPerson
    public var to: MeetingPerson
    public var uid: String
    public var stamp: Date

    public init(kind: Kind, from: MeetingPerson, to: MeetingPerson, uid: String, stamp: Date) {
        self.kind = kind
        self.from = from
        self.to = to
        self.uid = uid
        self.stamp = stamp
    }

    /// What the message says, in words, as its SUMMARY.
    public var summary: String {
        switch kind {
        case .request: return "\(from.shownName) asks to be your contact"
        case .accept: return "\(from.shownName) accepted your contact request"
        case .decline: return "\(from.shownName) declined your contact request"
        case .withdraw: return "\(from.shownName) withdrew their contact request"
        }
    }

    /// The message as an iCalendar file.
    public var text: String {
        let lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(ITIPWriter.productID)", "BEGIN:VJOURNAL",
            "UID:" + ICalendarEncoder.escapedText(uid), "DTSTAMP:" + ICalendarEncoder.utcText(stamp),
            "SUMMARY:" + ICalendarEncoder.escapedText(summary), ITIPWriter.person("ORGANIZER", from),
            ITIPWriter.person("ATTENDEE", to), "X-DATEBOOK-CONTACT:" + kind.rawValue, "END:VJOURNAL", "END:VCALENDAR",
        ]
        return lines.map { ICalendarEncoder.folded(ControlCharacters.inICalendar($0)) }.joined()
    }

    /// Reads a contact message; nil when `data` is not one (a meeting message, say), so the
    /// caller can read it another way. Throws when it is one but lacks what it needs.
    public static func read(_ data: Data) throws(ITIPReader.Failure) -> ContactMessage? {
        guard data.count <= ITIPReader.largest,
            let journal = journals(in: data).first(where: { $0.contains { $0.name == "X-DATEBOOK-CONTACT" } })
        else { return nil }
        return try message(journal)
    }

    /// The properties of each `VJOURNAL` directly inside the calendar of `data`, in order: where
    /// Datebook's own messages (a contact message, a sealed meeting message) keep what they say.
    static func journals(in data: Data) -> [[VCardProperty]] {
        var journals: [[VCardProperty]] = []
        var depth = 0
        var properties: [VCardProperty]?
        for line in VCardLines(Array(data)) {
            guard let property = VCardProperty(line) else { continue }
            switch property.name {
            case "BEGIN":
                depth += 1
                properties = depth == 2 && property.text.uppercased() == "VJOURNAL" ? [] : nil
            case "END":
                if let found = properties { journals.append(found) }
                depth -= 1
                properties = nil
            default:
                properties?.append(property)
            }
        }
        return journals
    }

    private static func message(_ properties: [VCardProperty]) throws(ITIPReader.Failure) -> ContactMessage {
        func first(_ name: String) -> VCardProperty? { properties.first { $0.name == name } }
        let word = first("X-DATEBOOK-CONTACT")?.text.trimmingCharacters(in: .whitespaces).uppercased() ?? ""
        guard let kind = Kind(rawValue: word) else { throw .badSlot("X-DATEBOOK-CONTACT:\(word) is not a contact message Datebook reads") }
        guard let from = first("ORGANIZER").map(ITIPReader.person), Contact.isEmailAddress(from.email) else {
            throw .missing("sender (ORGANIZER with an e-mail address)")
        }
        guard let to = first("ATTENDEE").map(ITIPReader.person), Contact.isEmailAddress(to.email) else {
            throw .missing("recipient (ATTENDEE with an e-mail address)")
        }
        guard let uid = first("UID")?.text, !uid.isEmpty else { throw .missing("UID") }
        let stamp = first("DTSTAMP").flatMap(ITIPReader.date) ?? Date(timeIntervalSince1970: 0)
        return ContactMessage(kind: kind, from: from, to: to, uid: uid, stamp: stamp)
    }
}
