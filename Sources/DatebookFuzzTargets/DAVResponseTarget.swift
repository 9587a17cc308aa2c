import DatebookKit
import Foundation

/// What a CalDAV/CardDAV server answers: WebDAV multistatus bodies (a sync-collection report
/// with its token, a PROPFIND of ETags, a multiget with calendar data and cards, discovery's
/// home sets), mutated line by line, read as the sync reads them: the XML (libxml2, no network,
/// no external entities, 64 levels at most), the responses, and each resource's calendar data
/// as one item.
///
/// Oracle: besides crashes and time, no response may have an empty href, and nothing read may
/// hold the text of a file an external entity names (`/etc/passwd`).
struct DAVResponseTarget: FuzzTarget {
    let name = "dav"
    let fileExtension = "xml"

    static let seeds: [String] = [
        """
        <?xml version='1.0' encoding='utf-8'?>
        <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
          <sync-token>http://radicale.org/ns/sync/abc</sync-token>
          <response>
            <href>/alice/calendar/one.ics</href>
            <propstat><prop><getetag>"e-1"</getetag></prop><status>HTTP/1.1 200 OK</status></propstat>
          </response>
          <response><href>/alice/calendar/gone%20away.ics</href><status>HTTP/1.1 404 Not Found</status></response>
        </multistatus>
        """,
        """
        <?xml version="1.0" encoding="utf-8"?>
        <d:multistatus xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav">
          <d:response>
            <d:href>/alice/calendar/two.ics</d:href>
            <d:propstat>
              <d:prop>
                <d:getetag>"e-2"</d:getetag>
                <cal:calendar-data>BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//x//x//EN
        BEGIN:VEVENT
        UID:two@example.org
        DTSTAMP:20261101T000000Z
        DTSTART;TZID=Europe/Berlin:20261201T100000
        DTEND;TZID=Europe/Berlin:20261201T110000
        RRULE:FREQ=WEEKLY;COUNT=10
        SUMMARY:Planning &amp; more
        ATTENDEE;CN=Bob:mailto:bob@example.org
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER:-PT15M
        END:VALARM
        END:VEVENT
        END:VCALENDAR
        </cal:calendar-data>
              </d:prop>
              <d:status>HTTP/1.1 200 OK</d:status>
            </d:propstat>
          </d:response>
        </d:multistatus>
        """,
        """
        <?xml version="1.0"?>
        <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:CR="urn:ietf:params:xml:ns:carddav">
          <response>
            <href>/alice/</href>
            <propstat>
              <prop>
                <current-user-principal><href>/alice/</href></current-user-principal>
                <C:calendar-home-set><href>/alice/</href></C:calendar-home-set>
                <CR:addressbook-home-set><href>/alice/</href></CR:addressbook-home-set>
                <resourcetype><collection/><C:calendar/></resourcetype>
                <displayname>Calendar</displayname>
                <C:supported-calendar-component-set><C:comp name="VEVENT"/><C:comp name="VTODO"/></C:supported-calendar-component-set>
              </prop>
              <status>HTTP/1.1 200 OK</status>
            </propstat>
          </response>
        </multistatus>
        """,
        """
        <?xml version="1.0"?>
        <!DOCTYPE multistatus [<!ENTITY xxe SYSTEM "file:///etc/passwd"><!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
        <multistatus xmlns="DAV:"><response><href>/alice/calendar/&xxe;.ics</href>
        <propstat><prop><getetag>"&b;"</getetag></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>
        """,
    ]

    /// Values that stress the reader: entities, bad encodings, deep or broken markup, statuses.
    static let values = [
        "", "&xxe;", "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;", "&#0;", "&#x1B;]0;x&#x7;", "<![CDATA[BEGIN:VCALENDAR]]>",
        "HTTP/1.1 999 Odd", "HTTP/1.1", "HTTP/1.1 207", "\u{FFFE}", "\u{202E}evil", "%00%2F..%2F", "/../../etc/passwd",
        "</href>", "<href>", String(repeating: "<a>", count: 200), String(repeating: "x", count: 20_000),
    ]

    /// Encodings an XML declaration may name: libxml2's own, iconv's, and none at all.
    static let encodings = ["UTF-8", "EUC-JP", "BIG5", "GB2312", "UTF-7", "UCS-4", "ISO-2022-JP", "SHIFT_JIS",
                            "UTF-16", "EBCDIC", "ISO-8859-1", "US-ASCII", "nonsense", ""]

    func input(seed: UInt64, index: Int) -> [UInt8] {
        var dice = Dice(seed: seed, salt: 8, index: index)
        let lines = ICalendarTarget.lines(Array(dice.pick(Self.seeds).utf8))
        return LineMutations.input(lines, &dice, lineEnd: { _ in [0x0A] }, mutate: mutate)
    }

    private func mutate(_ lines: inout [[UInt8]], _ dice: inout Dice) {
        guard !lines.isEmpty else { return }
        let at = dice.int(0...lines.count - 1)
        let roll = dice.int(0...8)
        if LineMutations.reshape(&lines, at: at, roll: roll, most: 2_000, &dice) { return }
        switch roll {
        case 5:  // an encoding declared, through iconv or not, that the bytes may not keep to
            let encoding = dice.pick(Self.encodings)
            lines[0] = Array("<?xml version=\"1.0\" encoding=\"\(encoding)\"?>".utf8)
        case 4:  // nesting
            let count = dice.oneIn(4) ? dice.int(50...3_000) : dice.few(4)
            lines.insert(Array(String(repeating: dice.pick(["<prop>", "<d:response>", "<x>"]), count: count).utf8), at: at)
        default:  // a value between two tags replaced
            if let close = lines[at].firstIndex(of: 0x3E), close + 1 < lines[at].count,
                let open = lines[at][(close + 1)...].firstIndex(of: 0x3C)
            {
                lines[at].replaceSubrange((close + 1)..<open, with: Array(dice.pick(Self.values).utf8))
            } else {
                lines[at] += Array(dice.pick(Self.values).utf8)
            }
        }
    }

    func run(_ input: [UInt8]) -> String? {
        // An answer that cannot be read is an error the sync reports, not a failure.
        guard let answer = try? DAVMultistatus(xml: Data(input)) else { return nil }
        for response in answer.responses {
            if response.href.isEmpty { return "a response with an empty href" }
            var texts = [response.href, response.etag ?? "", answer.syncToken ?? ""]
            if let data = response.text("calendar-data", in: DAVNamespace.caldav) {
                texts.append(data)
                _ = ICalendarResource(timeZone: ICalendarTarget.zone, now: ICalendarTarget.now, storedZoneDefinitions: [:])
                    .read(data)
            }
            if let card = response.text("address-data", in: DAVNamespace.carddav) { texts.append(card) }
            if texts.contains(where: { $0.contains("root:x:0:0") }) { return "an external entity was read: /etc/passwd" }
        }
        return nil
    }
}
