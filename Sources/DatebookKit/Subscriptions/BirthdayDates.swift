import Foundation

/// Where a birthday falls in the calendar: once a year, on its day, a whole day long.
public enum BirthdayDates {
    /// The days `birthday` falls on that overlap `[from, to)`, each with the age turned then
    /// (nil when the year of birth is not known). 29 February falls on 28 February in other
    /// years; no birthday falls before the year of birth.
    public static func days(of birthday: Birthday, from: Date, to: Date, calendar: Calendar)
        -> [(start: Date, end: Date, age: Int?)]
    {
        guard from < to else { return [] }
        let firstYear = calendar.component(.year, from: from)
        let lastYear = calendar.component(.year, from: to)
        guard firstYear <= lastYear else { return [] }
        var days: [(Date, Date, Int?)] = []
        for year in max(firstYear, birthday.year ?? firstYear)...lastYear {
            var day = birthday.day
            if birthday.month == 2 && day == 29 && !isLeap(year) { day = 28 }
            guard let start = calendar.date(from: DateComponents(year: year, month: birthday.month, day: day)),
                let end = calendar.date(byAdding: .day, value: 1, to: start),
                start < to, end > from
            else { continue }
            let age = birthday.age(in: year).flatMap { $0 > 0 ? $0 : nil }
            days.append((start, end, age))
        }
        return days
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
