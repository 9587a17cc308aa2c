import Foundation
import GRDB
import Testing

@testable import DatebookKit

/// Broken files: each problem is reported with its line, component and UID, the rest is
/// imported, and a failed import writes nothing.
@Suite("iCalendar bad input")
struct ICalendarBadInputTests {
    static let good = """
        BEGIN:VEVENT
        UID:good@example.com
        DTSTART:20261123T090000Z
        DTEND:20261123T100000Z
        SUMMARY:Good
        END:VEVENT
        """

    @Test("a date the calendar does not have is imported where libical puts it, and said")
    func impossibleDates() throws {
        let store = try CalendarFixtures.store()
        let text = CalendarFixtures.calendar(
            """
            BEGIN:VEVENT
            UID:feb30@example.com
            DTSTART:20260230T120000Z
            DTEND:20260230T250000Z
            SUMMARY:February 30
            END:VEVENT
            BEGIN:VEVENT
            UID:month13@example.com
            DTSTART;VALUE=DATE:20281329
            SUMMARY:Month 13
            END:VEVENT
            BEGIN:VEVENT
            UID:leap@example.com
            DTSTART:20280229T120000Z
            RRULE:FREQ=YEARLY;COUNT=2
            EXDATE:20270229T120000Z
            SUMMARY:Leap day
            END:VEVENT
            \(Self.good)
            """)
        let report = try CalendarFixtures.importText(text, into: store)
        #expect(report.added == 4)
        #expect(report.skipped.isEmpty)
        let said = report.warnings.map(\.message)
        #expect(said.contains(
            "DTSTART 20260230T120000Z is not a date: February has no day 30; it was read as 2026-03-02 12:00"))
        #expect(said.contains(
            "DTEND 20260230T250000Z is not a date: February has no day 30; it was read as 2026-03-03 01:00"))
        #expect(said.contains(
            "DTSTART 20281329 is not a date: there is no month 13 (months are 1 to 12); it was read as 2029-01-29"))
        #expect(said.contains(
            "EXDATE 20270229T120000Z is not a date: February 2027 has no day 29; it was read as 2027-03-01 12:00"))
        // The real 29 February 2028 and the good event say nothing.
        #expect(said.count == 4)
        let items = try store.activeItems(offset: 0, limit: 10)
        let february = try #require(items.first { $0.title == "February 30" })
        #expect(february.start == Date(timeIntervalSince1970: 1_772_452_800))  // 2026-03-02 12:00 UTC
    }

    @Test("a component that never ends is skipped, with its line; the next one is imported")
    func unterminated() throws {
        let store = try CalendarFixtures.store()
        let text = CalendarFixtures.calendar(
            """
            BEGIN:VEVENT
            UID:broken@example.com
            DTSTART:20261122T090000Z
            SUMMARY:Never ends
            \(Self.good)
            END:VALARM
            """)
        let report = try CalendarFixtures.importText(text, into: store)
        #expect(report.added == 1)
        #expect(report.skipped.count == 1)
        #expect(report.skipped.first?.line == 4)
        #expect(report.skipped.first?.component == "VEVENT")
        #expect(report.skipped.first?.message.contains("no END:VEVENT") == true)
        #expect(report.warnings.contains { $0.message.contains("END:VALARM without BEGIN:VALARM") })
        #expect(try store.activeItems(offset: 0, limit: 10).map(\.title) == ["Good"])
    }

    @Test("a property libical cannot read is left out with a note, the component kept")
    func malformedProperty() throws {
        let store = try CalendarFixtures.store()
        let report = try CalendarFixtures.importText(
            CalendarFixtures.calendar(
                """
                BEGIN:VEVENT
                UID:odd@example.com
                DTSTART:20261123T090000Z
                DTEND:tomorrow-ish
                SUMMARY:Odd
                END:VEVENT
                """), into: store)
        #expect(report.added == 1)
        #expect(report.warnings.contains {
            $0.uid == "odd@example.com" && $0.message.contains("could not read") && $0.message.contains("tomorrow-ish")
        })
        // Without a readable end, the event lasts no time at all.
        let item = try #require(try store.activeItems(offset: 0, limit: 1).first)
        #expect(item.end == item.start)
    }

    /// A VEVENT holding `depth` nested components named `name`, closed by `closing` (or by the
    /// same name).
    static func nested(_ name: String, depth: Int, closing: String? = nil) -> String {
        (["BEGIN:VEVENT", "UID:deep@example.com", "DTSTART:20260101T100000Z", "SUMMARY:Deep"]
            + Array(repeating: "BEGIN:\(name)", count: depth)
            + Array(repeating: "END:\(closing ?? name)", count: depth)
            + ["END:VEVENT"]).joined(separator: "\n")
    }

    @Test(
        "a component nested too deeply is skipped before libical walks it; the rest is imported",
        arguments: [("VALARM", 32_656), ("X-FOO", 32_656), ("VALARM", ICalendarScanner.maximumDepth)])
    func nestedTooDeeply(name: String, depth: Int) throws {
        let store = try CalendarFixtures.store()
        let report = try CalendarFixtures.importText(
            CalendarFixtures.calendar(Self.nested(name, depth: depth) + "\n" + Self.good), into: store)
        #expect(report.added == 1)
        #expect(report.skipped.count == 1)
        #expect(report.skipped.first?.line == 4)
        #expect(report.skipped.first?.message.contains("nested too deeply") == true)
        #expect(try store.activeItems(offset: 0, limit: 10).map(\.title) == ["Good"])
    }

    @Test("nesting up to the limit is read as usual")
    func nestedWithinTheLimit() throws {
        let store = try CalendarFixtures.store()
        let report = try CalendarFixtures.importText(
            CalendarFixtures.calendar(Self.nested("X-FOO", depth: ICalendarScanner.maximumDepth - 1)), into: store)
        #expect(report.added == 1)
        #expect(report.skipped.isEmpty)
        #expect(try store.activeItems(offset: 0, limit: 10).map(\.title) == ["Deep"])
    }

    @Test("many BEGINs whose ENDs name something else are skipped without a search per line")
    func unmatchedEndsAtDepth() throws {
        let store = try CalendarFixtures.store()
        let report = try CalendarFixtures.importText(
            CalendarFixtures.calendar(Self.nested("X-A", depth: 200_000, closing: "X-B") + "\n" + Self.good),
            into: store)
        #expect(report.added == 1)
        #expect(report.skipped.count == 1)
        #expect(report.skipped.first?.message.contains("nested too deeply") == true)
    }

    @Test("a VTIMEZONE with rules that ended long ago is used; one that repeats by the hour is not, and said so")
    func zoneDefinitions() throws {
        func calendar(_ rules: String) -> String {
            CalendarFixtures.calendar(
                """
                BEGIN:VTIMEZONE
                TZID:Old Zone
                BEGIN:DAYLIGHT
                DTSTART:19670430T020000
                RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=-1SU;UNTIL=19730429T070000Z
                TZOFFSETFROM:-0500
                TZOFFSETTO:-0400
                END:DAYLIGHT
                BEGIN:STANDARD
                DTSTART:19671029T020000
                \(rules)
                TZOFFSETFROM:-0400
                TZOFFSETTO:-0500
                END:STANDARD
                END:VTIMEZONE
                BEGIN:VEVENT
                UID:zoned@example.com
                DTSTART;TZID=Old Zone:20261123T090000
                DTEND;TZID=Old Zone:20261123T100000
                SUMMARY:Zoned
                END:VEVENT
                """)
        }
        let store = try CalendarFixtures.store()
        let kept = try CalendarFixtures.importText(calendar("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU"), into: store)
        #expect(kept.warnings.isEmpty, "\(kept.warnings)")
        #expect(try store.activeItems(offset: 0, limit: 1).first?.timeZone == .named("Old Zone"))

        let other = try CalendarFixtures.store()
        let refused = try CalendarFixtures.importText(calendar("RRULE:FREQ=HOURLY"), into: other)
        #expect(refused.added == 1)
        #expect(refused.warnings.contains {
            $0.message.contains("the VTIMEZONE of \u{201C}Old Zone\u{201D} cannot be used (its STANDARD part repeats other than yearly)")
        })
        #expect(try other.activeItems(offset: 0, limit: 1).first?.timeZone == .floating)
    }

    @Test("an unknown TZID without a VTIMEZONE is read as floating time, and said so")
    func unknownZone() throws {
        let store = try CalendarFixtures.store()
        let report = try CalendarFixtures.importText(
            CalendarFixtures.calendar(
                """
                BEGIN:VEVENT
                UID:mars@example.com
                DTSTART;TZID=Mars/Olympus_Mons:20261123T090000
                DTEND;TZID=Mars/Olympus_Mons:20261123T100000
                SUMMARY:Sol 1
                END:VEVENT
                """), into: store)
        #expect(report.added == 1)
        let note = try #require(report.warnings.first)
        #expect(note.uid == "mars@example.com")
        #expect(note.line == 4)
        #expect(note.message.contains("Mars/Olympus_Mons"))
        let item = try #require(try store.activeItems(offset: 0, limit: 1).first)
        #expect(item.timeZone == .floating)
        #expect(item.start == local("2026-11-23 09:00", "Europe/Berlin"))
    }

    @Test("an RRULE ending before DTSTART: the event is imported once, the rule kept for export")
    func untilBeforeStart() throws {
        let store = try CalendarFixtures.store()
        let report = try CalendarFixtures.importText(
            CalendarFixtures.calendar(
                """
                BEGIN:VEVENT
                UID:backwards@example.com
                DTSTART:20261123T090000Z
                DTEND:20261123T100000Z
                RRULE:FREQ=DAILY;UNTIL=20261101T000000Z
                SUMMARY:Backwards
                END:VEVENT
                BEGIN:VEVENT
                UID:nonsense@example.com
                DTSTART:20261124T090000Z
                DTEND:20261124T100000Z
                RRULE:FREQ=FORTNIGHTLY
                SUMMARY:Nonsense rule
                END:VEVENT
                """), into: store)
        #expect(report.added == 2)
        #expect(report.warnings.contains { $0.uid == "backwards@example.com" && $0.message.contains("UNTIL") })
        #expect(report.warnings.contains { $0.uid == "nonsense@example.com" })
        let items = try CalendarFixtures.items(store)
        #expect(items["backwards@example.com"]?.repeatRule == nil)
        #expect(items["backwards@example.com"]?.extraProperties.first?.hasPrefix("RRULE:FREQ=DAILY;UNTIL=") == true)
        let exported = try ICalendarExporter(reader: store).exportString()
        #expect(exported.contains("RRULE:FREQ=DAILY;UNTIL=20261101T000000Z"))
        #expect(try store.occurrences(from: Fixture.utc("2026-11-01 00:00"), to: Fixture.utc("2026-12-01 00:00")).count == 2)
    }

    @Test("a VEVENT without DTSTART is skipped; one without UID is given a stable one")
    func missingFields() throws {
        let store = try CalendarFixtures.store()
        let text = CalendarFixtures.calendar(
            """
            BEGIN:VEVENT
            UID:nostart@example.com
            SUMMARY:No start
            END:VEVENT
            BEGIN:VEVENT
            DTSTART:20261123T090000Z
            SUMMARY:No UID
            END:VEVENT
            """)
        let report = try CalendarFixtures.importText(text, into: store)
        #expect(report.skipped == [
            ImportReport.Note(line: 4, component: "VEVENT", uid: "nostart@example.com", message: "it has no DTSTART; skipped")
        ])
        #expect(report.added == 1)
        #expect(report.warnings.first?.message.contains("no UID") == true)
        let again = try CalendarFixtures.importText(text, into: store)
        #expect(again.updated == 1)
        #expect(try store.activeCount() == 1)
    }

    @Test("bytes that are not UTF-8 are read as Latin-1, the line named")
    func latin1() throws {
        let store = try CalendarFixtures.store()
        var data = Data(CalendarFixtures.calendar(
            """
            BEGIN:VEVENT
            UID:cafe@example.com
            DTSTART:20261123T090000Z
            SUMMARY:Caf~
            LOCATION:Zo\0e
            END:VEVENT
            """).utf8)
        data[data.firstIndex(of: UInt8(ascii: "~"))!] = 0xE9  // é in Latin-1
        let report = try ICalendarImporter(writer: store).importData(data)
        #expect(report.added == 1)
        #expect(report.warnings.contains { $0.line == 7 && $0.message.contains("Latin-1") })
        #expect(report.warnings.contains { $0.line == 8 && $0.message.contains("NUL") })
        let item = try #require(try store.activeItems(offset: 0, limit: 1).first)
        #expect(item.title == "Café")
        #expect(item.place == "Zo\u{FFFD}e")
    }

    @Test("a file that is not iCalendar is refused and nothing is written", arguments: [
        "{\"events\": []}\n", "", "\u{89}PNG\r\n\u{1A}\n\0\0\0\rIHDR",
    ])
    func notICalendar(_ text: String) throws {
        let store = try CalendarFixtures.store()
        try store.save(Fixture.event(1, "Kept", at: "2026-11-23 09:00"))
        #expect(throws: ImportError.self) { try CalendarFixtures.importText(text, into: store) }
        #expect(try store.activeCount() == 1)
    }

    @Test("an address book given to the calendar's import says where it goes, once, and writes nothing")
    func addressBook() throws {
        let store = try CalendarFixtures.store()
        let cards = (0..<3).map { "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Person \($0)\r\nEND:VCARD\r\n" }.joined()
        #expect(throws: ImportError.notICalendar("it holds 3 contacts (vCard), which `datebook contacts import` reads")) {
            try ICalendarImporter(writer: store).importData(Data(cards.utf8))
        }
        #expect(try store.activeCount() == 0)
    }

    @Test("a 50 MB file: its normal events are imported, a 49 MB component skipped as too large")
    func fiftyMegabytes() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let path = folder + "/large.ics"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.write(Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n".utf8))
        for n in 0..<20 {
            handle.write(Data("BEGIN:VEVENT\r\nUID:e\(n)@example.com\r\nDTSTART:202611\(10 + n)T090000Z\r\nSUMMARY:Event \(n)\r\nEND:VEVENT\r\n".utf8))
        }
        handle.write(Data("BEGIN:VEVENT\r\nUID:huge@example.com\r\nDTSTART:20261201T090000Z\r\nATTACH;ENCODING=BASE64;VALUE=BINARY:".utf8))
        let block = Data(repeating: UInt8(ascii: "A"), count: 1_000_000)
        for _ in 0..<49 {
            handle.write(block)
        }
        handle.write(Data("\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8))
        try handle.close()

        let store = try CalendarFixtures.store()
        let report = try ICalendarImporter(writer: store).importFile(atPath: path)
        #expect(report.added == 20)
        #expect(report.skipped.count == 1)
        #expect(report.skipped.first?.line == 104)
        #expect(report.skipped.first?.message.contains("50 MB") == true)
    }

    @Test("when the database fails halfway, the import writes nothing and the data stays as it was")
    func allOrNothing() throws {
        let store = try CalendarFixtures.store()
        try CalendarFixtures.importFixture("google-calendar-export.ics", into: store)
        let before = try CalendarFixtures.items(store)
        // A database that refuses one particular item, as a full disk would refuse any.
        try store.dbQueue.write { db in
            try db.execute(
                sql: """
                    CREATE TEMP TRIGGER refuse BEFORE INSERT ON item WHEN NEW.title = 'Dentist'
                    BEGIN SELECT RAISE(ABORT, 'no space left'); END
                    """)
        }
        #expect(throws: ImportError.self) {
            try CalendarFixtures.importFixture("thunderbird-lightning.ics", into: store)
        }
        #expect(try CalendarFixtures.items(store) == before)
        let instances = try store.dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM occurrence") }
        #expect((instances ?? 0) > 0)
        #expect(try store.occurrences(from: Fixture.utc("2026-11-26 00:00"), to: Fixture.utc("2026-11-27 00:00")).isEmpty)
    }

    /// The text the scanner hands libical for each component of `lines`, and its notes.
    static func scanned(_ lines: [String]) -> (texts: [String], notes: [String]) {
        let bytes = Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
        return bytes.withUnsafeBytes { buffer in
            let scanner = ICalendarScanner(buffer)
            return (scanner.chunks.map { ICalendarScanner.text(of: $0, in: buffer).text }, scanner.problems.map(\.message))
        }
    }

    @Test("libical is handed each component as the scanner read it: folded boundaries unfolded, nameless ones left out, missing ENDs written")
    func componentTextAsScanned() {
        let (texts, notes) = Self.scanned([
            "BEGIN:VCALENDAR",
            "BEGIN:VEVENT", "UID:a", "BEGIN:VALARM", "TRIGGER:-PT5M", "E", " ND:VALARM", "END;X=1:VEVENT", "END:VEVENT",
            "", "\tBEGIN:VEVENT", "UID:b", "BEGIN:VALARM", "TRIGGER:-PT5M", "END:VEVENT",
            "END:VCALENDAR",
        ])
        #expect(texts == [
            "BEGIN:VEVENT\r\nUID:a\r\nBEGIN:VALARM\r\nTRIGGER:-PT5M\r\nEND:VALARM\r\nEND:VEVENT\r\n",
            "BEGIN:VEVENT\r\nUID:b\r\nBEGIN:VALARM\r\nTRIGGER:-PT5M\r\nEND:VALARM\r\nEND:VEVENT\r\n",
        ])
        #expect(notes == [
            "an END line without a component's name; ignored",
            "VALARM inside it did not end; closed here",
        ])
    }
}
