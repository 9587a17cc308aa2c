import DatebookKit
import Foundation

/// The date-text parsers of forms and commands: `DateParser`, `DurationParser`,
/// `RepeatPhrase` (words to a rule and back) and the quick-add line (`QuickAddParser`, then the
/// item its draft makes) on random strings made of their own words.
///
/// An input is the parser's name on the first line, then the text.
struct DateTextTarget: FuzzTarget {
    let name = "dates"
    let fileExtension = "txt"

    static let pieces = [
        "today", "tomorrow", "yesterday", "now", "noon", "midnight", "next", "last", "this", "at", "fri", "friday",
        "mon", "sun", "nov", "november", "feb", "am", "pm", "2pm", "14:30", "14:30:15", "25:61", "24:00", "9:00",
        "2026-11-22", "2026-02-30", "0000-01-01", "9999-12-31", "22/11", "31/02", "22.11.2026", "22/11/26", "T",
        "Z", "+01:00", "-14:00", "+99:99", "+3d", "-1d", "+2w", "+1m", "+1y", "+2h", "+", "-", "+999999999999y",
        "-9223372036854775808d", "1h", "90m", "1h30m", "2d", "1w", "min", "0", "00", "1", "12", "31", "99",
        "2147483648", "99999999999999999999", " ", "  ", "/", ".", ":", ",", "daily", "weekly", "monthly",
        "yearly", "weekdays", "every", "other", "on", "the", "2nd", "last", "until", "times", "FREQ=", "RRULE:",
        "１２", "٣", "会议", "\u{1B}", "\u{0}", "\u{9B}", "\u{FEFF}", "\u{2028}", "\t", "\n",
        // Quick add's own words.
        "@", "@Cafe", "Central", "#", "#work", "#会议", "!", "!high", "!low", "!9", "!0", "!urgent", "to", "till",
        "for", "by", "due", "from", "remind", "me", "before", "alarm", "task", "task:", "todo:", "reminder:",
        "and", "9-10am", "11-1pm", "9-10:30", "14:00-15:30", "13-", "-5", "10 minutes", "2 hours", "mondays", "in",
        "3 days", "🎂", "Lunch", "Ana",
    ]

    func input(seed: UInt64, index: Int) -> [UInt8] {
        var dice = Dice(seed: seed, salt: 3, index: index)
        let parser = dice.pick(["date", "date", "duration", "repeat", "repeat", "quickadd", "quickadd"])
        var text = ""
        if dice.oneIn(20) {
            text = Text.random(&dice, maxLength: 40)
        } else if dice.oneIn(30) {
            text = String(repeating: dice.pick(Self.pieces), count: dice.int(20...5000))
        } else {
            for _ in 0..<dice.few(8) {
                text += dice.pick(Self.pieces)
                if dice.oneIn(2) { text += " " }
            }
        }
        if dice.oneIn(10) { text = text.uppercased() }
        return Array((parser + "\n" + text).utf8)
    }

    func run(_ input: [UInt8]) -> String? {
        let whole = String(decoding: input, as: UTF8.self)
        let newline = whole.firstIndex(of: "\n") ?? whole.endIndex
        let parser = whole[..<newline]
        let text = newline == whole.endIndex ? "" : String(whole[whole.index(after: newline)...])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = ICalendarTarget.zone
        let now = ICalendarTarget.now
        switch parser {
        case "date":
            if let parsed = try? DateParser(now: now, calendar: calendar).parse(text) {
                _ = DateText(calendar: calendar).field(parsed.date, withTime: parsed.hasTime)
            }
        case "duration":
            if let parsed = try? DurationParser.parse(text) {
                _ = parsed.end(after: now, calendar: calendar)
            }
        case "quickadd":
            return quickAdd(text, now: now, calendar: calendar)
        default:
            if let rule = try? RepeatPhrase.rule(from: text, start: now, calendar: calendar) {
                _ = RepeatPhrase.phrase(for: rule, calendar: calendar)
            }
        }
        return nil
    }

    /// The words of `text`, split at whitespace scalars.
    static func words(_ text: String) -> [String] {
        text.unicodeScalars.split(whereSeparator: \.properties.isWhitespace).map { String(String.UnicodeScalarView($0)) }
    }

    /// A quick-add line read, its draft made into an item, and the item summed up. Oracle: a
    /// title is never empty nor holds a word the line did not, and an item the draft accepts
    /// passes `validate()`.
    private func quickAdd(_ text: String, now: Date, calendar: Calendar) -> String? {
        guard let result = try? QuickAddParser(now: now, calendar: calendar).parse(text) else { return nil }
        if result.title.isEmpty { return "quick add: an empty title from \(text.debugDescription)" }
        // Words as Unicode scalars, not characters: the title joins words with a space, and a
        // word that begins with a combining mark (typed after a tab, say) makes one character
        // of that space and itself.
        let typed = Set(Self.words(text))
        for word in Self.words(result.title) where !typed.contains(word) {
            // The title is the typed words joined, less separators at its ends.
            // (The standard library's search: Foundation's `contains` traps on Linux when the
            // text sought ends in a NUL, as `"ab".contains("b\0")` does.)
            if !typed.contains(where: { $0.unicodeScalars.firstRange(of: word.unicodeScalars) != nil }) {
                return "quick add: the title word \(word.debugDescription) is not in \(text.debugDescription)"
            }
        }
        let dates = DateText(calendar: calendar)
        guard let item = try? result.item(now: now, dates: dates, newID: UUID.init) else { return nil }
        if !item.validate().isEmpty { return "quick add: an item validate() refuses from \(text.debugDescription)" }
        _ = ItemSummary.lines(of: item, dates: dates)
        return nil
    }
}
