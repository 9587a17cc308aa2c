import DatebookKit
import Foundation

/// The iCalendar reader: real files (the test fixtures) mutated, imported into a store in
/// memory, a range of the calendar read, and everything exported again.
///
/// Oracle: besides crashes and time, an export must carry no raw control character other than
/// the line breaks and tabs the format needs (issue 14, point 4).
struct ICalendarTarget: FuzzTarget {
    let name = "ical"
    let fileExtension = "ics"
    /// The seed files, each as its lines (without line ends).
    let seeds: [[[UInt8]]]
    let stores = ReusedStore(now: Self.now, timeZone: Self.zone)

    static let now = Date(timeIntervalSince1970: 1_795_338_000)  // 2026-11-22 09:00 UTC, as the tests
    static let zone = TimeZone(identifier: "Europe/Berlin")!

    init(seedFiles: [[UInt8]]) {
        seeds = seedFiles.map { Self.lines($0) }
    }

    static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in bytes {
            if byte == 0x0A {
                if current.last == 0x0D { current.removeLast() }
                lines.append(current)
                current = []
            } else {
                current.append(byte)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    // MARK: - Making an input

    func input(seed: UInt64, index: Int) -> [UInt8] {
        var dice = Dice(seed: seed, salt: 1, index: index)
        var lines = dice.pick(seeds)
        for _ in 0..<dice.few(8) {
            mutate(&lines, &dice)
        }
        let separator: [UInt8] = dice.oneIn(10) ? [0x0A] : [0x0D, 0x0A]
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.reduce(0) { $0 + $1.count + 2 })
        for line in lines {
            bytes += line
            bytes += separator
        }
        // Damage to the file as a whole: a flipped byte, a cut.
        if !bytes.isEmpty && dice.oneIn(6) {
            for _ in 0..<dice.few(8) {
                let at = dice.int(0...bytes.count - 1)
                bytes[at] = dice.oneIn(2) ? bytes[at] ^ (1 << UInt8(dice.int(0...7))) : dice.byte()
            }
        }
        if !bytes.isEmpty && dice.oneIn(25) { bytes.removeLast(dice.int(0...bytes.count - 1)) }
        // Lines ended by a CR alone, or a CR at a line's start (finding 29). Rolled last, so
        // every other input stays what it was.
        if dice.oneIn(30) {
            let starts = bytes.indices.filter { $0 > 0 && bytes[$0 - 1] == 0x0A }
            let chosen = Set((0..<dice.few(4)).compactMap { _ in starts.isEmpty ? nil : dice.pick(starts) })
            for at in chosen.sorted(by: >) {
                if dice.oneIn(2) && at >= 2 && bytes[at - 2] == 0x0D {
                    bytes.remove(at: at - 1)
                } else {
                    bytes.insert(0x0D, at: at)
                }
            }
        }
        // Many series at once that cost their walks the most: dense ones inside the range the
        // run reads (finding 33), or hourly and minutely ones whose days come years or weeks
        // apart (finding 34). Rolled last too.
        if dice.oneIn(40) {
            var block: [UInt8] = []
            let sparse = dice.oneIn(2)
            for n in 0..<dice.int(2...64) {
                let start: Date
                let rule: String
                if sparse {
                    // From any day of 2026 to 2028 or of 2097 (no 29 February until 2104).
                    start = Date(timeIntervalSince1970: dice.pick([1_767_225_600.0, 4_007_836_800])
                        + Double(dice.int(0...1_095)) * 86_400 + Double(dice.int(0...23)) * 3_600)
                    rule = dice.pick([
                        "FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=29", "FREQ=HOURLY;BYYEARDAY=366", "FREQ=MINUTELY;BYMONTHDAY=31",
                        "FREQ=HOURLY;INTERVAL=5;BYMONTH=2;BYMONTHDAY=29;BYMINUTE=0,30", "FREQ=MINUTELY;BYMONTH=2;BYDAY=MO",
                    ]) + dice.pick(["", ";COUNT=1000000000", ";UNTIL=21100101T000000Z"])
                } else {
                    // Up to a month either side of `now`, on the minute.
                    start = Self.now.addingTimeInterval(Double(dice.int(-44_640...44_640)) * 60)
                    rule = "FREQ=\(dice.pick(["SECONDLY", "SECONDLY", "MINUTELY"]));INTERVAL=\(dice.int(1...3))"
                        + dice.pick(["", ";COUNT=1000000000", ";COUNT=2147483647"])
                }
                block += Array(
                    ("BEGIN:VEVENT\r\nUID:dense-\(n)\r\nDTSTART:\(Self.utcStamp(start))\r\nSUMMARY:dense \(n)\r\n"
                        + "RRULE:\(rule)\r\nEND:VEVENT\r\n").utf8)
            }
            Self.add(block, to: &bytes)
        }
        // Many zones the file defines, as Outlook writes them (parts repeating from 1601), each
        // used by an event of a year from now to 9999: libical expands each zone a year at a
        // time, and again for each time past 2582 (findings 39 and 42), or as many of the
        // system's zones (finding 63); one zone in eight changes the clocks every week (finding
        // 64). Or fewer zones, some
        // of them the system's, each used by events in years ascending a few at a time to
        // 2582: libical expanded a zone again for each (finding 62). Rolled last too.
        if dice.oneIn(40) {
            var zones: [UInt8] = []
            var events: [UInt8] = []
            if dice.oneIn(3) {
                let step = dice.int(1...9)
                // At most about 3,000 events: the class is the zones' walks, not the file's size.
                let zonesAtMost = max(1, min(40, 3_000 / ((2582 - 2026) / step + 1)))
                for n in 0..<dice.int(1...zonesAtMost) {
                    let system = dice.oneIn(2)
                    let tzid = system ? dice.pick(Self.systemZones) : "Zone \(n) Standard Time"
                    if !system { zones += Self.outlookZone(tzid, dense: dice.oneIn(8)) }
                    for year in stride(from: 2026, through: 2582, by: step) {
                        events += Array(
                            ("BEGIN:VEVENT\r\nUID:ascending-\(n)-\(year)\r\n"
                                + "DTSTART;TZID=\(tzid):\(year)0611T120000\r\nSUMMARY:ascending\r\nEND:VEVENT\r\n").utf8)
                    }
                }
            } else {
                // Half the time some of the system's zones instead, which libical walked up
                // to each time too (finding 63).
                let system = dice.oneIn(2)
                for n in 0..<dice.int(2...(system ? Self.everySystemZone.count : 300)) {
                    let tzid = system ? Self.everySystemZone[n] : "Zone \(n) Standard Time"
                    if !system { zones += Self.outlookZone(tzid, dense: dice.oneIn(8)) }
                    let year = dice.pick([2026, 2500, 2583, 4063, 9999, dice.int(2026...9999)])
                    events += Array(
                        ("BEGIN:VEVENT\r\nUID:zoned-\(n)\r\nDTSTART;TZID=\(tzid):\(String(format: "%04d", year))0611T120000\r\n"
                            + "SUMMARY:zoned \(n)\r\n" + (dice.oneIn(4) ? "RRULE:FREQ=DAILY;COUNT=3\r\n" : "")
                            + "END:VEVENT\r\n").utf8)
                }
            }
            let block = zones + events
            Self.add(block, to: &bytes)
        }
        // Thousands of changed instances of one series, or of VALARMs in one event: each was
        // added by copying all before it (findings 44 and 45). Rolled last too.
        if dice.oneIn(40) {
            var block: [UInt8] = []
            let count = dice.int(100...8_000)
            let first = Self.now.addingTimeInterval(Double(dice.int(-720...720)) * 3_600)
            if dice.oneIn(2) {
                block += Array(("BEGIN:VEVENT\r\nUID:many\r\nDTSTART:\(Self.utcStamp(first))\r\nDURATION:PT1H\r\n"
                    + "RRULE:FREQ=HOURLY\r\nSUMMARY:many\r\nEND:VEVENT\r\n").utf8)
                for n in 0..<count {
                    let id = first.addingTimeInterval(Double(n) * 3_600)
                    block += Array(("BEGIN:VEVENT\r\nUID:many\r\nRECURRENCE-ID:\(Self.utcStamp(id))\r\n"
                        + "DTSTART:\(Self.utcStamp(id.addingTimeInterval(Double(dice.int(-60...60)) * 60)))\r\n"
                        + "DURATION:PT1H\r\nSUMMARY:moved \(n)\r\nEND:VEVENT\r\n").utf8)
                }
            } else {
                block += Array("BEGIN:VEVENT\r\nUID:alarms\r\nDTSTART:\(Self.utcStamp(first))\r\nSUMMARY:alarms\r\n".utf8)
                for n in 0..<count {
                    block += Array("BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT\(n)M\r\nDESCRIPTION:x\r\nEND:VALARM\r\n".utf8)
                }
                block += Array("END:VEVENT\r\n".utf8)
            }
            Self.add(block, to: &bytes)
        }
        return bytes
    }

    /// Puts `block` (whole components) before the file's last `END:VCALENDAR`, or in a calendar
    /// of its own after the file when it has none.
    static func add(_ block: [UInt8], to bytes: inout [UInt8]) {
        if let end = lastRange(of: Array("END:VCALENDAR".utf8), in: bytes) {
            bytes.insert(contentsOf: block, at: end)
        } else {
            bytes += Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\n".utf8) + block + Array("END:VCALENDAR\r\n".utf8)
        }
    }

    /// `20261122T090000Z`.
    static func utcStamp(_ date: Date) -> String {
        let fields = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", fields.year!, fields.month!, fields.day!,
                      fields.hour!, fields.minute!, fields.second!)
    }

    /// Where the last `needle` in `bytes` begins.
    static func lastRange(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return stride(from: bytes.count - needle.count, through: 0, by: -1).first {
            bytes[$0..<$0 + needle.count].elementsEqual(needle)
        }
    }

    /// Property names whose values are dates, durations, rules.
    static let dateNames = ["DTSTART", "DTEND", "DUE", "RECURRENCE-ID", "EXDATE", "RDATE", "DTSTAMP", "CREATED",
                            "LAST-MODIFIED", "COMPLETED"]
    static let durationNames = ["DURATION", "TRIGGER"]
    static let components = ["VEVENT", "VTODO", "VALARM", "VTIMEZONE", "STANDARD", "DAYLIGHT", "VJOURNAL",
                             "VFREEBUSY", "X-FOO", "VCALENDAR"]

    private func mutate(_ lines: inout [[UInt8]], _ dice: inout Dice) {
        let count = lines.count
        func anyLine(_ dice: inout Dice) -> Int { dice.int(0...max(0, count - 1)) }
        func insert(_ new: [[UInt8]], _ dice: inout Dice) {
            lines.insert(contentsOf: new, at: dice.int(0...lines.count))
        }
        guard count > 0 else {
            lines.append(Array("BEGIN:VCALENDAR".utf8))
            return
        }
        switch dice.int(0...17) {
        case 0:  // flip bits or set bytes in one line
            let at = anyLine(&dice)
            if !lines[at].isEmpty {
                for _ in 0..<dice.few(4) {
                    let column = dice.int(0...lines[at].count - 1)
                    lines[at][column] = dice.oneIn(2) ? lines[at][column] ^ (1 << UInt8(dice.int(0...7))) : dice.byte()
                }
            }
        case 1:  // control bytes and invalid UTF-8 inside a line
            let at = anyLine(&dice)
            let junk = dice.pick([[0x1B], [0x07], [0x00], [0x1B, 0x5B, 0x32, 0x4A], [0xC2, 0x9B], [0x9B], [0xFF, 0xFE],
                                  [0xC3, 0x28], [0xE2, 0x82], [0xF0, 0x9F, 0x8E], [0xED, 0xA0, 0x80], [0x7F],
                                  [0x1B, 0x5D, 0x30, 0x3B, 0x78, 0x07], [0xEF, 0xBB, 0xBF]] as [[UInt8]])
            lines[at].insert(contentsOf: junk, at: dice.int(0...lines[at].count))
        case 2:  // delete lines
            let at = anyLine(&dice)
            lines.removeSubrange(at..<min(lines.count, at + dice.few(6)))
        case 3:  // duplicate a line
            let at = anyLine(&dice)
            lines.insert(contentsOf: Array(repeating: lines[at], count: dice.oneIn(20) ? dice.int(2...2000) : dice.few(3)),
                         at: at)
        case 4:  // swap two lines
            lines.swapAt(anyLine(&dice), anyLine(&dice))
        case 5:  // splice lines from another file
            let other = dice.pick(seeds)
            let from = dice.int(0...other.count - 1)
            insert(Array(other[from..<min(other.count, from + dice.few(10))]), &dice)
        case 6, 7, 8:  // a new value for a property, by what the property holds
            let at = anyLine(&dice)
            let line = lines[at]
            guard let colon = line.firstIndex(of: 0x3A) else { break }
            let name = String(decoding: line[..<colon], as: UTF8.self).uppercased()
            let bare = String(name.prefix { $0 != ";" })
            let value: String
            if Self.dateNames.contains(bare) {
                value = dice.oneIn(4) ? (0..<dice.few(6)).map { _ in Values.dateTime(&dice) }.joined(separator: ",")
                    : Values.dateTime(&dice)
            } else if Self.durationNames.contains(bare) {
                value = Values.duration(&dice)
            } else if bare == "RRULE" || bare == "EXRULE" {
                value = Values.rule(&dice)
            } else {
                value = Text.random(&dice, maxLength: 12)
            }
            var head = Array(line[..<colon])
            if dice.oneIn(4) {
                head += Array(dice.pick([";TZID=\(dice.pick(Values.zones))", ";VALUE=DATE", ";VALUE=DATE-TIME",
                                         ";VALUE=PERIOD", ";TZID=", ";RELATED=END", ";X=\"a:b\"", ";=", ";VALUE"]).utf8)
            }
            lines[at] = head + [0x3A] + Array(value.utf8)
        case 9 where dice.oneIn(8):  // a list longer than libical keeps on one line (finding 65)
            let name = dice.pick(["EXDATE", "RDATE", "CATEGORIES", "RESOURCES", "EXDATE;VALUE=DATE", "CATEGORIES;X=\"a:b,c\""])
            let values = (0..<dice.int(300...1_500)).map { _ in
                name.hasPrefix("CATEGORIES") || name == "RESOURCES"
                    ? dice.pick(["a\\,b", "", "x", "\\", "\"q\"", Text.random(&dice, maxLength: 4)]) : Values.dateTime(&dice)
            }
            insert([Array("\(name):\(values.joined(separator: ","))".utf8)], &dice)
        case 9:  // a new property in a component
            let property = dice.pick([
                "RRULE:" + Values.rule(&dice), "RRULE:" + Values.rule(&dice), "EXDATE:" + Values.dateTime(&dice),
                "RDATE:" + Values.dateTime(&dice), "DTSTART;TZID=\(dice.pick(Values.zones)):" + Values.dateTime(&dice),
                "DTEND:" + Values.dateTime(&dice), "DURATION:" + Values.duration(&dice),
                "RECURRENCE-ID:" + Values.dateTime(&dice), "TRIGGER:" + Values.duration(&dice),
                "RDATE;VALUE=PERIOD:\(Values.dateTime(&dice))/\(Values.duration(&dice))",
                "RDATE;VALUE=PERIOD:\(Values.dateTime(&dice))/\(Values.dateTime(&dice))",
                "EXRULE:" + Values.rule(&dice), "EXDATE;VALUE=DATE:" + Values.dateTime(&dice),
                "RECURRENCE-ID;RANGE=THISANDFUTURE:" + Values.dateTime(&dice),
                "SUMMARY:" + Text.random(&dice, maxLength: 20), "CATEGORIES:" + Text.random(&dice, maxLength: 8),
                "PRIORITY:" + dice.pick(["high", "-1", "10", "99999999999", "", "MEDIUM", "x\u{1B}"]), "UID:" + Text.random(&dice, maxLength: 6),
                "ATTENDEE;CN=\(Text.random(&dice, maxLength: 4)):mailto:" + Text.random(&dice, maxLength: 6),
                "TZOFFSETFROM:" + dice.pick(["+0100", "-2400", "+9999", "+01", "x"]),
            ])
            insert([Array(property.utf8)], &dice)
        case 10:  // components opened and closed, nested, unbalanced
            let name = dice.pick(Self.components)
            let depth = dice.oneIn(40) ? dice.int(15...40_000) : dice.few(20)
            let begins = Array(repeating: Array("BEGIN:\(name)".utf8), count: depth)
            let ends = dice.oneIn(5) ? [] : Array(repeating: Array("END:\(dice.oneIn(4) ? dice.pick(Self.components) : name)".utf8),
                                                  count: depth)
            let at = dice.int(0...lines.count)
            lines.insert(contentsOf: begins + [Array("UID:nest-\(depth)".utf8)] + ends, at: at)
        case 11:  // a long line
            let at = anyLine(&dice)
            let length = dice.oneIn(50) ? dice.int(100_000...1_100_000) : dice.int(100...10_000)
            let unit = Array(dice.pick(["x", "会", ",", "\\n", ";"]).utf8)
            var long: [UInt8] = []
            long.reserveCapacity(length)
            while long.count < length { long += unit }
            lines[at] += long
        case 12:  // a folded line, well or badly
            let at = anyLine(&dice)
            let split = dice.int(0...lines[at].count)
            let rest = Array(lines[at][split...])
            lines[at].removeSubrange(split...)
            lines.insert(dice.pick([[0x20], [0x09], [], [0x20, 0x20]]) + rest, at: at + 1)
        case 13:  // BEGIN or END lines lost or changed
            let boundaries = lines.indices.filter {
                lines[$0].starts(with: Array("BEGIN:".utf8)) || lines[$0].starts(with: Array("END:".utf8))
            }
            if !boundaries.isEmpty {
                let at = dice.pick(boundaries)
                if dice.oneIn(2) {
                    lines.remove(at: at)
                } else {
                    lines[at] = Array("\(dice.oneIn(2) ? "BEGIN" : "END"):\(dice.pick(Self.components))".utf8)
                }
            }
        case 14:  // letter case and whitespace of a name
            let at = anyLine(&dice)
            lines[at] = dice.oneIn(2) ? Array(String(decoding: lines[at], as: UTF8.self).lowercased().utf8)
                : [0x20] + lines[at]
        case 15:  // an empty or nameless line
            insert([dice.pick([[], Array(":".utf8), Array(";".utf8), Array("X".utf8), Array("BEGIN:".utf8)])], &dice)
        case 16:  // a whole component taken from another file
            let other = dice.pick(seeds)
            if let begin = other.indices.filter({ other[$0] == Array("BEGIN:VEVENT".utf8) || other[$0] == Array("BEGIN:VTODO".utf8) }).randomElement(using: &dice.generator),
               let end = other[begin...].firstIndex(where: { $0.starts(with: Array("END:V".utf8)) })
            {
                insert(Array(other[begin...end]), &dice)
            }
        default:  // a VTIMEZONE with odd rules
            let tzid = dice.pick(Values.zones)
            let block = [
                "BEGIN:VTIMEZONE", "TZID:\(tzid)", "BEGIN:STANDARD", "DTSTART:" + Values.dateTime(&dice),
                "TZOFFSETFROM:" + dice.pick(["+0200", "-2400", "+9959", "+01", "", "+0000"]),
                "TZOFFSETTO:" + dice.pick(["+0100", "+2400", "-0000", "x"]),
                "RRULE:" + Values.rule(&dice), "END:STANDARD", "END:VTIMEZONE",
                "BEGIN:VEVENT", "UID:tz-\(dice.int(0...9))", "DTSTART;TZID=\(tzid):" + Values.dateTime(&dice),
                "DURATION:PT1H", dice.oneIn(2) ? "RRULE:" + Values.rule(&dice) : "SUMMARY:zoned", "END:VEVENT",
            ]
            insert(block.map { Array($0.utf8) }, &dice)
        }
    }

    /// Zones of the system with summer time, on both sides of the equator.
    static let systemZones = ["Europe/Berlin", "America/New_York", "Australia/Sydney", "America/Santiago",
                              "Europe/London", "Asia/Jerusalem", "America/St_Johns", "Pacific/Auckland"]

    /// Every zone the system knows, in one order.
    static let everySystemZone = TimeZone.knownTimeZoneIdentifiers.sorted()

    /// A VTIMEZONE as Outlook writes it: summer time from March to October, both parts
    /// repeating from 1601.
    /// Or, `dense`, one whose parts change the clocks on weekdays of every week, or hourly
    /// on some of them (finding 64).
    static func outlookZone(_ tzid: String, dense: Bool = false) -> [UInt8] {
        let standard = dense ? "FREQ=YEARLY;BYDAY=MO,WE,FR,SU" : "FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10"
        let daylight = dense ? "FREQ=YEARLY;BYDAY=TU,TH;BYHOUR=1,3,5,7,9,11,13,15" : "FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3"
        return Array(
            ("BEGIN:VTIMEZONE\r\nTZID:\(tzid)\r\nBEGIN:STANDARD\r\nDTSTART:16011028T030000\r\n"
                + "RRULE:\(standard)\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\n"
                + "END:STANDARD\r\nBEGIN:DAYLIGHT\r\nDTSTART:16010325T020000\r\n"
                + "RRULE:\(daylight)\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\n"
                + "END:DAYLIGHT\r\nEND:VTIMEZONE\r\n").utf8)
    }

    // MARK: - Running an input

    func run(_ input: [UInt8]) -> String? {
        let store = stores.fresh(for: input)
        // A refused file, a skipped component or a store error are answers, not failures.
        _ = try? ICalendarImporter(writer: store).importData(Data(input))
        // The weeks around now; two months across where series that began earlier are kept
        // from (400 days back), before which their instances are read live; and a month past
        // the horizon (400 days ahead), read live beside the RDATEs and changed instances kept
        // whole. No instance of a series may come twice in one read.
        let around = try? store.occurrences(
            from: Self.now.addingTimeInterval(-31 * 86_400), to: Self.now.addingTimeInterval(62 * 86_400))
        let keptFrom = Self.now.addingTimeInterval(-400 * 86_400)
        let across = try? store.occurrences(
            from: keptFrom.addingTimeInterval(-31 * 86_400), to: keptFrom.addingTimeInterval(31 * 86_400))
        let past = try? store.occurrences(
            from: Self.now.addingTimeInterval(420 * 86_400), to: Self.now.addingTimeInterval(451 * 86_400))
        for read in [around, across, past] {
            if let twice = Self.instanceShownTwice(read ?? []) { return "instance shown twice: \(twice)" }
        }
        if let wrong = Self.deleteElsewhere(around ?? [], in: store) { return wrong }
        var problem: String?
        _ = try? ICalendarExporter(reader: store).export { text in
            if problem == nil, let bad = text.unicodeScalars.first(where: Self.isRawControl) {
                problem = String(format: "export carries raw U+%04X", bad.value)
            }
        }
        return problem
    }

    /// The first occurrence of a series the read showed, deleted as a sync brings a change
    /// made on another device: the series written again with one EXDATE more, which History
    /// learns of (`ItemRowWriter.removedOccurrences`). Oracle: History keeps its rows (the
    /// import may have put some there) and gains that one at most, as deleted (the walk that
    /// finds an instance past the kept rows may give up on a dense series).
    static func deleteElsewhere(_ read: [Occurrence], in store: SQLiteStore) -> String? {
        guard let shown = read.first(where: { $0.recurrenceID != nil }), let recurrenceID = shown.recurrenceID,
            var series = try? store.item(id: shown.itemID), series.isRecurring, series.status == .active,
            let before = try? store.historyEntryCount()
        else { return nil }
        series.exceptionDates.append(recurrenceID)
        guard (try? store.save(series)) != nil, let after = try? store.historyEntryCount() else { return nil }
        let key = HistoryKey(itemID: series.id, recurrenceID: recurrenceID)
        guard let index = try? store.historyEntryIndex(of: key) else {
            return after == before ? nil : "History has \(after) rows, not \(before), without the occurrence deleted"
        }
        guard after == before + 1 else { return "History has \(after) rows, not \(before) + 1" }
        let row = try? store.historyEntries(offset: index, limit: 1).first?.occurrence
        return row?.status == .deleted ? nil : "History's row of the occurrence deleted is \(String(describing: row))"
    }

    /// The id of an instance of a series that a read gave more than once, if any.
    static func instanceShownTwice(_ occurrences: [Occurrence]) -> String? {
        struct Instance: Hashable {
            let item: UUID
            let recurrenceID: Double
            /// An instance of a task with several times shows each (`Occurrence.time`).
            let time: Int
        }
        var seen = Set<Instance>()
        seen.reserveCapacity(occurrences.count)
        // (By index: a loop over the occurrences copied each whole, a twentieth of a run.)
        for index in occurrences.indices {
            guard let recurrenceID = occurrences[index].recurrenceID else { continue }
            let instance = Instance(
                item: occurrences[index].itemID, recurrenceID: recurrenceID.timeIntervalSince1970,
                time: occurrences[index].time)
            if !seen.insert(instance).inserted {
                return occurrences[index].id
            }
        }
        return nil
    }

    /// A C0 or C1 control character other than the tab and line breaks iCalendar needs.
    static func isRawControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || value == 0x7F
            || (0x80...0x9F).contains(value)
    }
}
