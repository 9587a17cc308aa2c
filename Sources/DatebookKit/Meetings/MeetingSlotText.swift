import Foundation

/// Reads a meeting's time slot as a person types it, with the date fields' words:
/// `tue 10-11`, `wed 14:00 1h`, `fri 9:30-10:15`, `2026-12-01 10:00 11:30`,
/// `mon 10:00 tue 12:00`, or a start alone (`thu 15:00`), which lasts `duration`.
public struct MeetingSlotText: Sendable {
    public let parser: DateParser
    /// How long a slot typed with its start alone lasts.
    public let duration: TimeInterval

    public init(parser: DateParser, duration: TimeInterval = 3_600) {
        self.parser = parser
        self.duration = duration
    }

    /// Why a slot could not be read.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case unreadable(String)
        case noTime(String)
        case endsBeforeStart(String)
        /// The date fields' own reason (`25:00 is not a time of day`).
        case date(String)

        public var description: String {
            switch self {
            case let .unreadable(text):
                return "Cannot read “\(text)” as a time (try “tue 10-11”, “wed 14:00 1h”, “2026-12-01 10:00 11:30”)"
            case let .noTime(text): return "“\(text)” has no time of day (try “\(text) 10-11”)"
            case let .endsBeforeStart(text): return "In “\(text)” the end is before the start"
            case let .date(reason): return reason
            }
        }
    }

    private static let clock = #"(\d{1,2}(?::\d{2})?\s*(?:am|pm)?|noon)"#
    private static let range = try! NSRegularExpression(
        pattern: #"^(.*?)\s*\b"# + clock + #"\s*[-–]\s*"# + clock + #"$"#, options: [.caseInsensitive])
    private static let timeOnly = try! NSRegularExpression(pattern: "^" + clock + "$", options: [.caseInsensitive])

    /// The start and end `text` says.
    public func parse(_ text: String) throws(Failure) -> (start: Date, end: Date) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= 200 else { throw .unreadable(trimmed) }
        let whole = NSRange(trimmed.startIndex..., in: trimmed)
        // A day and a range of clock times: "tue 10-11", "fri 9:30-10:15".
        if let match = Self.range.firstMatch(in: trimmed, range: whole),
            let dayRange = Range(match.range(at: 1), in: trimmed), let fromRange = Range(match.range(at: 2), in: trimmed),
            let toRange = Range(match.range(at: 3), in: trimmed)
        {
            let day = trimmed[dayRange].trimmingCharacters(in: .whitespaces)
            var from = String(trimmed[fromRange])
            var to = String(trimmed[toRange])
            // "10-11" are hours; "2-3pm" takes the pm for both.
            if !from.contains(":"), !from.lowercased().hasSuffix("m"), from != "noon" { from += ":00" }
            if !to.contains(":"), !to.lowercased().hasSuffix("m"), to != "noon" { to += ":00" }
            if to.lowercased().hasSuffix("pm"), !from.lowercased().hasSuffix("m") {
                from = from.replacingOccurrences(of: ":00", with: "") + "pm"
            }
            if let start = try? parser.parse(day.isEmpty ? from : "\(day) \(from)"),
                let end = try? parser.parse(day.isEmpty ? to : "\(day) \(to)")
            {
                return try checked(start.date, end.date, trimmed)
            }
        }
        let words = trimmed.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        // A start and a length: "wed 14:00 1h".
        if words.count >= 2, let length = try? DurationParser.parse(words.last!), length.seconds > 0,
            let start = try? parser.parse(words.dropLast().joined(separator: " ")), start.hasTime
        {
            return try checked(start.date, length.end(after: start.date, calendar: parser.calendar), trimmed)
        }
        // A start and an end: "2026-12-01 10:00 11:30", "mon 10:00 tue 12:00".
        for cut in stride(from: words.count - 1, to: 0, by: -1) {
            let first = words[..<cut].joined(separator: " ")
            let second = words[cut...].joined(separator: " ")
            guard let start = try? parser.parse(first), start.hasTime, var end = try? parser.parse(second) else {
                continue
            }
            if Self.timeOnly.firstMatch(in: second, range: NSRange(second.startIndex..., in: second)) != nil,
                let onDay = try? parser.parse("\(Self.dayText(of: start.date, calendar: parser.calendar)) \(second)")
            {
                end = onDay
            }
            return try checked(start.date, end.date, trimmed)
        }
        // A start alone.
        let start: ParsedDate
        do {
            start = try parser.parse(trimmed)
        } catch DateParseError.unreadable {
            throw .unreadable(trimmed)
        } catch {
            throw .date(error.description)
        }
        guard start.hasTime else { throw .noTime(trimmed) }
        return (start.date, start.date.addingTimeInterval(duration))
    }

    private func checked(_ start: Date, _ end: Date, _ text: String) throws(Failure) -> (start: Date, end: Date) {
        guard end > start else { throw .endsBeforeStart(text) }
        return (start, end)
    }

    private static func dayText(of date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 1, parts.month ?? 1, parts.day ?? 1)
    }
}
