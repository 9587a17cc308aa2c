import Foundation

/// A meeting message as it travels through a CalDAV server's inbox collection when the server
/// would not store it as it is: one `VJOURNAL` whose `X-DATEBOOK-MESSAGE` holds the message's
/// bytes in base64, as plain text (with `ENCODING=BASE64` Radicale's vobject fails on the
/// value and the server answers 400). A server stores `VEVENT`, `VTODO` and `VJOURNAL` in a calendar collection;
/// a poll is a `VPOLL`, which some refuse (Radicale 3.9 answers 400, its time-range code
/// failing on the component), so a poll goes sealed and every other message as it is.
///
///     BEGIN:VCALENDAR
///     VERSION:2.0
///     PRODID:-//Datebook//Datebook 0.1//EN
///     BEGIN:VJOURNAL
///     UID:planning-request-poll-to-bob@example.org-0
///     DTSTAMP:20261127T010000Z
///     SUMMARY:A meeting message for Datebook
///     X-DATEBOOK-MESSAGE:QkVHSU46VkNBTEVOREFS…
///     END:VJOURNAL
///     END:VCALENDAR
///
/// The reader (`InboxFile`) opens an envelope and reads what is inside as any message file.
public enum MessageEnvelope {
    static let property = "X-DATEBOOK-MESSAGE"

    /// True when `data` should travel sealed: it holds a `VPOLL`.
    static func isSealed(whenSending data: Data) -> Bool {
        let needle = Array("BEGIN:VPOLL".utf8)
        return data.withUnsafeBytes { bytes in
            guard bytes.count >= needle.count else { return false }
            for start in 0...(bytes.count - needle.count) {
                var index = 0
                while index < needle.count, Self.upper(bytes[start + index]) == needle[index] { index += 1 }
                if index == needle.count { return true }
            }
            return false
        }
    }

    /// `data` sealed in an envelope named `uid` (unique in the inbox: a server refuses two
    /// resources with one UID), stamped `now`.
    static func seal(_ data: Data, uid: String, now: Date) -> Data {
        let lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(ITIPWriter.productID)", "BEGIN:VJOURNAL",
            "UID:" + ICalendarEncoder.escapedText(uid), "DTSTAMP:" + ICalendarEncoder.utcText(now),
            "SUMMARY:A meeting message for Datebook",
            "\(property):" + data.base64EncodedString(),
            "END:VJOURNAL", "END:VCALENDAR",
        ]
        return Data(lines.map { ICalendarEncoder.folded(ControlCharacters.inICalendar($0)) }.joined().utf8)
    }

    /// The message inside `data` when it is an envelope; nil when it is not one (a message
    /// sent as it is). An envelope whose content is not base64 is no message: nil too.
    public static func opened(_ data: Data) -> Data? {
        guard data.count <= ITIPReader.largest,
            let content = ContactMessage.journals(in: data).lazy.compactMap({ $0.first { $0.name == property } }).first
        else { return nil }
        return Data(base64Encoded: String(decoding: content.value, as: UTF8.self).filter { !$0.isWhitespace })
    }

    private static func upper(_ byte: UInt8) -> UInt8 {
        (0x61...0x7A).contains(byte) ? byte - 0x20 : byte
    }
}
