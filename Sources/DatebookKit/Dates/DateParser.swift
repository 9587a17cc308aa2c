import Foundation

/// Reads what a person types in a date field or on the command line.
///
/// Understood, in any letter case:
/// - dates: `2026-11-22`, `22/11/2026`, `22/11/26`, `22.11.2026`, `22/11` and `22.11` (this
///   year), `22 nov`, `nov 22 2026`, `today`, `tomorrow`, `yesterday`;
/// - weekdays: `fri` or `friday` is the next Friday, or today when today is a Friday;
///   `this fri` is the same; `next fri` is the Friday a week after `fri`; `last fri` is the
///   latest Friday before today;
/// - offsets from today: `+3d`, `-1d`, `+2w`, `+1m` (months), `+1y`; and `+2h`, `+15min` from now;
/// - times: `14:30`, `14:30:15`, `2pm`, `2:30pm`, `2 pm`, `noon`, `midnight`; a time alone
///   means today at that time;
/// - a date and a time in either order: `tomorrow 2pm`, `fri 14:30`, `22/11 9:00`,
///   `2026-11-22 14:30`, `2026-11-22T14:30`, `2pm tomorrow`, `tomorrow at 2pm`;
/// - ISO 8601 with an offset, as Datebook writes it: `2026-11-22T10:00:00+01:00`, `…Z`;
/// - `now`.
///
/// Dates are Gregorian, in the time zone of the calendar given. The parser never reads the
/// clock: "today" is the day of `now`. Nothing typed makes it crash; anything it cannot read
/// comes back as a `DateParseError` that says what is wrong.
public struct DateParser: Sendable {
    /// The moment "today", "now" and offsets count from.
    public let now: Date
    /// The calendar whose time zone dates are read in.
    public let calendar: Calendar

    /// A Gregorian calendar in `calendar`'s time zone: the one all arithmetic uses.
    private let gregorian: Calendar

    /// The longest text read; anything longer is not a date.
    static let maximumLength = 100

    /// The day a time typed alone (`11:00`) is on: today when nil. A form editing a time gives
    /// the day the field held, so that changing the hour keeps the day.
    public var timeAloneDay: Date?

    public init(now: Date, calendar: Calendar, timeAloneDay: Date? = nil) {
        self.now = now
        self.timeAloneDay = timeAloneDay
        self.calendar = calendar
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = calendar.timeZone
        self.gregorian = gregorian
    }

    // MARK: - Parsing

    /// The date (and maybe time) in `text`.
    public func parse(_ text: String) throws(DateParseError) -> ParsedDate {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .empty }
        guard trimmed.count <= Self.maximumLength else { throw .unreadable(trimmed) }
        let tokens = Self.tokens(of: trimmed)
        guard !tokens.isEmpty else { throw .unreadable(trimmed) }

        var firstError: DateParseError?
        func keep<Value>(_ outcome: Outcome<Value>) -> Value? {
            switch outcome {
            case let .value(value):
                return value
            case .notThis:
                return nil
            case let .invalid(error):
                if firstError == nil { firstError = error }
                return nil
            }
        }

        if let day = keep(dayValue(tokens[...])) {
            switch day {
            case let .day(day):
                return ParsedDate(date: try resolve(day, at: nil, text: trimmed), hasTime: false)
            case let .moment(date):
                return ParsedDate(date: date, hasTime: true)
            }
        }
        if let time = keep(timeOfDay(tokens[...])) {
            let day = timeAloneDay.map { date in
                let parts = gregorian.dateComponents([.year, .month, .day], from: date)
                return Day(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
            } ?? today
            return ParsedDate(date: try resolve(day, at: time, text: trimmed), hasTime: true)
        }
        for split in 1..<tokens.count {
            let head = tokens[..<split]
            let tail = tokens[split...]
            // A date, then a time ("tomorrow 2pm", "fri at 14:30").
            if case let .day(day)? = keep(dayValue(head)),
                let time = keep(timeOfDay(Self.dropping(["at", "@"], from: tail)))
            {
                return ParsedDate(date: try resolve(day, at: time, text: trimmed), hasTime: true)
            }
            // A time, then a date ("2pm tomorrow", "14:30 on fri").
            if let time = keep(timeOfDay(head)),
                case let .day(day)? = keep(dayValue(Self.dropping(["on"], from: tail)))
            {
                return ParsedDate(date: try resolve(day, at: time, text: trimmed), hasTime: true)
            }
        }
        throw firstError ?? .unreadable(trimmed)
    }

    // MARK: - Tokens

    /// One word of the input: as typed (for messages) and lowercased (for matching).
    struct Token {
        var text: String
        var lower: String
    }

    /// The result of reading some tokens as one kind of thing.
    enum Outcome<Value> {
        /// They are that thing.
        case value(Value)
        /// They are not shaped like that thing at all.
        case notThis
        /// They are shaped like it but wrong (31/02, 25:00): the error says how.
        case invalid(DateParseError)
    }

    /// Splits at white space and commas; `2026-11-22T14:30` becomes a date and a time.
    static func tokens(of text: String) -> [Token] {
        var tokens: [Token] = []
        for word in text.split(whereSeparator: { $0.isWhitespace || $0 == "," }) {
            let lower = word.lowercased()
            if let t = lower.firstIndex(of: "t"), t != lower.startIndex,
                lower[..<t].allSatisfy({ $0.isASCIIDigit || $0 == "-" }),
                lower[..<t].filter({ $0 == "-" }).count == 2
            {
                let offset = lower.distance(from: lower.startIndex, to: t)
                let typedT = word.index(word.startIndex, offsetBy: offset)
                tokens.append(Token(text: String(word[..<typedT]), lower: String(lower[..<t])))
                let rest = String(word[word.index(after: typedT)...])
                if !rest.isEmpty {
                    tokens.append(Token(text: rest, lower: rest.lowercased()))
                }
            } else {
                tokens.append(Token(text: String(word), lower: lower))
            }
        }
        return tokens
    }

    /// `tokens` without a leading filler word such as "at".
    static func dropping(_ fillers: Set<String>, from tokens: ArraySlice<Token>) -> ArraySlice<Token> {
        if let first = tokens.first, fillers.contains(first.lower), tokens.count > 1 {
            return tokens.dropFirst()
        }
        return tokens
    }

    // MARK: - Days

    /// A calendar day, checked to exist.
    struct Day: Equatable {
        var year: Int
        var month: Int
        var day: Int
    }

    /// What the date part of the input names: a whole day, or a moment (`now`, `+2h`).
    enum DayValue {
        case day(Day)
        case moment(Date)
    }

    /// The day of `now`.
    var today: Day {
        let parts = gregorian.dateComponents([.year, .month, .day], from: now)
        return Day(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// Reads one to three tokens as a day.
    func dayValue(_ tokens: ArraySlice<Token>) -> Outcome<DayValue> {
        let words = tokens.map(\.lower)
        switch words.count {
        case 1:
            return singleWordDay(words[0], typed: tokens.first!.text)
        case 2:
            if let weekday = Self.weekdays[words[1]] {
                switch words[0] {
                case "this": return weekdayOnOrAfterToday(weekday, weeksLater: 0)
                case "next": return weekdayOnOrAfterToday(weekday, weeksLater: 1)
                case "last": return weekdayBeforeToday(weekday)
                default: return .notThis
                }
            }
            if let day = Self.dayOfMonth(words[0]), let month = Self.months[words[1]] {
                return checked(Day(year: today.year, month: month, day: day))
            }
            if let month = Self.months[words[0]], let day = Self.dayOfMonth(words[1]) {
                return checked(Day(year: today.year, month: month, day: day))
            }
            return .notThis
        case 3:
            guard let year = Self.number(words[2], digits: 4...4) else { return .notThis }
            if let day = Self.dayOfMonth(words[0]), let month = Self.months[words[1]] {
                return checked(Day(year: year, month: month, day: day))
            }
            if let month = Self.months[words[0]], let day = Self.dayOfMonth(words[1]) {
                return checked(Day(year: year, month: month, day: day))
            }
            return .notThis
        default:
            return .notThis
        }
    }

    /// Reads one word as a day: a name, a numeric date or an offset.
    private func singleWordDay(_ word: String, typed: String) -> Outcome<DayValue> {
        switch word {
        case "today", "tod":
            return .value(.day(today))
        case "tomorrow", "tmrw", "tmr":
            return daysFromToday(1, typed: typed)
        case "yesterday":
            return daysFromToday(-1, typed: typed)
        case "now":
            return .value(.moment(now))
        default:
            break
        }
        if let weekday = Self.weekdays[word] {
            return weekdayOnOrAfterToday(weekday, weeksLater: 0)
        }
        if word.first == "+" || word.first == "-" {
            return offset(word, typed: typed)
        }
        let isoParts = word.split(separator: "-", omittingEmptySubsequences: false)
        if isoParts.count == 3 {
            guard let year = Self.number(isoParts[0], digits: 4...4),
                let month = Self.number(isoParts[1], digits: 1...2),
                let day = Self.number(isoParts[2], digits: 1...2)
            else { return .notThis }
            return checked(Day(year: year, month: month, day: day))
        }
        for separator: Character in ["/", "."] where word.contains(separator) {
            var parts = word.split(separator: separator, omittingEmptySubsequences: false)
            if separator == ".", parts.count == 3, parts[2].isEmpty {
                parts.removeLast()  // "22.11."
            }
            guard (2...3).contains(parts.count),
                let day = Self.number(parts[0], digits: 1...2),
                let month = Self.number(parts[1], digits: 1...2)
            else { return .notThis }
            var year = today.year
            if parts.count == 3 {
                if let short = Self.number(parts[2], digits: 2...2) {
                    year = 2000 + short
                } else if let long = Self.number(parts[2], digits: 4...4) {
                    year = long
                } else {
                    return .notThis
                }
            }
            return checked(Day(year: year, month: month, day: day))
        }
        return .notThis
    }

    /// `+3d`, `-1d`, `+2w`, `+1m`, `+1y` from today, or `+2h`, `+15min` from now.
    private func offset(_ word: String, typed: String) -> Outcome<DayValue> {
        let sign = word.first == "-" ? -1 : 1
        if word.hasSuffix("min"), let count = Self.number(word.dropFirst().dropLast(3), digits: 1...9) {
            // Minutes (`m` alone is months): `--end +15min` is a quarter of an hour after the start.
            let date = now.addingTimeInterval(Double(sign * count) * 60)
            guard (1...9999).contains(gregorian.component(.year, from: date)) else { return .invalid(.tooFar(typed)) }
            return .value(.moment(date))
        }
        let body = word.dropFirst()
        guard let unit = body.last, let count = Self.number(body.dropLast(), digits: 1...9) else {
            return .notThis
        }
        // Refuse before any arithmetic what is surely past the year 9999.
        let roughYears: Int
        switch unit {
        case "d": roughYears = count / 366
        case "w": roughYears = count / 53
        case "m": roughYears = count / 12
        case "h": roughYears = count / 8784
        default: roughYears = count
        }
        guard roughYears <= 10_000 else { return .invalid(.tooFar(typed)) }
        switch unit {
        case "d": return daysFromToday(sign * count, typed: typed)
        case "w": return daysFromToday(sign * count * 7, typed: typed)
        case "m": return fromToday(.month, sign * count, typed: typed)
        case "y": return fromToday(.year, sign * count, typed: typed)
        case "h":
            let date = now.addingTimeInterval(Double(sign * count) * 3600)
            guard (1...9999).contains(gregorian.component(.year, from: date)) else {
                return .invalid(.tooFar(typed))
            }
            return .value(.moment(date))
        default:
            return .notThis
        }
    }

    private func daysFromToday(_ days: Int, typed: String) -> Outcome<DayValue> {
        fromToday(.day, days, typed: typed)
    }

    /// Today moved by `value` of `component`, counted from noon so no time-zone change can
    /// shift the day.
    private func fromToday(_ component: Calendar.Component, _ value: Int, typed: String) -> Outcome<DayValue> {
        let today = self.today
        guard
            let noon = gregorian.date(
                from: DateComponents(year: today.year, month: today.month, day: today.day, hour: 12)),
            let moved = gregorian.date(byAdding: component, value: value, to: noon)
        else { return .invalid(.tooFar(typed)) }
        let parts = gregorian.dateComponents([.year, .month, .day], from: moved)
        guard let year = parts.year, let month = parts.month, let day = parts.day, (1...9999).contains(year)
        else { return .invalid(.tooFar(typed)) }
        return .value(.day(Day(year: year, month: month, day: day)))
    }

    /// The given weekday (1 = Sunday … 7 = Saturday) on or after today, plus whole weeks.
    private func weekdayOnOrAfterToday(_ weekday: Int, weeksLater: Int) -> Outcome<DayValue> {
        let current = gregorian.component(.weekday, from: now)
        let ahead = (weekday - current + 7) % 7
        return daysFromToday(ahead + 7 * weeksLater, typed: "")
    }

    /// The latest given weekday strictly before today.
    private func weekdayBeforeToday(_ weekday: Int) -> Outcome<DayValue> {
        let current = gregorian.component(.weekday, from: now)
        let back = (current - weekday + 7) % 7
        return daysFromToday(-(back == 0 ? 7 : back), typed: "")
    }

    /// The day if it exists, else the error that says why not.
    private func checked(_ day: Day) -> Outcome<DayValue> {
        guard (1...9999).contains(day.year) else { return .invalid(.yearOutOfRange(day.year)) }
        guard (1...12).contains(day.month) else { return .invalid(.noSuchMonth(day.month)) }
        let length = Self.daysIn(month: day.month, year: day.year)
        guard (1...length).contains(day.day) else {
            let lengthInAnyYear = day.month == 2 ? 29 : length
            let year = day.day <= lengthInAnyYear && day.day >= 1 ? day.year : nil
            return .invalid(.noSuchDay(day: day.day, month: day.month, year: year))
        }
        return .value(.day(day))
    }

    /// How many days a Gregorian month has.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11:
            return 30
        default:
            return 31
        }
    }

    // MARK: - Times

    /// A time of day, maybe with a UTC offset (ISO 8601 input).
    struct TimeOfDay: Equatable {
        var hour: Int
        var minute: Int
        var second: Int
        /// Seconds east of UTC, when the text gave an offset.
        var offset: Int?
    }

    /// Reads one token (`14:30`, `2pm`, `noon`) or two (`2 pm`) as a time of day.
    func timeOfDay(_ tokens: ArraySlice<Token>) -> Outcome<TimeOfDay> {
        let words = tokens.map(\.lower)
        let typed = tokens.map(\.text).joined(separator: " ")
        switch words.count {
        case 1:
            return Self.time(words[0], typed: typed)
        case 2:
            guard Self.meridiems.contains(where: { $0.suffix == words[1] }),
                !words[0].contains(where: { $0.isLetter })
            else {
                return .notThis
            }
            return Self.time(words[0] + words[1], typed: typed)
        default:
            return .notThis
        }
    }

    /// Reads one word as a time of day.
    static func time(_ word: String, typed: String) -> Outcome<TimeOfDay> {
        switch word {
        case "noon", "midday": return .value(TimeOfDay(hour: 12, minute: 0, second: 0))
        case "midnight": return .value(TimeOfDay(hour: 0, minute: 0, second: 0))
        default: break
        }
        var body = Substring(word)
        var isPM: Bool?
        for (suffix, pm) in meridiems where body.hasSuffix(suffix) {
            isPM = pm
            body = body.dropLast(suffix.count)
            break
        }
        var offsetText: Substring?
        if isPM == nil {
            if body.hasSuffix("z") {
                offsetText = "+00:00"
                body = body.dropLast()
            } else if let sign = body.lastIndex(where: { $0 == "+" || $0 == "-" }), sign != body.startIndex {
                offsetText = body[sign...]
                body = body[..<sign]
            }
        }
        let parts = body.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            let hour = number(parts[0], digits: 1...2),
            parts.dropFirst().allSatisfy({ number($0, digits: 2...2) != nil })
        else { return .notThis }
        guard parts.count > 1 || isPM != nil else { return .notThis }  // "14" alone is no time
        guard offsetText == nil || parts.count > 1 else { return .notThis }
        let minute = parts.count > 1 ? number(parts[1], digits: 2...2) ?? 0 : 0
        let second = parts.count > 2 ? number(parts[2], digits: 2...2) ?? 0 : 0
        var offset: Int?
        if let offsetText {
            guard let seconds = utcOffset(offsetText) else { return .notThis }
            guard abs(seconds) <= 18 * 3600 else { return .invalid(.notATime(typed)) }
            offset = seconds
        }
        var hour24 = hour
        if let isPM {
            guard (1...12).contains(hour) else { return .invalid(.notATime(typed)) }
            hour24 = hour % 12 + (isPM ? 12 : 0)
        }
        guard (0...23).contains(hour24), (0...59).contains(minute), (0...59).contains(second) else {
            return .invalid(.notATime(typed))
        }
        return .value(TimeOfDay(hour: hour24, minute: minute, second: second, offset: offset))
    }

    /// `+01:00`, `-0530`, `+02` as seconds east of UTC; nil when it is not shaped so.
    static func utcOffset(_ text: Substring) -> Int? {
        guard let signCharacter = text.first else { return nil }
        let sign = signCharacter == "-" ? -1 : 1
        let digits = text.dropFirst().filter { $0 != ":" }
        guard digits.count == 2 || digits.count == 4,
            text.dropFirst().filter({ $0 == ":" }).count <= (digits.count == 4 ? 1 : 0),
            let hours = number(digits.prefix(2), digits: 2...2)
        else { return nil }
        let minutes = digits.count == 4 ? number(digits.suffix(2), digits: 2...2) : 0
        guard let minutes, minutes < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    // MARK: - Resolving

    /// The moment a day (and time) names in the parser's time zone, or in the time's own offset.
    private func resolve(_ day: Day, at time: TimeOfDay?, text: String) throws(DateParseError) -> Date {
        var calendar = gregorian
        if let offset = time?.offset, let zone = TimeZone(secondsFromGMT: offset) {
            calendar.timeZone = zone
        }
        let parts = DateComponents(
            year: day.year, month: day.month, day: day.day,
            hour: time?.hour ?? 0, minute: time?.minute ?? 0, second: time?.second ?? 0)
        guard let date = calendar.date(from: parts) else { throw .unreadable(text) }
        return date
    }

    // MARK: - Words

    /// Weekday names and abbreviations, 1 = Sunday as in `Calendar`.
    static let weekdays: [String: Int] = [
        "sun": 1, "sunday": 1, "mon": 2, "monday": 2, "tue": 3, "tues": 3, "tuesday": 3,
        "wed": 4, "weds": 4, "wednesday": 4, "thu": 5, "thur": 5, "thurs": 5, "thursday": 5,
        "fri": 6, "friday": 6, "sat": 7, "saturday": 7,
    ]

    /// Month names and abbreviations.
    static let months: [String: Int] = [
        "jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3, "apr": 4,
        "april": 4, "may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8,
        "sep": 9, "sept": 9, "september": 9, "oct": 10, "october": 10, "nov": 11,
        "november": 11, "dec": 12, "december": 12,
    ]

    /// Suffixes of a 12-hour time, and whether they mean the afternoon; longest first.
    static let meridiems: [(suffix: String, isPM: Bool)] = [
        ("a.m.", false), ("p.m.", true), ("am", false), ("pm", true),
    ]

    /// A day of the month as a number, with an optional English ordinal suffix (`22nd`).
    static func dayOfMonth(_ word: String) -> Int? {
        var digits = Substring(word)
        for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) {
            digits = digits.dropLast(2)
            break
        }
        return number(digits, digits: 1...2)
    }

    /// The number `text` spells in ASCII digits, when it has a count of digits in `digits`.
    static func number<S: StringProtocol>(_ text: S, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.count), text.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int(text)
    }
}

// MARK: - ASCII digits

extension Character {
    /// True for `0` to `9` only (not other scripts' digits, nor fractions).
    var isASCIIDigit: Bool {
        guard let value = asciiValue else { return false }
        return (48...57).contains(value)
    }
}
