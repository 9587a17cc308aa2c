import Foundation

/// How `datebook weather` prints a forecast: the place, then a line a day.
///
///     Berlin, Germany
///     Mon 23 Nov  Partly cloudy        7° /  2°
public enum WeatherText {
    public static func lines(_ forecast: WeatherForecast) -> [String] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let width = forecast.days.map { $0.condition.count }.max() ?? 0
        return [forecast.place.shown] + forecast.days.map { day in
            let parts = day.date.split(separator: "-").compactMap { Int($0) }
            var label = day.date
            if parts.count == 3,
                let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
            {
                let weekday = DateText.longWeekdays[calendar.component(.weekday, from: date) - 1].prefix(3)
                label = "\(weekday) \(String(format: "%2d", parts[2])) \(DateText.longMonths[parts[1] - 1].prefix(3))"
            }
            let condition = day.condition.padding(toLength: width, withPad: " ", startingAt: 0)
            let high = WeatherDay.degrees(day.high)
            let low = WeatherDay.degrees(day.low)
            return "\(label)  \(condition)  \(String(repeating: " ", count: max(0, 4 - high.count)))\(high) / \(low)"
        }
    }
}
