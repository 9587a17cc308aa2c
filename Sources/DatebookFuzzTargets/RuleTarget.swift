import DatebookKit
import Foundation

/// The repeat-rule path as the form and `datebook add --repeat` take it: the text through
/// `RepeatPhrase`, an item with that rule validated, saved (the store expands the series) and
/// a range of its occurrences read back.
///
/// An input is a small text file, one `name: value` a line (see `RuleInput`).
struct RuleTarget: FuzzTarget {
    let name = "rule"
    let fileExtension = "rule"
    let stores = ReusedStore(now: RuleInput.now, timeZone: ICalendarTarget.zone)

    func input(seed: UInt64, index: Int) -> [UInt8] {
        var dice = Dice(seed: seed, salt: 2, index: index)
        var input = RuleInput()
        input.repeatText = dice.oneIn(8) ? Self.phrase(&dice) : Values.rule(&dice)
        if dice.oneIn(4) { input.repeatText = "RRULE:" + input.repeatText }
        input.allDay = dice.oneIn(4)
        input.zone = input.allDay ? "floating" : dice.pick(["utc", "floating", "Europe/Berlin", "America/New_York",
                                                            "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Apia",
                                                            "Nowhere/Atlantis"])
        let day = 86_400.0
        switch dice.int(0...5) {
        case 0:  // the edges of time
            input.start = dice.pick([-62_135_596_800, -2_208_988_800, 0, 2_147_483_647, 253_402_214_400, 1_774_747_800,
                                     1_792_890_000])
        case 1:
            input.start = Double(dice.int(-2_208_988_800...4_102_444_800))
        default:  // near now, where the calendar is read
            input.start = RuleInput.now.timeIntervalSince1970 + Double(dice.int(-400...400)) * day
                + Double(dice.int(0...95)) * 900
        }
        if input.allDay { input.start = (input.start / day).rounded(.down) * day }
        input.duration = input.allDay ? day : dice.pick([0, 900, 3600, 86_400, 3 * 86_400])
        input.from = dice.oneIn(3) ? input.start - day : RuleInput.now.timeIntervalSince1970 + Double(dice.int(-30...30)) * day
        input.days = dice.oneIn(10) ? dice.pick([366, 3650, 36_500]) : dice.pick([1, 7, 31, 42])
        if dice.oneIn(15) { input.from += Double(dice.pick([5, 50, 500])) * 365 * day }
        // Beyond the years an item may hold, and beyond `time_t` (finding 28). Rolled last, so
        // every other input stays what it was.
        if dice.oneIn(50) {
            input.start = dice.pick([253_402_400_000, -62_200_000_000, 18_106_833_480_070_842_000, -1e19, .infinity])
            input.from = input.start - day
        }
        return Array(input.text.utf8)
    }

    /// A repeat in words, as typed in the form's Repeat field.
    static func phrase(_ dice: inout Dice) -> String {
        var words: [String] = []
        if dice.oneIn(3) { words += ["every", dice.pick(["2", "3", "0", "-1", "other", "999999999", "x"])] }
        words.append(dice.pick(["daily", "weekdays", "weekly", "monthly", "yearly", "days", "weeks", "months", "hourly"]))
        if dice.oneIn(3) { words += ["on", dice.pick(["mon", "tue", "fri", "the", "2nd", "last", "weekday", "sun,sat"])] }
        if dice.oneIn(4) { words.append(dice.pick(["tue", "fri", "wed"])) }
        switch dice.int(0...3) {
        case 0: words += ["until", dice.pick(["2027-01-31", "31/12", "yesterday", "+5y", "9999-12-31", "0001-01-01", "fri"])]
        case 1: words += [dice.pick(["3", "0", "1000000000", "-2", "99999999999999999999"]), "times"]
        default: break
        }
        return words.joined(separator: dice.oneIn(10) ? "," : " ")
    }

    func run(_ bytes: [UInt8]) -> String? {
        guard let input = RuleInput(text: String(decoding: bytes, as: UTF8.self)) else { return nil }
        let store = stores.fresh(for: bytes)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = ICalendarTarget.zone
        let start = Date(timeIntervalSince1970: input.start)
        guard let rule = try? RepeatPhrase.rule(from: input.repeatText, start: start, calendar: calendar) else {
            return nil
        }
        _ = RepeatPhrase.phrase(for: rule, calendar: calendar)
        var item = store.newItem(kind: .event, title: "Repeats")
        item.times = [ItemTime(start: start, end: start.addingTimeInterval(input.duration))]
        item.allDay = input.allDay
        item.timeZone = switch input.zone {
        case "utc": .utc
        case "floating": .floating
        default: .named(input.zone)
        }
        item.repeatRule = rule
        let valid = item.validate().isEmpty
        // Saved whether or not it is valid: the store must refuse what validation refuses.
        let saved = (try? store.save(item)) != nil
        if saved {
            let from = Date(timeIntervalSince1970: input.from)
            _ = try? store.occurrences(from: from, to: from.addingTimeInterval(Double(input.days) * 86_400))
        }
        return saved && !valid ? "the store saved an item that validation refuses" : nil
    }
}

/// One input of the rule target: the repeat as typed, and the item it is put on.
struct RuleInput {
    static let now = ICalendarTarget.now

    /// What the Repeat field or `--repeat` holds: an RRULE or words.
    var repeatText = ""
    /// The first start, in Unix seconds.
    var start = 0.0
    var duration = 3600.0
    var allDay = false
    /// `utc`, `floating` or a zone's name.
    var zone = "utc"
    /// The range of the calendar read afterwards: its first instant and how many days.
    var from = 0.0
    var days = 7

    init() {}

    var text: String {
        let rule = repeatText.map { $0 == "\n" || $0 == "\r" ? " " : $0 }
        return """
            repeat: \(String(rule))
            start: \(Self.seconds(start))
            duration: \(Self.seconds(duration))
            all-day: \(allDay ? "yes" : "no")
            zone: \(zone)
            from: \(Self.seconds(from))
            days: \(days)

            """
    }

    /// Whole seconds as digits; beyond `Int64` (and infinity), as `Double` writes them.
    static func seconds(_ value: Double) -> String {
        Int64(exactly: value.rounded(.towardZero)).map(String.init) ?? "\(value)"
    }

    init?(text: String) {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...]
            fields[String(line[..<colon])] = String(value.hasPrefix(" ") ? value.dropFirst() : value)
        }
        guard let repeatText = fields["repeat"], let start = fields["start"].flatMap(Double.init) else { return nil }
        self.repeatText = repeatText
        self.start = start
        duration = fields["duration"].flatMap(Double.init) ?? 3600
        allDay = fields["all-day"] == "yes"
        zone = fields["zone"] ?? "utc"
        from = fields["from"].flatMap(Double.init) ?? start
        days = fields["days"].flatMap(Int.init) ?? 7
    }
}
