import Foundation

/// Reads one line of quick add, such as `Lunch with Ana tomorrow 12:30 1h @Cafe Central #work !high`,
/// into the fields of an item (`QuickAddResult`).
///
/// The words it reads, anywhere in the line (the rest is the title, as typed):
/// - a date, a time or both, as a date field reads them (`tomorrow 12:30`, `fri 2pm`, `22/11`,
///   `next friday`, `9am`), maybe after `at`, `on` or `from`; a date and a time may stand apart
///   (`tomorrow … 9am`); `in` and a length from now (`in 3 days`, `in 2 hours`);
/// - an end after `to`, `until`, `till` or `-` (`to 14:00`, `mon to fri`, `14:00-15:30`), or a
///   length: one word (`1h`, `90m`, `1h30m`, `2d`) or after `for` (`for 2 hours`);
/// - `@` a place, up to the next word it reads (`@Cafe Central #work`);
/// - `#` a category, as many as typed; `!high`, `!med`, `!low` or `!1`…`!9` a priority;
/// - a repeat: `every monday`, `every mon and thu`, `every day`, `every 2 weeks`, `every
///   weekday`, `daily`, `weekly`, `monthly on the last fri`, `… until 31/12`, `… 10 times`
///   (in a line with a repeat, `until` and a date say when it stops, wherever they stand);
/// - a reminder: `remind 10m before`, `remind me 1 hour before`, `alarm 15m`;
/// - `by` or `due` and a date: a task due then;
/// - at the start, `task`, `todo` (or `task:`, `todo:`) for a task, `reminder:` for a reminder.
///
/// What it makes: with a `task`/`todo` prefix or a `by`/`due` date, a task (after the prefix,
/// a date alone is when it is due); with `reminder:`, a reminder; else, with a date, a time or a
/// repeat, an event (all day when no time is given); with none of these, a task without a
/// date. A time without a date is today's, or tomorrow's when it has passed; a repeat on
/// weekdays without a date starts on the first of them. A word shaped like a date but wrong
/// (`31/02`, `25:00`) is an error; any other word it cannot read stays in the title.
///
/// The parser is pure: "now" is given, and nothing is read or written.
public struct QuickAddParser: Sendable {
    public let now: Date
    public let calendar: Calendar
    /// The day a time without a date is on (the Calendar's selected day); nil for today, or
    /// tomorrow once the time has passed.
    public let defaultDay: Date?

    /// The longest line read; a longer one is refused rather than read slowly.
    static let maximumLength = 2000
    /// The most words a date phrase or a repeat phrase may take.
    static let longestDate = 5
    static let longestRepeat = 8

    public init(now: Date, calendar: Calendar, defaultDay: Date? = nil) {
        self.now = now
        self.calendar = calendar
        self.defaultDay = defaultDay.map { calendar.startOfDay(for: $0) }
    }

    // MARK: - Parsing

    public func parse(_ line: String) throws(QuickAddError) -> QuickAddResult {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .empty }
        guard trimmed.count <= Self.maximumLength else {
            throw .field(.title, "The line is too long (at most \(Self.maximumLength) characters)")
        }
        var words = Self.words(of: trimmed)
        var state = State()
        if let first = words.first, let kind = Self.prefixes[first.lower] {
            state.prefix = kind
            words.removeFirst()
        }
        var index = 0
        while index < words.count {
            // With a repeat, "10 times" after other words (`every day 7am 10 times`) says how
            // many times it repeats.
            if let repeats = state.repeats, index + 1 < words.count, let count = Int(words[index].lower), count > 0,
                ["times", "time"].contains(words[index + 1].lower), !repeats.phrase.hasSuffix(" times"),
                (try? RepeatPhrase.rule(from: repeats.phrase + " \(count) times", start: now, calendar: calendar)) != nil
            {
                state.repeats = (repeats.phrase + " \(count) times", repeats.weekdays)
                index += 2
                continue
            }
            guard let (piece, length) = read(words, at: index, hasStart: state.hasStart) else {
                state.addToTitle(words[index])
                index += 1
                continue
            }
            if case .invalid(let error) = piece { throw .date(error) }
            if case .end(let text) = piece, words[index].lower == "until", let repeats = state.repeats {
                // With a repeat, "until" says when the repeating stops.
                state.repeats = (repeats.phrase + " until " + text, repeats.weekdays)
                index += length
                continue
            }
            if !state.take(piece) {
                // Said twice (a second date, a second place): the later one stays in the title.
                for word in words[index..<(index + length)] { state.addToTitle(word) }
            }
            index += length
        }
        return try assemble(state)
    }

    // MARK: - Words

    /// One word of the line: as read, lowercased for matching, and the word typed it came from
    /// (`9-10am` is read as `9am`, `to`, `10am`) with its place in the line.
    struct Word: Equatable {
        var text: String
        var lower: String
        var typed: String
        var position: Int
        init(_ text: String, typed: String? = nil, position: Int = 0) {
            self.text = text
            lower = text.lowercased()
            self.typed = typed ?? text
            self.position = position
        }
    }

    /// The line's words; `14:00-15:30` and `9-10am` become a time, `to`, a time.
    static func words(of line: String) -> [Word] {
        var result: [Word] = []
        for (position, part) in line.split(whereSeparator: \.isWhitespace).map(String.init).enumerated() {
            if let range = timeRange(part) {
                result += [range.0, "to", range.1].map { Word($0, typed: part, position: position) }
            } else {
                result.append(Word(part, position: position))
            }
        }
        return result
    }

    /// `14:00-15:30` as its two times; `9-10am` as `9am` and `10am`, `11-1pm` as `11am` and
    /// `1pm`, `9-10:30` as `9:00` and `10:30`; nil for anything else.
    static func timeRange(_ word: String) -> (String, String)? {
        let halves = word.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard halves.count == 2, !halves[0].isEmpty, !halves[1].isEmpty else { return nil }
        var first = halves[0]
        var second = halves[1]
        func minutes(_ text: String) -> Int? {
            guard case .value(let time) = DateParser.time(text.lowercased(), typed: text), time.offset == nil else {
                return nil
            }
            return time.hour * 60 + time.minute
        }
        func meridiem(_ text: String) -> (suffix: String, isPM: Bool)? {
            DateParser.meridiems.first { text.lowercased().hasSuffix($0.suffix) }
        }
        if meridiem(first) == nil, let shared = meridiem(second) {
            // The end's am or pm is the start's too, unless the start would then come after it.
            let other = DateParser.meridiems.first { $0.isPM != shared.isPM && $0.suffix.count == shared.suffix.count }
            if let end = minutes(second), let start = minutes(first + shared.suffix), start > end, let other {
                first += other.suffix
            } else {
                first += shared.suffix
            }
        } else if first.allSatisfy(\.isASCIIDigit), second.contains(":") {
            first += ":00"
        } else if second.allSatisfy(\.isASCIIDigit), first.contains(":"), meridiem(first) == nil {
            second += ":00"
        }
        guard minutes(first) != nil, minutes(second) != nil else { return nil }
        return (first, second)
    }

    /// Line prefixes that say the kind.
    static let prefixes: [String: ItemKind] = [
        "task": .task, "task:": .task, "todo": .task, "todo:": .task, "reminder:": .reminder,
    ]

    /// Single words a date field reads that are more often plain words in a title: they count
    /// as dates only after `on`, `at` or `from` (`on sat`).
    static let ambiguousDays: Set<String> = ["sun", "sat", "wed", "tod", "now", "mar", "may"]

    /// Words that start a repeat.
    static let repeatWords: Set<String> = ["every", "daily", "weekly", "monthly", "yearly", "annually", "weekdays"]

    // MARK: - Pieces

    /// A date phrase: a day, a time of day, or both (a moment).
    enum When: Equatable {
        case day(Date)
        case time(hour: Int, minute: Int)
        case moment(Date, hasTime: Bool)
    }

    /// What some words of the line say.
    enum Piece: Equatable {
        case when(When)
        case end(String)
        case due(ParsedDate)
        case length(ParsedDuration, typed: String)
        case place(String)
        case category(String)
        case priority(Int)
        case repeats(phrase: String, weekdays: [Int])
        case alarm(minutes: Int)
        /// Shaped like a date or time but wrong: the line cannot be saved.
        case invalid(DateParseError)
    }

    /// What the words from `index` say, and how many words that takes; nil for a title word.
    func read(_ words: [Word], at index: Int, hasStart: Bool) -> (Piece, Int)? {
        let word = words[index]
        let next = index + 1
        if let first = word.text.first, "@#!".contains(first) {
            return marked(words, at: index)
        }
        switch word.lower {
        case "at", "on", "from":
            if next < words.count, let (when, length) = date(words, at: next, ambiguousToo: true) {
                return (when, length + 1)
            }
        case "to", "until", "till", "-", "–":
            if hasStart, next < words.count, case let (.when, length)? = date(words, at: next, ambiguousToo: true) {
                return (.end(words[next..<(next + length)].map(\.text).joined(separator: " ")), length + 1)
            }
        case "by", "due":
            if next < words.count, case let (.when(when), length)? = date(words, at: next, ambiguousToo: true) {
                return (.due(parsedDate(when)), length + 1)
            }
        case "for":
            if let (duration, typed, length) = length(words, at: next, maxWords: 2) {
                return (.length(duration, typed: typed), length + 1)
            }
        case "in":
            // "in 3 days" is a day; "in 2 hours", "in 30m" a moment from now.
            if let (duration, _, length) = length(words, at: next, maxWords: 2) {
                let today = calendar.startOfDay(for: now)
                if duration.minutes == 0, let day = calendar.date(byAdding: .day, value: duration.days, to: today) {
                    return (.when(.day(day)), length + 1)
                }
                return (.when(.moment(duration.end(after: now, calendar: calendar), hasTime: true)), length + 1)
            }
        case "remind", "alarm", "reminder":
            if let reading = alarm(words, at: next) { return (reading.0, reading.1 + 1) }
        default:
            if Self.repeatWords.contains(word.lower), let reading = repeats(words, at: index) { return reading }
        }
        if let reading = date(words, at: index, ambiguousToo: false) { return reading }
        if let (duration, typed, length) = length(words, at: index, maxWords: 1) {
            return (.length(duration, typed: typed), length)
        }
        return nil
    }

    /// A word starting with `@`, `#` or `!`.
    private func marked(_ words: [Word], at index: Int) -> (Piece, Int)? {
        let word = words[index]
        let body = String(word.text.dropFirst())
        switch word.text.first {
        case "@":
            // The place runs to the next word that says something else.
            var parts = body.isEmpty ? [] : [body]
            var end = index + 1
            while end < words.count, !startsMarked(words[end]), read(words, at: end, hasStart: true) == nil {
                parts.append(words[end].text)
                end += 1
            }
            let place = parts.joined(separator: " ")
            return place.isEmpty ? nil : (.place(place), end - index)
        case "#":
            let tag = body.trimmingCharacters(in: CharacterSet(charactersIn: ",.;"))
            return tag.isEmpty ? nil : (.category(tag), 1)
        default:
            return Self.priorities[body.lowercased()].map { (.priority($0), 1) }
        }
    }

    /// True for a word that `@`, `#` or a priority's `!` starts (it ends a place).
    private func startsMarked(_ word: Word) -> Bool {
        switch word.text.first {
        case "@", "#": return word.text.count > 1
        case "!": return Self.priorities[String(word.lower.dropFirst())] != nil
        default: return false
        }
    }

    /// `!high` and its kin, with their iCalendar priority.
    static let priorities: [String: Int] = {
        var table = ["high": 1, "hi": 1, "h": 1, "medium": 5, "med": 5, "m": 5, "low": 9, "lo": 9, "l": 9]
        for n in 1...9 { table[String(n)] = n }
        return table
    }()

    /// The longest date phrase from `index` (up to five words, not across `@`, `#` or `!`).
    private func date(_ words: [Word], at index: Int, ambiguousToo: Bool) -> (Piece, Int)? {
        let parser = DateParser(now: now, calendar: calendar)
        var longest = 0
        while longest < Self.longestDate, index + longest < words.count,
            !(words[index + longest].text.first.map { "@#!".contains($0) } ?? false)
        {
            longest += 1
        }
        guard longest > 0 else { return nil }
        for length in stride(from: longest, through: 1, by: -1) {
            let slice = words[index..<(index + length)]
            if length == 1, !ambiguousToo, Self.ambiguousDays.contains(slice.first!.lower) { continue }
            // A phrase does not end on a filler word ("tomorrow at" is "tomorrow", then "at …").
            if length > 1, ["at", "on", "to", "from"].contains(slice.last!.lower) { continue }
            let text = slice.map(\.text).joined(separator: " ")
            do {
                let parsed = try parser.parse(text)
                return (.when(classify(parsed, text: text)), length)
            } catch {
                guard length == 1 else { continue }
                switch error {
                case .noSuchDay, .notATime: return (.invalid(error), 1)
                default: return nil
                }
            }
        }
        return nil
    }

    /// Whether a parsed phrase named a day, a time of day, or both.
    private func classify(_ parsed: ParsedDate, text: String) -> When {
        guard parsed.hasTime else { return .day(calendar.startOfDay(for: parsed.date)) }
        let tokens = DateParser.dropping(["at", "@"], from: DateParser.tokens(of: text)[...])
        if case .value(let time) = DateParser(now: now, calendar: calendar).timeOfDay(tokens), time.offset == nil {
            return .time(hour: time.hour, minute: time.minute)
        }
        return .moment(parsed.date, hasTime: true)
    }

    private func parsedDate(_ when: When) -> ParsedDate {
        switch when {
        case .day(let day): return ParsedDate(date: day, hasTime: false)
        case .time(let hour, let minute): return ParsedDate(date: at(hour, minute, on: nextDay(for: hour, minute)), hasTime: true)
        case .moment(let date, let hasTime): return ParsedDate(date: date, hasTime: hasTime)
        }
    }

    /// A length from `index`: `1h`, `90m`, `1h 30m`, `2 hours`, `10 minutes` (at most `maxWords`).
    private func length(_ words: [Word], at index: Int, maxWords: Int) -> (ParsedDuration, String, Int)? {
        for count in stride(from: min(maxWords, words.count - index), through: 1, by: -1) {
            let slice = words[index..<(index + count)]
            guard slice.first!.lower.first?.isASCIIDigit == true else { return nil }
            let text = slice.map(\.lower).joined(separator: " ")
            if let duration = try? DurationParser.parse(Self.shortUnits(text)),
                duration.days > 0 || duration.minutes > 0
            {
                return (duration, slice.map(\.text).joined(separator: " "), count)
            }
        }
        return nil
    }

    /// `2 hours 30 minutes` as `2h30m`, which `DurationParser` reads.
    static func shortUnits(_ text: String) -> String {
        let units: [(String, [String])] = [
            ("w", ["weeks", "week", "wks", "wk"]), ("d", ["days", "day"]),
            ("h", ["hours", "hour", "hrs", "hr"]), ("m", ["minutes", "minute", "mins"]),
        ]
        var result: [String] = []
        for word in text.split(separator: " ").map(String.init) {
            var short = word
            for (unit, names) in units {
                if let name = names.first(where: { word.hasSuffix($0) }),
                    word.dropLast(name.count).allSatisfy(\.isASCIIDigit)
                {
                    short = word.dropLast(name.count) + unit
                    break
                }
            }
            result.append(short)
        }
        return result.joined()
    }

    /// After `remind`: `[me] 10m [before]`, `10 minutes before`, `1h 30m earlier`.
    private func alarm(_ words: [Word], at index: Int) -> (Piece, Int)? {
        var at = index
        if at < words.count, words[at].lower == "me" { at += 1 }
        guard at < words.count, let (duration, _, length) = length(words, at: at, maxWords: 2) else { return nil }
        at += length
        if at < words.count, ["before", "earlier", "ahead"].contains(words[at].lower) { at += 1 }
        return (.alarm(minutes: duration.days * 1440 + duration.minutes), at - index)
    }

    /// The longest repeat phrase from `index` that `RepeatPhrase` reads (after the words for
    /// weekdays are put as it says them).
    private func repeats(_ words: [Word], at index: Int) -> (Piece, Int)? {
        var longest = 0
        while longest < Self.longestRepeat, index + longest < words.count,
            !(words[index + longest].text.first.map { "@#!".contains($0) } ?? false)
        {
            longest += 1
        }
        for length in stride(from: longest, through: 1, by: -1) {
            let lower = words[index..<(index + length)].map(\.lower)
            let (phrase, weekdays) = Self.weeklyPhrase(lower) ?? (lower.joined(separator: " "), [])
            if let rule = try? RepeatPhrase.rule(from: phrase, start: now, calendar: calendar) {
                // `every weekday`, `weekdays`: the days are the rule's.
                return (.repeats(phrase: phrase, weekdays: weekdays.isEmpty ? Self.plainWeekdays(of: rule) : weekdays),
                        length)
            }
        }
        return nil
    }

    /// The days (1 = Sunday) a daily or weekly rule keeps by its BYDAY (`MO,TU`, no positions);
    /// empty for any other rule.
    static func plainWeekdays(of rule: String) -> [Int] {
        let parts = Dictionary(
            rule.split(separator: ";").compactMap { part -> (Substring, Substring)? in
                guard let equals = part.firstIndex(of: "=") else { return nil }
                return (part[..<equals], part[part.index(after: equals)...])
            },
            uniquingKeysWith: { first, _ in first })
        guard let frequency = parts["FREQ"], frequency == "DAILY" || frequency == "WEEKLY",
            let days = parts["BYDAY"]
        else { return [] }
        let codes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
        let found = days.split(separator: ",").map { codes.firstIndex(of: String($0)).map { $0 + 1 } }
        return found.contains(nil) ? [] : found.compactMap { $0 }
    }

    /// `every monday and thu …` as `weekly on mon thu …`, `every other fri` as
    /// `every 2 weeks on fri`, with the weekdays (1 = Sunday); nil when not shaped so.
    static func weeklyPhrase(_ words: [String]) -> (String, [Int])? {
        guard words.first == "every" else { return nil }
        var rest = words.dropFirst()
        var every = "weekly"
        if rest.first == "other" {
            every = "every 2 weeks"
            rest = rest.dropFirst()
        }
        var days: [Int] = []
        while let word = rest.first {
            let bare = word.trimmingCharacters(in: CharacterSet(charactersIn: ","))
            if bare == "and" || bare.isEmpty {
                rest = rest.dropFirst()
                continue
            }
            let singular = bare.hasSuffix("s") && DateParser.weekdays[bare] == nil ? String(bare.dropLast()) : bare
            guard let day = DateParser.weekdays[singular] else { break }
            if !days.contains(day) { days.append(day) }
            rest = rest.dropFirst()
        }
        guard !days.isEmpty else { return nil }
        let names = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
        let phrase = ([every, "on", days.map { names[$0 - 1] }.joined(separator: " ")] + rest).joined(separator: " ")
        return (phrase, days)
    }

    // MARK: - Assembling

    /// The pieces read so far.
    struct State {
        var prefix: ItemKind?
        var title: [String] = []
        var day: Date?
        var time: (hour: Int, minute: Int)?
        var moment: Date?
        var end: String?
        var due: ParsedDate?
        var length: (ParsedDuration, String)?
        var place: String?
        var categories: [String] = []
        var priority: Int?
        var repeats: (phrase: String, weekdays: [Int])?
        var alarm: Int?

        /// The positions of the typed words already in the title.
        var titlePositions: Set<Int> = []

        var hasStart: Bool { day != nil || time != nil || moment != nil }

        /// Puts a word in the title as it was typed: a word read as several (`9-10am`) goes
        /// in once, whole, even when only some of it was left unread.
        mutating func addToTitle(_ word: Word) {
            guard titlePositions.insert(word.position).inserted else { return }
            title.append(word.typed)
        }

        /// Takes a piece; false when the line already said that.
        mutating func take(_ piece: Piece) -> Bool {
            switch piece {
            case .when(.day(let date)):
                guard day == nil, moment == nil else { return false }
                day = date
            case .when(.time(let hour, let minute)):
                guard time == nil, moment == nil else { return false }
                time = (hour, minute)
            case .when(.moment(let date, _)):
                guard !hasStart else { return false }
                moment = date
            case .end(let text):
                guard end == nil, length == nil else { return false }
                end = text
            case .due(let date):
                guard due == nil else { return false }
                due = date
            case .length(let duration, let typed):
                guard length == nil, end == nil else { return false }
                length = (duration, typed)
            case .place(let text):
                guard place == nil else { return false }
                place = text
            case .category(let tag):
                if !categories.contains(tag) { categories.append(tag) }
            case .priority(let value):
                guard priority == nil else { return false }
                priority = value
            case .repeats(let phrase, let weekdays):
                guard repeats == nil else { return false }
                repeats = (phrase, weekdays)
            case .alarm(let minutes):
                guard alarm == nil else { return false }
                alarm = minutes
            case .invalid:
                return false
            }
            return true
        }
    }

    /// The result the pieces make, by the rules in the type's summary.
    private func assemble(_ state: State) throws(QuickAddError) -> QuickAddResult {
        let title = Self.tidy(state.title.joined(separator: " "))
        guard !title.isEmpty else { throw .noTitle }
        var result = QuickAddResult(kind: .task, title: title)
        result.place = state.place ?? ""
        result.categories = state.categories
        result.priority = state.priority ?? 0
        result.alarmMinutes = state.alarm

        // The start: a moment, or a day and a time read apart.
        var start: Date?
        var hasTime = false
        if let moment = state.moment {
            start = moment
            hasTime = true
        } else if let time = state.time {
            let day = state.day ?? firstWeekday(state.repeats?.weekdays) ?? defaultDay
                ?? nextDay(for: time.hour, time.minute)
            start = at(time.hour, time.minute, on: day)
            hasTime = true
        } else if let day = state.day {
            start = day
        } else if let repeats = state.repeats {
            start = firstWeekday(repeats.weekdays) ?? calendar.startOfDay(for: now)
        }

        if let start {
            var end: Date?
            var allDay = !hasTime
            if let typed = state.end {
                guard let parsed = try? DateParser(now: start, calendar: calendar).parse(typed) else {
                    throw .field(.end, "Cannot read \u{201C}\(typed)\u{201D} as the end")
                }
                if parsed.hasTime {
                    allDay = false
                    end = parsed.date
                    // "22:00 to 01:00" ends the next day; "12:30 to 11:00" is an end before the start.
                    if end! <= start, calendar.isDate(parsed.date, inSameDayAs: start), hasTime,
                        let next = calendar.date(byAdding: .day, value: 1, to: parsed.date),
                        next.timeIntervalSince(start) <= 12 * 3600
                    {
                        end = next
                    }
                } else if allDay {
                    end = calendar.startOfDay(for: parsed.date)
                } else {
                    end = parsed.date
                }
            } else if let (duration, typed) = state.length {
                if hasTime {
                    end = duration.end(after: start, calendar: calendar)
                } else if duration.minutes == 0 {
                    end = calendar.date(byAdding: .day, value: max(0, duration.days - 1), to: start)
                } else {
                    throw .lengthNeedsTime(typed)
                }
            }
            result.start = start
            result.end = end
            result.allDay = allDay
        } else if let (_, typed) = state.length {
            throw .lengthNeedsTime(typed)
        }

        if let due = state.due {
            result.due = due.date
            result.dueHasTime = due.hasTime
        }
        // The kind, by the rule in the summary.
        if state.prefix == .reminder {
            result.kind = .reminder
        } else if state.prefix == .task || state.due != nil || result.start == nil {
            result.kind = .task
            if result.due == nil, let first = result.start, result.end == nil, state.repeats == nil {
                // A task's date alone is when it is due.
                result.due = first
                result.dueHasTime = hasTime
                result.start = nil
            }
            result.allDay = false
        } else {
            result.kind = .event
        }

        if result.alarmMinutes != nil, result.start == nil, result.due == nil { throw .reminderNeedsTime }
        if let repeats = state.repeats {
            let first = result.start ?? result.due ?? now
            do {
                let rule = try RepeatPhrase.rule(from: repeats.phrase, start: first, calendar: calendar)
                result.repeatPhrase = RepeatPhrase.phrase(for: rule, calendar: calendar) ?? repeats.phrase
            } catch {
                throw .field(.repeatRule, error.description)
            }
        }
        return result
    }

    /// The day a time of day alone means: today, or tomorrow once it has passed.
    private func nextDay(for hour: Int, _ minute: Int) -> Date {
        let today = calendar.startOfDay(for: now)
        if at(hour, minute, on: today) >= now { return today }
        return calendar.date(byAdding: .day, value: 1, to: today) ?? today
    }

    /// The first of some weekdays (1 = Sunday) on or after today; nil for none.
    private func firstWeekday(_ weekdays: [Int]?) -> Date? {
        guard let weekdays, !weekdays.isEmpty else { return nil }
        let today = calendar.startOfDay(for: now)
        let current = calendar.component(.weekday, from: now)
        let ahead = weekdays.map { ($0 - current + 7) % 7 }.min()!
        return calendar.date(byAdding: .day, value: ahead, to: today)
    }

    /// A time of day on a day.
    private func at(_ hour: Int, _ minute: Int, on day: Date) -> Date {
        calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day) ?? day
    }

    /// The title without separators left dangling where words were taken out.
    static func tidy(_ title: String) -> String {
        let separators = CharacterSet(charactersIn: ",;:-–").union(.whitespaces)
        return title.trimmingCharacters(in: separators)
    }
}
