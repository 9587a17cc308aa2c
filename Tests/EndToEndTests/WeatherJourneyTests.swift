import Foundation
import TestSupport
import Testing

/// `datebook weather` and the Calendar's day header, against local servers that answer as
/// Open-Meteo's geocoding and forecast APIs do; nothing here reaches the internet.
@Suite("Weather from scripts and in a real terminal")
struct WeatherJourneyTests {
    let home: TemporaryDirectory
    let db: String

    init() throws {
        home = try TemporaryDirectory(prefix: "datebook-e2e")
        db = home.path("datebook.sqlite")
    }

    static let berlin = Data("""
        {"results":[{"id":2950159,"name":"Berlin","latitude":52.52437,"longitude":13.41053,
        "country":"Germany","timezone":"Europe/Berlin"}],"generationtime_ms":0.6}
        """.utf8)

    /// Seven days from today (UTC): partly cloudy 7°/2°, then light rain 9°/4°, then overcast.
    static func week() -> Data {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let today = calendar.startOfDay(for: Date())
        let days = (0..<7).map { offset -> String in
            let parts = calendar.dateComponents([.year, .month, .day], from: calendar.date(byAdding: .day, value: offset, to: today)!)
            return String(format: "\"%04d-%02d-%02d\"", parts.year!, parts.month!, parts.day!)
        }
        return Data("""
            {"daily":{"time":[\(days.joined(separator: ","))],"weather_code":[2,61,3,3,3,3,3],
            "temperature_2m_max":[7.2,9.1,5,5,5,5,5],"temperature_2m_min":[2.1,4.0,1,1,1,1,1]}}
            """.utf8)
    }

    func datebook(_ arguments: [String], geocoding: LocalServer?, forecast: LocalServer?) throws -> Command.Result {
        var environment = ["TZ": "UTC", "PATH": "/usr/bin:/bin", "HOME": home.path]
        if let geocoding { environment["DATEBOOK_WEATHER_GEOCODING_URL"] = "http://127.0.0.1:\(geocoding.port)" }
        if let forecast { environment["DATEBOOK_WEATHER_FORECAST_URL"] = "http://127.0.0.1:\(forecast.port)" }
        return try Command.run(try DatebookBinary.path, arguments + ["--db", db], environment: environment,
                               timeout: .seconds(30))
    }

    @Test("weather --city sets the city and prints the days ahead; the forecast is kept for an hour; --off")
    func setPrintAndTurnOff() throws {
        let geocoding = try LocalServer(contentType: "application/json", body: Self.berlin)
        let forecast = try LocalServer(contentType: "application/json", body: Self.week())
        let off = try datebook(["weather"], geocoding: geocoding, forecast: forecast)
        #expect(off.status != 0)
        #expect(off.standardError.contains("weather is off: set a city with datebook weather --city NAME"))

        let set = try datebook(["weather", "--city", "Berlin"], geocoding: geocoding, forecast: forecast)
        #expect(set.status == 0, "\(set.standardError)")
        let lines = set.standardOutput.split(separator: "\n")
        #expect(lines.first == "Berlin, Germany")
        #expect(lines.count == 8)
        #expect(lines[1].hasSuffix("Partly cloudy    7° / 2°"))
        #expect(lines[2].hasSuffix("Light rain       9° / 4°"))

        // Within the hour the kept forecast is printed, even with the service gone.
        forecast.goSilent()
        let kept = try datebook(["weather"], geocoding: nil, forecast: forecast)
        #expect(kept.status == 0, "\(kept.standardError)")
        #expect(kept.standardOutput == set.standardOutput)

        let unknown = try LocalServer(contentType: "application/json", body: Data(#"{"generationtime_ms":1}"#.utf8))
        let atlantis = try datebook(["weather", "--city", "Atlantis"], geocoding: unknown, forecast: forecast)
        #expect(atlantis.status != 0)
        #expect(atlantis.standardError.contains("no city called \"Atlantis\" was found"))

        let turnedOff = try datebook(["weather", "--off"], geocoding: nil, forecast: nil)
        #expect(turnedOff.status == 0)
        #expect(try datebook(["weather"], geocoding: nil, forecast: nil).status != 0)
    }

    @Test("a city that cannot be reached is said so on stderr")
    func unreachable() throws {
        let silent = try LocalServer.silent()
        let result = try datebook(["weather", "--city", "Berlin"], geocoding: silent, forecast: silent)
        #expect(result.status != 0)
        #expect(result.standardError.contains("weather unavailable: timed out"), "\(result.standardError)")
    }

    @Test("the Day view's header shows today's forecast; with the service silent it says weather unavailable, and keys never wait")
    func dayHeader() async throws {
        let geocoding = try LocalServer(contentType: "application/json", body: Self.berlin)
        let forecast = try LocalServer(contentType: "application/json", body: Self.week())
        #expect(try datebook(["weather", "--city", "Berlin"], geocoding: geocoding, forecast: forecast).status == 0)
        // The kept forecast is shown at once; the next day's as the day moves on.
        let session = try TmuxSession(width: 100, height: 30, environment: [
            "TZ": "UTC", "DATEBOOK_WEATHER_GEOCODING_URL": "http://127.0.0.1:\(geocoding.port)",
            "DATEBOOK_WEATHER_FORECAST_URL": "http://127.0.0.1:\(forecast.port)",
        ], home: home)
        try session.send(keys: "3")
        try await session.waitFor("· Berlin: Partly cloudy 7°/2°")
        try session.send(keys: "l")
        try await session.waitFor("· Berlin: Light rain 9°/4°")
        session.kill()

        // No forecast kept (the service failed when the city was set), and now it takes
        // connections and never answers: the header has no weather while it is asked, the day
        // still moves at once, then it says so.
        let failing = try LocalServer(status: "500 Internal Server Error", contentType: "text/plain", body: Data("busy".utf8))
        #expect(try datebook(["weather", "--city", "Berlin"], geocoding: geocoding, forecast: failing).status != 0)
        let silent = try LocalServer.silent()
        let waiting = try TmuxSession(width: 100, height: 30, environment: [
            "TZ": "UTC", "DATEBOOK_WEATHER_FORECAST_URL": "http://127.0.0.1:\(silent.port)",
        ], home: home)
        try waiting.send(keys: "3")
        try await waiting.waitUntil("the day header without weather") { $0.contains(" · week ") }
        let before = try waiting.screen().split(separator: "\n")[1]
        #expect(!before.contains("Berlin"))
        try waiting.send(keys: "l")
        try await waiting.waitUntil("the next day, at once", timeout: .seconds(2)) {
            $0.split(separator: "\n")[1] != before
        }
        try await waiting.waitFor("weather unavailable", timeout: .seconds(15))
    }
}
