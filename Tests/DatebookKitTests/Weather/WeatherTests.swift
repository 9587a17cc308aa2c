import Foundation
import Synchronization
import Testing

@testable import DatebookKit

/// Open-Meteo's answers read, the city and forecast kept in the settings, a forecast used for
/// an hour, and the screens' summary that never waits for the network.
@Suite struct WeatherTests {
    static let berlin = Data("""
        {"results":[{"id":2950159,"name":"Berlin","latitude":52.52437,"longitude":13.41053,
        "country":"Germany","timezone":"Europe/Berlin"}],"generationtime_ms":0.6}
        """.utf8)

    /// Seven days from Sunday 22 November 2026 (Fixture.now's day).
    static let week = Data("""
        {"latitude":52.52,"longitude":13.42,"timezone":"Europe/Berlin",
         "daily_units":{"time":"iso8601","weather_code":"wmo code"},
         "daily":{"time":["2026-11-22","2026-11-23","2026-11-24","2026-11-25","2026-11-26","2026-11-27","2026-11-28"],
         "weather_code":[2,61,3,0,71,95,45],
         "temperature_2m_max":[7.2,9.1,5.5,3.0,-0.4,12.6,4.4],
         "temperature_2m_min":[2.1,4.0,1.2,-3.5,-5.1,6.0,0.4]}}
        """.utf8)

    /// Answers as Open-Meteo would, counts the questions, and can be made to fail or to wait.
    final class FakeOpenMeteo: Sendable {
        private let state = Mutex((searches: 0, forecasts: 0, failing: false))
        let gate = DispatchSemaphore(value: 0)
        let waits: Bool

        init(waits: Bool = false) { self.waits = waits }

        var searches: Int { state.withLock { $0.searches } }
        var forecasts: Int { state.withLock { $0.forecasts } }
        func fail(_ failing: Bool) { state.withLock { $0.failing = failing } }

        var fetch: WeatherService.Fetch {
            { [self] url throws(WeatherError) in
                if url.path.hasSuffix("/v1/search") {
                    state.withLock { $0.searches += 1 }
                    return url.query?.contains("name=Berlin") == true ? WeatherTests.berlin : Data(#"{"generationtime_ms":1}"#.utf8)
                }
                state.withLock { $0.forecasts += 1 }
                if waits { gate.wait() }
                if state.withLock({ $0.failing }) { throw .unavailable("cannot reach the address") }
                return WeatherTests.week
            }
        }
    }

    let store: SQLiteStore
    let clock = ManualClock()
    var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    init() throws {
        store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
    }

    // MARK: - Open-Meteo's answers

    @Test func readsAPlaceAndTheDaysOfAForecast() throws {
        let place = try OpenMeteo.place(from: Self.berlin, city: "Berlin")
        #expect(place == WeatherPlace(name: "Berlin", country: "Germany", latitude: 52.52437, longitude: 13.41053))
        let days = try OpenMeteo.days(from: Self.week)
        #expect(days.count == 7)
        #expect(days[1] == WeatherDay(date: "2026-11-23", code: 61, high: 9.1, low: 4.0))
        #expect(days[0].summary == "Partly cloudy 7°/2°")
        #expect(days[4].summary == "Light snow 0°/-5°")
    }

    @Test func aCityNotFoundAndAnswersThatAreNotOpenMeteosAreSaidSo() throws {
        #expect(throws: WeatherError.noSuchCity("Atlantis")) {
            try OpenMeteo.place(from: Data(#"{"generationtime_ms":1}"#.utf8), city: "Atlantis")
        }
        #expect(throws: WeatherError.unreadableAnswer("the geocoding answer is not what Open-Meteo sends")) {
            try OpenMeteo.place(from: Data("<html>busy</html>".utf8), city: "Berlin")
        }
        let uneven = Data(#"{"daily":{"time":["2026-11-22","2026-11-23"],"weather_code":[1],"temperature_2m_max":[1,2],"temperature_2m_min":[0,1]}}"#.utf8)
        #expect(throws: WeatherError.unreadableAnswer("the forecast's lists are not of one length")) {
            try OpenMeteo.days(from: uneven)
        }
        // A day with a missing value is left out, the others kept.
        let gap = Data(#"{"daily":{"time":["2026-11-22","2026-11-23"],"weather_code":[1,null],"temperature_2m_max":[1,2],"temperature_2m_min":[0,1]}}"#.utf8)
        let kept = try OpenMeteo.days(from: gap)
        #expect(kept.map(\.date) == ["2026-11-22"])
        // So is a temperature no place has: 1e300 stopped the planner where it was rounded.
        let absurd = Data(#"{"daily":{"time":["2026-11-22","2026-11-23","2026-11-24"],"weather_code":[1,1,1],"temperature_2m_max":[1e300,2,150],"temperature_2m_min":[0,-1e300,1]}}"#.utf8)
        #expect(try OpenMeteo.days(from: absurd).isEmpty)
        #expect(WeatherDay.degrees(1e300) == "1000°")
        #expect(WeatherDay.degrees(-.infinity) == "-1000°")
        #expect(WeatherDay.degrees(.nan) == "0°")
        #expect(WeatherDay.degrees(-0.4) == "0°")
    }

    @Test func asksTheAddressesOpenMeteoDocuments() {
        let api = OpenMeteo.from(environment: [
            "DATEBOOK_WEATHER_GEOCODING_URL": "http://127.0.0.1:9/geo", "DATEBOOK_WEATHER_FORECAST_URL": "",
        ])
        #expect(api.searchURL(city: "São Paulo").absoluteString
            == "http://127.0.0.1:9/geo/v1/search?name=S%C3%A3o%20Paulo&count=1&language=en&format=json")
        let url = api.forecastURL(for: WeatherPlace(name: "Berlin", latitude: 52.5, longitude: 13.4)).absoluteString
        #expect(url == "https://api.open-meteo.com/v1/forecast?latitude=52.5&longitude=13.4"
            + "&daily=weather_code,temperature_2m_max,temperature_2m_min&timezone=auto&forecast_days=7")
        #expect(WeatherCondition.text(95) == "Thunderstorm")
        #expect(WeatherCondition.text(42) == "Weather code 42")
    }

    @Test func printsADayALine() throws {
        let forecast = WeatherForecast(
            place: WeatherPlace(name: "Berlin", country: "Germany", latitude: 0, longitude: 0),
            days: try OpenMeteo.days(from: Self.week).prefix(2).map { $0 }, fetched: Fixture.now)
        #expect(WeatherText.lines(forecast) == [
            "Berlin, Germany",
            "Sun 22 Nov  Partly cloudy    7° / 2°",
            "Mon 23 Nov  Light rain       9° / 4°",
        ])
    }

    // MARK: - The city and the forecast kept

    @Test func aCityIsKeptAndItsForecastUsedForAnHour() throws {
        let fake = FakeOpenMeteo()
        let weather = WeatherService(settings: store, clock: clock.clock, fetch: fake.fetch)
        #expect(throws: WeatherError.off) { try weather.forecast() }
        #expect(try weather.setCity("Berlin").name == "Berlin")
        #expect(try weather.forecast().days.count == 7)
        clock.advance(by: 59 * 60)
        // Another Datebook on the same database uses the same forecast.
        let other = WeatherService(settings: store, clock: clock.clock, fetch: fake.fetch)
        #expect(try other.forecast().days.count == 7)
        #expect(fake.forecasts == 1)
        clock.advance(by: 2 * 60)
        _ = try other.forecast()
        #expect(fake.forecasts == 2)
        #expect(throws: WeatherError.noSuchCity("Atlantis")) { try weather.setCity("Atlantis") }
        #expect(try weather.place()?.name == "Berlin", "a city not found leaves the one set")
        try weather.turnOff()
        #expect(try weather.place() == nil)
        #expect(throws: WeatherError.off) { try weather.forecast() }
    }

    // MARK: - The screens' summary

    @Test func theSummaryNeverWaitsForTheNetworkAndShowsTheForecastOnceItCame() throws {
        let fake = FakeOpenMeteo(waits: true)
        let weather = WeatherService(settings: store, clock: clock.clock, fetch: fake.fetch)
        #expect(weather.summary(for: Fixture.now, calendar: utc) == nil, "off: nothing")
        try store.setSetting(WeatherService.placeKey, to: #"{"name":"Berlin","country":"Germany","latitude":52.5,"longitude":13.4}"#)
        weather.forget()
        // The forecast is being asked for, and the answer is held back: the summary comes at once.
        let started = ContinuousClock.now
        #expect(weather.summary(for: Fixture.now, calendar: utc) == nil)
        #expect(weather.summary(for: Fixture.now, calendar: utc) == nil)
        #expect(ContinuousClock.now - started < .seconds(1))
        fake.gate.signal()
        try waitUntil { weather.summary(for: Fixture.now, calendar: utc) != nil }
        #expect(weather.summary(for: Fixture.now, calendar: utc) == "Berlin: Partly cloudy 7°/2°")
        #expect(weather.summary(for: Fixture.now.addingTimeInterval(86_400), calendar: utc) == "Berlin: Light rain 9°/4°")
        #expect(weather.summary(for: Fixture.now.addingTimeInterval(30 * 86_400), calendar: utc) == nil)
        #expect(fake.forecasts == 1, "asked once, however often the screen drew")
        // Kept for the next start.
        #expect(try store.setting(WeatherService.forecastKey)?.contains("2026-11-22") == true)
    }

    @Test func aFailureShowsWeatherUnavailableAndIsAskedAgainOnlyMinutesLater() throws {
        let fake = FakeOpenMeteo()
        fake.fail(true)
        let weather = WeatherService(settings: store, clock: clock.clock, fetch: fake.fetch)
        try store.setSetting(WeatherService.placeKey, to: #"{"name":"Berlin","country":"","latitude":52.5,"longitude":13.4}"#)
        _ = weather.summary(for: Fixture.now, calendar: utc)
        try waitUntil { weather.summary(for: Fixture.now, calendar: utc) == "weather unavailable" }
        for _ in 0..<5 { _ = weather.summary(for: Fixture.now, calendar: utc) }
        #expect(fake.forecasts == 1)
        fake.fail(false)
        clock.advance(by: WeatherService.retryAfter)
        _ = weather.summary(for: Fixture.now, calendar: utc)
        try waitUntil { weather.summary(for: Fixture.now, calendar: utc) == "Berlin: Partly cloudy 7°/2°" }
        #expect(fake.forecasts == 2)
    }

    /// Polls `condition` until it holds, for at most ten seconds.
    private func waitUntil(_ condition: () -> Bool) throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() {
            try #require(ContinuousClock.now < deadline, "waited ten seconds")
            Thread.sleep(forTimeInterval: 0.005)
        }
    }
}
