import Foundation

/// An item's alarms as a person types and reads them: a list separated by commas, each entry a
/// time before the start (`15`, `15m`, `1h`, `1d`, `1h30m`) or a date and time it rings at
/// (`2026-12-01 09:00`, `tomorrow 8am`).
public enum AlarmText {
    /// The most alarms one item may have.
    public static let maximumCount = 50

    /// What went wrong reading one entry of the list, or that there are too many.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public var entry: String
        public var tooMany = false
        /// What is wrong with an entry shaped like a date (`2026-02-30 09:00`).
        public var date: DateParseError?
        public var description: String {
            if tooMany { return "An item may have at most \(AlarmText.maximumCount) alarms" }
            if let date { return "Alarm \u{201C}\(entry)\u{201D}: \(date)" }
            return "Cannot read \u{201C}\(entry)\u{201D} as an alarm (try 15m, 1h, 1d or 2026-12-01 09:00)"
        }
    }

    /// The alarms in `text`, each with `sound`; an empty text is no alarm. Dates are read
    /// relative to `now` in `calendar`.
    public static func parse(_ text: String, sound: String?, now: Date, calendar: Calendar) throws(Problem) -> [Alarm] {
        var alarms: [Alarm] = []
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        if parts.count > maximumCount { throw Problem(entry: "", tooMany: true) }
        for part in parts {
            let entry = part.trimmingCharacters(in: .whitespaces)
            if entry.isEmpty {
                if text.trimmingCharacters(in: .whitespaces).isEmpty { continue }
                throw Problem(entry: String(part))
            }
            if let minutes = minutes(entry) {
                alarms.append(Alarm(minutesBefore: minutes, sound: sound))
            } else {
                do {
                    let date = try DateParser(now: now, calendar: calendar).parse(entry)
                    alarms.append(Alarm(at: date.date, sound: sound))
                } catch {
                    // A date that is wrong (31/02, 25:00) says how; anything else is no alarm.
                    if case .unreadable = error { throw Problem(entry: entry) }
                    throw Problem(entry: entry, date: error)
                }
            }
        }
        return alarms
    }

    /// Minutes before in `entry` (`15`, `90m`, `1h`, `2d`), or nil.
    static func minutes(_ entry: String) -> Int? {
        if let number = Int(entry) { return number >= 0 ? number : nil }
        return (try? DurationParser.parse(entry)).map { $0.days * 1440 + $0.minutes }
    }

    /// The text `parse` reads back as `alarms`: `15m, 1h, 2026-12-01 09:00`.
    public static func text(_ alarms: [Alarm], calendar: Calendar) -> String {
        alarms.map { entry($0, calendar: calendar) }.joined(separator: ", ")
    }

    /// One alarm as typed: its time before, in the largest units that say it exactly, or its date.
    public static func entry(_ alarm: Alarm, calendar: Calendar) -> String {
        switch alarm.trigger {
        case let .before(minutes):
            return duration(minutes)
        case let .at(date):
            return DateText(calendar: calendar).field(date)
        }
    }

    /// `minutes` as `1d`, `1h30m`, `15m` or `0m`.
    public static func duration(_ minutes: Int) -> String {
        guard minutes > 0 else { return "\(minutes)m" }
        let days = minutes / 1440
        let hours = (minutes % 1440) / 60
        let rest = minutes % 60
        return (days > 0 ? "\(days)d" : "") + (hours > 0 ? "\(hours)h" : "") + (rest > 0 ? "\(rest)m" : "")
    }

    /// How details describe an alarm: `15m before`, `at Tue 1 Dec 2026 09:00`.
    public static func describe(_ alarm: Alarm, calendar: Calendar) -> String {
        let when: String
        switch alarm.trigger {
        case let .before(minutes): when = duration(minutes) + " before"
        case let .at(date): when = "at " + DateText(calendar: calendar).full(date)
        }
        switch alarm.sound {
        case nil: return when
        case let sound? where alarm.isSilent: return when + (sound.isEmpty ? "" : ", no sound")
        case let sound?: return when + ", sound \(sound)"
        }
    }
}
