/// Property values as iCalendar writes them, valid, at the edges and broken: the pieces both
/// the iCalendar reader and the repeat-rule targets are built from.
enum Values {
    static let zones = [
        "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Apia",
        "Pacific/Kiritimati", "America/St_Johns", "UTC", "Etc/GMT+12", "Africa/Casablanca",
        "W. Europe Standard Time", "Nowhere/Atlantis", "", "/freeassociation.sourceforge.net/Europe/Paris",
        "Europe/Berlin\u{1B}]0;x\u{07}", String(repeating: "Z", count: 300),
    ]

    static let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    /// A date or date-time value (DTSTART, UNTIL, EXDATE…).
    static func dateTime(_ dice: inout Dice) -> String {
        switch dice.int(0...9) {
        case 0...4:
            let year = dice.pick([2026, 2026, 2027, 2025, 1997, 1970, 2038, 2100, 1900])
            let date = String(format: "%04d%02d%02d", year, dice.int(1...12), dice.int(1...28))
            if dice.oneIn(3) { return date }
            let time = String(format: "T%02d%02d%02d", dice.int(0...23), dice.int(0...59), dice.int(0...59))
            return date + time + (dice.oneIn(2) ? "Z" : "")
        case 5:
            // The edges of the calendar and of the clock.
            return dice.pick([
                "00000101", "00010101T000000Z", "99991231T235959Z", "99991231", "19700101T000000Z",
                "20380119T031408Z", "20380119T031407Z", "16010101T000000", "20260329T023000", "20261025T023000",
                "20260229", "20280229T120000Z", "21000229",
            ])
        case 6:
            // Out of range fields.
            return String(format: "%04d%02d%02dT%02d%02d%02d", dice.int(0...9999), dice.int(0...99), dice.int(0...99),
                          dice.int(0...99), dice.int(0...99), dice.int(0...99)) + (dice.oneIn(2) ? "Z" : "")
        case 7:
            return dice.pick(["20260230", "20261131T100000Z", "2026-11-22", "20261122T", "T100000", "", "Z",
                              "20261122T100000ZZ", "tomorrow", "20261122T100000+0100", "-20261122", "2026112"])
        case 8:
            return String(repeating: dice.pick(["9", "2026", "0"]), count: dice.int(1...40))
        default:
            return Text.random(&dice, maxLength: 24)
        }
    }

    /// A DURATION or TRIGGER value.
    static func duration(_ dice: inout Dice) -> String {
        switch dice.int(0...4) {
        case 0, 1:
            let sign = dice.pick(["", "", "-", "+"])
            var text = sign + "P"
            if dice.oneIn(3) { text += "\(dice.int(0...60))W" }
            if dice.oneIn(2) { text += "\(dice.int(0...400))D" }
            if dice.oneIn(2) { text += "T\(dice.int(0...48))H\(dice.int(0...90))M" }
            return text
        case 2:
            return dice.pick(["P", "PT", "-P", "P0D", "PT0S", "P99999999W", "P2147483647D", "PT4294967296S",
                              "-P99999999DT99999999H", "P1Y", "P1M", "PT1.5H", "1H", ""])
        case 3:
            return "P\(String(repeating: "9", count: dice.int(1...30)))D"
        default:
            return Text.random(&dice, maxLength: 16)
        }
    }

    /// An RRULE value built from RFC 5545's grammar: FREQ, INTERVAL, COUNT or UNTIL and the
    /// BY parts, each with valid, edge and invalid values, sometimes in long lists.
    static func rule(_ dice: inout Dice) -> String {
        var parts: [String] = []
        let freq = dice.oneIn(25)
            ? dice.pick(["FORTNIGHTLY", "", "daily", "DAILY ", "SECONDLY,DAILY"])
            : dice.pick(["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"])
        if !dice.oneIn(40) { parts.append("FREQ=" + freq) }
        if dice.oneIn(3) {
            parts.append("INTERVAL=" + number(&dice, usual: 1...12,
                                               edges: ["0", "-1", "1000", "65535", "2147483647", "99999999999", "x"]))
        }
        switch dice.int(0...5) {
        case 0, 1:
            parts.append("COUNT=" + number(&dice, usual: 1...50,
                                            edges: ["0", "-5", "1000000", "1000000000", "2147483647", "4294967296", "1.5"]))
        case 2:
            parts.append("UNTIL=" + dateTime(&dice))
        case 3 where dice.oneIn(4):
            parts.append("COUNT=\(dice.int(1...10))")
            parts.append("UNTIL=" + dateTime(&dice))
        default:
            break
        }
        let byParts: [(String, ClosedRange<Int>, [String])] = [
            ("BYSECOND", 0...59, ["60", "61", "-1"]),
            ("BYMINUTE", 0...59, ["60", "-1"]),
            ("BYHOUR", 0...23, ["24", "-1"]),
            ("BYMONTHDAY", 1...31, ["0", "32", "-31", "-32", "30", "31", "29"]),
            ("BYYEARDAY", 1...366, ["0", "366", "-366", "367", "365", "-1"]),
            ("BYWEEKNO", 1...53, ["0", "53", "-53", "54", "-1"]),
            ("BYMONTH", 1...12, ["0", "13", "2", "-1", "12L"]),
            ("BYSETPOS", 1...10, ["0", "366", "-366", "367", "-1"]),
        ]
        for _ in 0..<dice.int(0...3) {
            if dice.oneIn(5) {
                parts.append("BYDAY=" + list(&dice) { dice in day(&dice) })
            } else {
                let (name, usual, edges) = dice.pick(byParts)
                parts.append(name + "=" + list(&dice) { dice in number(&dice, usual: usual, edges: edges) })
            }
        }
        if dice.oneIn(6) { parts.append("WKST=" + dice.pick(weekdays + ["XX", "", "MONDAY"])) }
        if dice.oneIn(30) { parts.append(dice.pick(["RSCALE=GREGORIAN", "SKIP=FORWARD", "RSCALE=HEBREW", "X-NAME=1", "=", "FOO"])) }
        if dice.oneIn(20), let first = parts.first { parts.append(first) }  // a part said twice
        if parts.count > 1 && dice.oneIn(8) {
            var rest = Array(parts.dropFirst())
            dice.shuffle(&rest)
            parts = dice.oneIn(2) ? rest + [parts[0]] : [parts[0]] + rest
        }
        var text = parts.joined(separator: dice.oneIn(30) ? ";;" : ";")
        if dice.oneIn(30) { text += ";" }
        if dice.oneIn(30) { text = text.lowercased() }
        return text
    }

    /// A BYDAY entry: a weekday with an optional ordinal.
    static func day(_ dice: inout Dice) -> String {
        let code = dice.oneIn(30) ? dice.pick(["XX", "", "MON", "1"]) : dice.pick(weekdays)
        switch dice.int(0...5) {
        case 0: return "\(dice.int(1...5))" + code
        case 1: return "-\(dice.int(1...5))" + code
        case 2: return dice.pick(["53", "-53", "54", "0", "+1", "-1", "99"]) + code
        default: return code
        }
    }

    /// A number for a rule part: usually in `usual`, sometimes one of `edges`.
    static func number(_ dice: inout Dice, usual: ClosedRange<Int>, edges: [String]) -> String {
        dice.oneIn(4) ? dice.pick(edges) : String(dice.int(usual))
    }

    /// A comma list of one to a few values, or (rarely) thousands.
    static func list(_ dice: inout Dice, _ value: (inout Dice) -> String) -> String {
        let count = dice.oneIn(60) ? dice.int(100...3000) : dice.few(4)
        var values: [String] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(value(&dice)) }
        return values.joined(separator: ",")
    }
}

/// Random text: words and symbols, control bytes, C1 controls, CJK and emoji.
enum Text {
    static let pieces = [
        "a", "Meeting", " ", ",", ";", ":", "\\", "\\n", "\\,", "\"", "=", "-", "+", "0", "9", "12", "会议", "🎉",
        "\u{1B}", "\u{1B}[2J", "\u{1B}]0;title\u{07}", "\u{07}", "\u{00}", "\u{7F}", "\u{9B}", "\u{85}", "\u{2028}",
        "\u{FEFF}", "\u{200B}", "e\u{301}", "\t", "\r", "\n", "\r\n ",
    ]

    static func random(_ dice: inout Dice, maxLength: Int) -> String {
        var text = ""
        for _ in 0..<dice.int(0...maxLength) { text += dice.pick(pieces) }
        return text
    }
}
