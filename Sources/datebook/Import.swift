import ArgumentParser
import DatebookKit
import Foundation

/// `datebook import`: reads an iCalendar file into the database and says what it did.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import events and tasks from an iCalendar (.ics) file.",
        discussion: """
            Reads VEVENT and VTODO components with their time zones, recurrence, exceptions,
            alarms, categories, attachments and attendees; properties Datebook does not know are
            kept and written back by `datebook export`. Items are matched by UID, so importing a
            file again updates its items instead of adding them twice.

            Prints one summary line (added, updated, skipped) on stdout, then each skipped
            component and each note on stderr with its line, component and UID. The import is one
            transaction: what it reports is committed, or nothing is.

            Exit status: 0 when every component was imported, 2 when some were skipped, 1 when
            nothing was imported (unreadable file, not iCalendar, database error).
            """)

    @OptionGroup var store: StoreOptions

    @Argument(help: ArgumentHelp("The .ics file, or - for standard input.", valueName: "file"))
    var file: String

    func run() throws {
        let database = try store.openStore()
        let importer = ICalendarImporter(writer: database)
        let report = Console.importInput(
            file, command: "import", fromData: importer.importData, fromPath: { try importer.importFile(atPath: $0) })
        print(report.summary)
        // The feed says what came in; an import that wrote is not undone when this fails.
        try? database.record(.imported, "\(report.summary) (from \(file == "-" ? "standard input" : (file as NSString).lastPathComponent))")
        // Series imported earlier keep their instances a year ahead as time passes.
        _ = try? database.extendRecurrenceHorizon()
        for note in report.skipped {
            Console.error("skipped: \(note)")
        }
        for note in report.warnings {
            Console.error("note: \(note)")
        }
        if !report.skipped.isEmpty {
            throw ExitCode(2)
        }
    }
}
