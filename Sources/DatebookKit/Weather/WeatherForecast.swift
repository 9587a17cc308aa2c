import Foundation

/// A city as the geocoding service found it.
public struct WeatherPlace: Codable, Equatable, Sendable {
    public var name: String
    /// The country's name, empty when not given.
    public var country: String
    public var latitude: Double
    public var longitude: Double

    public init(name: String, country: String = "", latitude: Double, longitude: Double) {
        self.name = name
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
    }

    /// `Berlin, Germany`, or the name alone.
    public var shown: String { country.isEmpty ? name : "\(name), \(country)" }
}

/// One day's forecast: the condition and the day's highest and lowest temperature (°C).
public struct WeatherDay: Codable, Equatable, Sendable {
    /// The local date at the place, `2026-11-23`.
    public var date: String
    public var code: Int
    public var high: Double
    public var low: Double

    public init(date: String, code: Int, high: Double, low: Double) {
        self.date = date
        self.code = code
        self.high = high
        self.low = low
    }

    public var condition: String { WeatherCondition.text(code) }

    /// `Partly cloudy 7°/2°`.
    public var summary: String {
        "\(condition) \(Self.degrees(high))/\(Self.degrees(low))"
    }

    /// A temperature rounded to a whole degree: `7°`, `-3°`.
    public static func degrees(_ value: Double) -> String {
        let rounded = Int(value.held(in: -1000...1000, ifNaN: 0).rounded())
        return "\(rounded == 0 ? 0 : rounded)°"
    }
}

/// The days ahead at a place, as read at one time.
public struct WeatherForecast: Codable, Equatable, Sendable {
    public var place: WeatherPlace
    public var days: [WeatherDay]
    public var fetched: Date

    public init(place: WeatherPlace, days: [WeatherDay], fetched: Date) {
        self.place = place
        self.days = days
        self.fetched = fetched
    }

    /// The forecast of the day `date` is on, as `calendar` counts days.
    public func day(of date: Date, calendar: Calendar) -> WeatherDay? {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        guard let year = parts.year, let month = parts.month, let day = parts.day else { return nil }
        let key = String(format: "%04d-%02d-%02d", year, month, day)
        return days.first { $0.date == key }
    }
}
