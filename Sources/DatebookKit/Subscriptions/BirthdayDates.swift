import Foundation

/// Where a birthday falls in the calendar: once a year, on its day, a whole day long.
public enum BirthdayDates {
    /// The days `birthday` falls on that overlap `[from, to)`, each with the age turned then
    /// (nil when the year of birth is not known). 29 February falls on 28 February in other
    /// years; no birthday falls before the year of birth.
    public static func days(of birthday: Birthday, from: Date, to: Date, calendar: Calendar)
        -> [(start: Date, end: Date, age: Int?)]
    {
        var days = Days(calendar: calendar)
        return days.of(birthday, from: from, to: to)
    }

    /// Finds the days of many birthdays in one range, each midnight computed once: thousands
    /// of contacts share a few hundred days, and a calendar computation is the costly part.
    public struct Days {
        let calendar: Calendar
        private var starts: [Int: Date?] = [:]
        private var years: (from: Date, to: Date, first: Int, last: Int)?

        public init(calendar: Calendar) {
            self.calendar = calendar
        }

        /// The midnight starting a day, or nil when the calendar has none.
        private mutating func start(_ year: Int, _ month: Int, _ day: Int) -> Date? {
            let key = (year * 100 + month) * 100 + day
            if let known = starts[key] { return known }
            let date = calendar.date(from: DateComponents(year: year, month: month, day: day))
            starts[key] = date
            return date
        }

        public mutating func of(_ birthday: Birthday, from: Date, to: Date) -> [(start: Date, end: Date, age: Int?)] {
            guard from < to else { return [] }
            if years == nil || years!.from != from || years!.to != to {
                years = (from, to, calendar.component(.year, from: from), calendar.component(.year, from: to))
            }
            let (_, _, firstYear, lastYear) = years!
            let first = max(firstYear, birthday.year ?? firstYear)
            guard first <= lastYear else { return [] }
            var days: [(Date, Date, Int?)] = []
            for year in first...lastYear {
                var day = birthday.day
                if birthday.month == 2 && day == 29 && !isLeap(year) { day = 28 }
                guard let midnight = start(year, birthday.month, day), midnight < to else { continue }
                // The next midnight: the day after, or (at a month's end) one day later.
                let next = day < 28 ? start(year, birthday.month, day + 1)
                    : calendar.date(byAdding: .day, value: 1, to: midnight)
                guard let end = next, end > from else { continue }
                let age = birthday.age(in: year).flatMap { $0 > 0 ? $0 : nil }
                days.append((midnight, end, age))
            }
            return days
        }
    }

    static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The months `[from, to)` touches, or nil when it touches all twelve.
    static func months(from: Date, to: Date, calendar: Calendar) -> Set<Int>? {
        guard to.timeIntervalSince(from) < 330 * 86_400 else { return nil }
        var months: Set<Int> = []
        var day = calendar.startOfDay(for: from)
        while day < to {
            months.insert(calendar.component(.month, from: day))
            guard let next = calendar.date(byAdding: .month, value: 1, to: day),
                let first = calendar.date(from: calendar.dateComponents([.year, .month], from: next))
            else { break }
            day = first
        }
        return months.count == 12 ? nil : months
    }
}
