import ArgumentParser
import DatebookKit
import DatebookTerminal
import Foundation

/// `datebook weather`: sets the city whose forecast the Calendar's day header shows, and
/// prints the days ahead.
struct WeatherCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weather",
        abstract: "Print the forecast of the next days, or set the city it is for.",
        discussion: """
            Weather is off until a city is set: datebook weather --city Berlin. The forecast comes from \
            Open-Meteo (no key needed) and is kept for an hour. --off turns it off again.
            """)

    @OptionGroup var store: StoreOptions

    @Option(help: ArgumentHelp("The city to show the weather of.", valueName: "name"))
    var city: String?

    @Flag(help: "Turn the weather off: forget the city and its forecast.")
    var off = false

    func validate() throws {
        if off && city != nil { throw ValidationError("give either --city or --off") }
    }

    func run() throws {
        let database = try store.openStore(creating: city != nil)
        let weather = WeatherService(
            settings: database, api: OpenMeteo.from(environment: ProcessInfo.processInfo.environment))
        do {
            if off {
                try weather.turnOff()
                print("Weather is off.")
                return
            }
            if let city { try weather.setCity(city) }
            // The place's name is the service's text: shown, never obeyed by the terminal.
            WeatherText.lines(try weather.forecast()).forEach { print(InertText.line($0)) }
        } catch {
            Console.fail("datebook weather: \(error)")
        }
    }
}
