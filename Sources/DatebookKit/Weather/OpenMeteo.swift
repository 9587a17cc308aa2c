import Foundation

/// Open-Meteo's geocoding and forecast APIs (no key needed): the addresses asked and how their
/// answers read.
///
/// - Geocoding: `GET {geocoding}/v1/search?name=Berlin&count=1&language=en&format=json` answers
///   `{"results": [{"name", "country", "latitude", "longitude", …}]}`, with no `results` when
///   nothing is found.
/// - Forecast: `GET {forecast}/v1/forecast?latitude=…&longitude=…&daily=weather_code,
///   temperature_2m_max,temperature_2m_min&timezone=auto&forecast_days=7` answers
///   `{"daily": {"time": ["2026-11-23", …], "weather_code": [2, …], "temperature_2m_max": […],
///   "temperature_2m_min": […]}}`.
public struct OpenMeteo: Equatable, Sendable {
    public var geocoding: URL
    public var forecast: URL

    public static let standard = OpenMeteo(
        geocoding: URL(string: "https://geocoding-api.open-meteo.com")!,
        forecast: URL(string: "https://api.open-meteo.com")!)

    public init(geocoding: URL, forecast: URL) {
        self.geocoding = geocoding
        self.forecast = forecast
    }

    /// The standard addresses, or those `DATEBOOK_WEATHER_GEOCODING_URL` and
    /// `DATEBOOK_WEATHER_FORECAST_URL` name (a mirror, or a test's local server).
    public static func from(environment: [String: String]) -> OpenMeteo {
        func url(_ name: String) -> URL? {
            guard let text = environment[name], !text.isEmpty, let url = URL(string: text), url.scheme != nil else {
                return nil
            }
            return url
        }
        return OpenMeteo(geocoding: url("DATEBOOK_WEATHER_GEOCODING_URL") ?? standard.geocoding,
                         forecast: url("DATEBOOK_WEATHER_FORECAST_URL") ?? standard.forecast)
    }

    /// How many days a forecast holds.
    public static let days = 7

    public func searchURL(city: String) -> URL {
        var parts = URLComponents(url: geocoding.appendingPathComponent("v1/search"), resolvingAgainstBaseURL: false)!
        parts.queryItems = [
            URLQueryItem(name: "name", value: city), URLQueryItem(name: "count", value: "1"),
            URLQueryItem(name: "language", value: "en"), URLQueryItem(name: "format", value: "json"),
        ]
        return parts.url!
    }

    public func forecastURL(for place: WeatherPlace) -> URL {
        var parts = URLComponents(url: forecast.appendingPathComponent("v1/forecast"), resolvingAgainstBaseURL: false)!
        parts.queryItems = [
            URLQueryItem(name: "latitude", value: String(place.latitude)),
            URLQueryItem(name: "longitude", value: String(place.longitude)),
            URLQueryItem(name: "daily", value: "weather_code,temperature_2m_max,temperature_2m_min"),
            URLQueryItem(name: "timezone", value: "auto"),
            URLQueryItem(name: "forecast_days", value: String(Self.days)),
        ]
        return parts.url!
    }

    // MARK: - Answers

    private struct SearchAnswer: Decodable {
        struct Result: Decodable {
            var name: String
            var country: String?
            var latitude: Double
            var longitude: Double
        }
        var results: [Result]?
    }

    private struct ForecastAnswer: Decodable {
        struct Daily: Decodable {
            var time: [String]
            var weather_code: [Int?]
            var temperature_2m_max: [Double?]
            var temperature_2m_min: [Double?]
        }
        var daily: Daily
    }

    /// The first place a geocoding answer names.
    public static func place(from data: Data, city: String) throws(WeatherError) -> WeatherPlace {
        let answer: SearchAnswer
        do {
            answer = try JSONDecoder().decode(SearchAnswer.self, from: data)
        } catch {
            throw .unreadableAnswer("the geocoding answer is not what Open-Meteo sends")
        }
        guard let first = answer.results?.first, first.latitude.isFinite, first.longitude.isFinite,
            abs(first.latitude) <= 90, abs(first.longitude) <= 180
        else { throw .noSuchCity(city) }
        return WeatherPlace(name: first.name, country: first.country ?? "", latitude: first.latitude,
                            longitude: first.longitude)
    }

    /// The temperatures a forecast may give, in °C: the coldest and hottest ever measured are
    /// within them. A day outside them is not weather (and `1e300` stopped the planner where
    /// it was rounded to an Int).
    static let temperatures: ClosedRange<Double> = -100...100

    /// The days of a forecast answer (a day with a missing value, or a temperature no place has,
    /// is left out).
    public static func days(from data: Data) throws(WeatherError) -> [WeatherDay] {
        let daily: ForecastAnswer.Daily
        do {
            daily = try JSONDecoder().decode(ForecastAnswer.self, from: data).daily
        } catch {
            throw .unreadableAnswer("the forecast answer is not what Open-Meteo sends")
        }
        let count = daily.time.count
        guard daily.weather_code.count == count, daily.temperature_2m_max.count == count,
            daily.temperature_2m_min.count == count
        else { throw .unreadableAnswer("the forecast's lists are not of one length") }
        return (0..<count).compactMap { index in
            guard let code = daily.weather_code[index], let high = daily.temperature_2m_max[index],
                let low = daily.temperature_2m_min[index], temperatures.contains(high), temperatures.contains(low)
            else { return nil }
            return WeatherDay(date: daily.time[index], code: code, high: high, low: low)
        }
    }
}

/// Why there is no weather to show.
public enum WeatherError: Error, Equatable, CustomStringConvertible {
    /// No city is set (`datebook weather --city NAME` sets one).
    case off
    case noSuchCity(String)
    /// The network or the service failed: what happened.
    case unavailable(String)
    case unreadableAnswer(String)

    public var description: String {
        switch self {
        case .off: return "weather is off: set a city with datebook weather --city NAME"
        case let .noSuchCity(city): return "no city called \"\(city)\" was found"
        case let .unavailable(reason): return "weather unavailable: \(reason)"
        case let .unreadableAnswer(reason): return "weather unavailable: \(reason)"
        }
    }
}
