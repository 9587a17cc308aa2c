import Foundation
import Synchronization

/// The weather of the city a person set: set and read by `datebook weather`, shown in the
/// Calendar's day header.
///
/// The city (as geocoded) and the last forecast are kept in the database's settings, so every
/// Datebook on the machine shares them; a forecast younger than an hour is used as it is. The
/// screens never wait for the network: `summary(for:calendar:)` answers at once from what is
/// known and, when that is old, asks again on a thread of its own; a failure shows as
/// "weather unavailable" and is asked again only some minutes later.
public final class WeatherService: Sendable {
    /// Reads an address: the answer's bytes, or why it could not.
    public typealias Fetch = @Sendable (URL) throws(WeatherError) -> Data

    /// How long a forecast is used before it is asked for again.
    public static let freshFor: TimeInterval = 3600
    /// How long after a failure the screens ask again.
    public static let retryAfter: TimeInterval = 300
    static let placeKey = "weather.place"
    static let forecastKey = "weather.forecast"

    private struct State {
        var loaded = false
        var place: WeatherPlace?
        var forecast: WeatherForecast?
        var refreshing = false
        var failed: Date?
    }

    private let settings: SettingStore
    private let api: OpenMeteo
    private let clock: Clock
    private let fetch: Fetch
    private let state = Mutex(State())

    public init(settings: SettingStore, api: OpenMeteo = .standard, clock: Clock = .system, fetch: Fetch? = nil) {
        self.settings = settings
        self.api = api
        self.clock = clock
        self.fetch = fetch ?? Self.download
    }

    /// Reads over HTTP with libcurl, within a few seconds and a megabyte.
    public static let download: Fetch = { url throws(WeatherError) in
        do {
            return try HTTPDownload(url: url, timeout: 5, sizeLimit: 1_000_000).run()
        } catch {
            throw .unavailable(String(describing: error))
        }
    }

    // MARK: - Setting the city

    /// The city set, or nil when the weather is off.
    public func place() throws -> WeatherPlace? {
        try settings.setting(Self.placeKey).flatMap { try? JSONDecoder().decode(WeatherPlace.self, from: Data($0.utf8)) }
    }

    /// Finds `city` and keeps it as the weather's city.
    @discardableResult
    public func setCity(_ city: String) throws -> WeatherPlace {
        let name = city.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw WeatherError.noSuchCity(city)
        }
        let place = try OpenMeteo.place(from: fetch(api.searchURL(city: name)), city: name)
        try settings.setSetting(Self.placeKey, to: String(decoding: try JSONEncoder().encode(place), as: UTF8.self))
        try settings.setSetting(Self.forecastKey, to: nil)
        forget()
        return place
    }

    /// Turns the weather off: no city, no forecast.
    public func turnOff() throws {
        try settings.setSetting(Self.placeKey, to: nil)
        try settings.setSetting(Self.forecastKey, to: nil)
        forget()
    }

    // MARK: - Reading the forecast

    /// The forecast for the city set: the kept one while it is younger than an hour, else a
    /// new one (kept for the next hour).
    public func forecast() throws -> WeatherForecast {
        guard let place = try place() else { throw WeatherError.off }
        if let kept = try keptForecast(), kept.place == place, isFresh(kept) { return kept }
        return try refresh(place)
    }

    /// Reads a new forecast for `place` and keeps it.
    private func refresh(_ place: WeatherPlace) throws -> WeatherForecast {
        let forecast = WeatherForecast(
            place: place, days: try OpenMeteo.days(from: fetch(api.forecastURL(for: place))), fetched: clock.now())
        try settings.setSetting(Self.forecastKey, to: String(decoding: try JSONEncoder().encode(forecast), as: UTF8.self))
        return forecast
    }

    private func keptForecast() throws -> WeatherForecast? {
        try settings.setting(Self.forecastKey).flatMap {
            try? JSONDecoder().decode(WeatherForecast.self, from: Data($0.utf8))
        }
    }

    private func isFresh(_ forecast: WeatherForecast) -> Bool {
        let age = clock.now().timeIntervalSince(forecast.fetched)
        return age >= 0 && age < Self.freshFor
    }

    // MARK: - For the screens

    /// What the day header shows for `day`: `Berlin: Partly cloudy 7°/2°`; "weather
    /// unavailable" after a failure; nil when the weather is off, the forecast does not reach
    /// that day, or the first answer has not come yet. Never waits: an old or missing forecast
    /// is asked for on another thread, and a later call shows it.
    public func summary(for day: Date, calendar: Calendar) -> String? {
        let now = clock.now()
        var asking: WeatherPlace?
        let text: String? = state.withLock { state in
            if !state.loaded {
                state.loaded = true
                state.place = try? place()
                state.forecast = try? keptForecast()
            }
            guard let place = state.place else { return nil }
            let forecast = state.forecast.flatMap { $0.place == place ? $0 : nil }
            let fresh = forecast.map(isFresh) ?? false
            if !fresh, !state.refreshing, state.failed.map({ now.timeIntervalSince($0) >= Self.retryAfter }) ?? true {
                state.refreshing = true
                asking = place
            }
            if let forecast, fresh || state.refreshing {
                return forecast.day(of: day, calendar: calendar).map { "\(place.name): \($0.summary)" }
            }
            return state.failed == nil ? nil : "weather unavailable"
        }
        if let asking {
            Thread.detachNewThread { [self] in refreshForScreens(asking) }
        }
        return text
    }

    private func refreshForScreens(_ place: WeatherPlace) {
        let forecast = try? refresh(place)
        let failedAt = clock.now()
        state.withLock { state in
            state.refreshing = false
            if let forecast, state.place == place {
                state.forecast = forecast
                state.failed = nil
            } else if forecast == nil {
                state.failed = failedAt
            }
        }
    }

    /// Reads the city and forecast again at the next `summary` (another Datebook may have
    /// changed them).
    public func forget() {
        state.withLock { state in
            guard !state.refreshing else { return }
            state.loaded = false
        }
    }
}
