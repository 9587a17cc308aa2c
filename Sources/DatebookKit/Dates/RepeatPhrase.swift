import Foundation

/// Reads and writes the common repeat rules in words, as a person types them in the Repeat
/// field or after `--repeat`:
///
///     daily · weekdays · weekly · weekly on mon, wed · every 2 weeks on fri · monthly ·
///     monthly on the 2nd tue · monthly on the last fri · yearly · … until 2027-01-31 · … 10 times
///
/// Anything else that is already an RRULE (`FREQ=…`) is kept as typed; a rule with parts
/// these words cannot say is shown as its RRULE text, never dropped.
public enum RepeatPhrase {
    /// What went wrong reading a phrase.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    private static let dayCodes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
    private static let dayWords = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
    private static let ordinals = [1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th", -1: "last"]

    // MARK: - Words to RRULE

    /// The RRULE value (without `RRULE:`) for a phrase; `start` is the series' first start, for
    /// rules that take their day from it ("monthly on the 2nd tue" needs no weekday).
    public static func rule(from phrase: String, start: Date, calendar: Calendar) throws(Failure) -> String {
        let text = phrase.trimmingCharacters(in: .whitespaces)
        if text.uppercased().hasPrefix("RRULE:") { return String(text.dropFirst(6)).uppercased() }
        if text.uppercased().hasPrefix("FREQ=") { return text.uppercased() }
        var words = text.lowercased().replacingOccurrences(of: ",", with: " ").split(separator: " ").map(String.init)
        guard !words.isEmpty else { throw Failure(description: "Say how it repeats: daily, weekly, monthly…") }
        var parts: [(String, String)] = []

        // The end: "until DATE" or "N times".
        var ending: (String, String)?
        if let until = words.firstIndex(of: "until") {
            let dateText = words[(until + 1)...].joined(separator: " ")
            guard let end = try? DateParser(now: start, calendar: calendar).parse(dateText) else {
                throw Failure(description: "Cannot read \u{201C}\(dateText)\u{201D} as the date it repeats until")
            }
            // Through the end of that day, in UTC as RFC 5545 asks when the start has a zone.
            let day = calendar.startOfDay(for: end.date)
            let last = calendar.date(byAdding: .second, value: 86_399, to: day)!
            guard last >= start else { throw Failure(description: "It would stop repeating before it starts") }
            ending = ("UNTIL", utcStamp(last))
            words.removeSubrange(until...)
        } else if words.count >= 2, words.last == "times" || words.last == "time",
                  let count = Int(words[words.count - 2]) {
            guard count > 0 else { throw Failure(description: "It must happen at least once") }
            ending = ("COUNT", String(count))
            words.removeLast(2)
            if words.last == "for" { words.removeLast() }
        }

        // "every N units".
        var interval = 1
        if words.first == "every" {
            words.removeFirst()
            if let n = words.first.flatMap(Int.init) {
                guard n > 0 else { throw Failure(description: "Every 0 is not a repeat") }
                interval = n
                words.removeFirst()
            } else if words.first == "other" {
                interval = 2
                words.removeFirst()
            }
        }
        guard let unit = words.first else { throw Failure(description: "Say how it repeats: daily, weekly, monthly…") }
        words.removeFirst()
        if words.first == "on" || words.first == "by" { words.removeFirst() }
        if words.first == "the" { words.removeFirst() }

        switch unit {
        case "daily", "day", "days":
            parts.append(("FREQ", "DAILY"))
        case "weekdays", "weekday":
            parts.append(("FREQ", "WEEKLY"))
            parts.append(("BYDAY", "MO,TU,WE,TH,FR"))
        case "weekly", "week", "weeks":
            parts.append(("FREQ", "WEEKLY"))
            if !words.isEmpty {
                var days: [String] = []
                for word in words {
                    guard let index = dayWords.firstIndex(where: { word.hasPrefix($0) }) else {
                        throw Failure(description: "\u{201C}\(word)\u{201D} is not a day of the week (mon, tue, …)")
                    }
                    days.append(dayCodes[index])
                }
                // In week order from Monday, each once.
                let order = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
                parts.append(("BYDAY", order.filter(days.contains).joined(separator: ",")))
                words = []
            }
        case "monthly", "month", "months":
            parts.append(("FREQ", "MONTHLY"))
            if !words.isEmpty {
                // "on the 2nd tue", "on the last fri", or "by weekday" (the start's).
                if words == ["weekday"] || words == ["day", "of", "the", "week"] {
                    parts.append(("BYDAY", nthWeekday(of: start, calendar: calendar)))
                } else {
                    guard words.count == 2, let n = ordinals.first(where: { $0.value == words[0] })?.key,
                          let day = dayWords.firstIndex(where: { words[1].hasPrefix($0) })
                    else {
                        throw Failure(description: "Say \u{201C}monthly on the 2nd tue\u{201D} or \u{201C}monthly on the last fri\u{201D}")
                    }
                    parts.append(("BYDAY", "\(n)\(dayCodes[day])"))
                }
                words = []
            }
        case "yearly", "year", "years", "annually":
            parts.append(("FREQ", "YEARLY"))
        default:
            throw Failure(description: "Cannot read \u{201C}\(phrase)\u{201D} as a repeat (try daily, weekdays, weekly on mon, monthly, yearly, every 2 weeks, until 31/12, 10 times)")
        }
        guard words.isEmpty else {
            throw Failure(description: "Cannot read \u{201C}\(words.joined(separator: " "))\u{201D} in \u{201C}\(phrase)\u{201D}")
        }
        if interval > 1 { parts.insert(("INTERVAL", String(interval)), at: 1) }
        if let ending { parts.append(ending) }
        return parts.map { "\($0.0)=\($0.1)" }.joined(separator: ";")
    }

    // MARK: - RRULE to words

    /// The words for a rule, or nil when the rule says more than the words can (then show the
    /// RRULE itself). `phrase(for:)` and `rule(from:)` agree: reading the words gives the rule back.
    public static func phrase(for rule: String, calendar: Calendar) -> String? {
        var fields: [String: String] = [:]
        for part in rule.uppercased().split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, fields[pair[0]] == nil else { return nil }
            fields[pair[0]] = pair[1]
        }
        guard let freq = fields.removeValue(forKey: "FREQ") else { return nil }
        let interval = fields.removeValue(forKey: "INTERVAL").flatMap(Int.init) ?? 1
        let byDay = fields.removeValue(forKey: "BYDAY")
        var ending = ""
        if let count = fields.removeValue(forKey: "COUNT") {
            guard let n = Int(count) else { return nil }
            ending = " \(n) times"
        } else if let until = fields.removeValue(forKey: "UNTIL") {
            guard let date = utcDate(until) else { return nil }
            let c = calendar.dateComponents([.year, .month, .day], from: date)
            ending = String(format: " until %04d-%02d-%02d", c.year!, c.month!, c.day!)
        }
        // WKST=MO is the default and says nothing.
        if fields["WKST"] == "MO" { fields.removeValue(forKey: "WKST") }
        guard fields.isEmpty, interval >= 1 else { return nil }
        let every = interval > 1 ? "every \(interval) " : ""
        switch (freq, byDay) {
        case ("DAILY", nil):
            return (interval > 1 ? every + "days" : "daily") + ending
        case ("WEEKLY", "MO,TU,WE,TH,FR") where interval == 1:
            return "weekdays" + ending
        case ("WEEKLY", nil):
            return (interval > 1 ? every + "weeks" : "weekly") + ending
        case ("WEEKLY", let days?):
            var words: [String] = []
            for code in days.split(separator: ",") {
                guard let index = dayCodes.firstIndex(of: String(code)) else { return nil }
                words.append(dayWords[index])
            }
            return (interval > 1 ? every + "weeks" : "weekly") + " on " + words.joined(separator: ", ") + ending
        case ("MONTHLY", nil):
            return (interval > 1 ? every + "months" : "monthly") + ending
        case ("MONTHLY", let day?):
            guard let code = dayCodes.first(where: { day.hasSuffix($0) }), let n = Int(day.dropLast(2)),
                  let ordinal = ordinals[n], let index = dayCodes.firstIndex(of: code) else { return nil }
            return (interval > 1 ? every + "months" : "monthly") + " on the \(ordinal) \(dayWords[index])" + ending
        case ("YEARLY", nil):
            return (interval > 1 ? every + "years" : "yearly") + ending
        default:
            return nil
        }
    }

    // MARK: - Helpers

    /// `2TU` for the second Tuesday of its month, `-1FR` for a last Friday past the fourth.
    static func nthWeekday(of date: Date, calendar: Calendar) -> String {
        let weekday = calendar.component(.weekday, from: date)
        let day = calendar.component(.day, from: date)
        let n = (day - 1) / 7 + 1
        return "\(n > 4 ? -1 : n)\(dayCodes[weekday - 1])"
    }

    static func utcStamp(_ date: Date) -> String {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let c = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }

    static func utcDate(_ stamp: String) -> Date? {
        let digits = stamp.filter(\.isNumber)
        guard digits.count == 8 || digits.count == 14 else { return nil }
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        func n(_ from: Int, _ length: Int) -> Int {
            Int(digits.dropFirst(from).prefix(length))!
        }
        return utc.date(from: DateComponents(
            year: n(0, 4), month: n(4, 2), day: n(6, 2),
            hour: digits.count == 14 ? n(8, 2) : 0, minute: digits.count == 14 ? n(10, 2) : 0,
            second: digits.count == 14 ? n(12, 2) : 0))
    }
}
