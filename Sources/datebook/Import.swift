import ArgumentParser
import DatebookKit
import Foundation

/// `datebook import`: reads a file, an address or standard input into the database, in the
/// format its content shows (or `--format` names), and says what it did.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import events and tasks from iCalendar, a task list, a timetable, Taskwarrior or Datebook JSON.",
        discussion: """
            The format is recognised by content: iCalendar (.ics), a task list with times, a week's \
            timetable (schedules and bus stops), Taskwarrior's `task export`, or Datebook's own \
            `datebook list --json`; --format names it instead. The user guide describes each.

            iCalendar: VEVENT and VTODO components with their time zones, recurrence, exceptions, \
            alarms, categories, attachments and attendees; properties Datebook does not know are \
            kept and written back by `datebook export`. Items are matched by UID, so importing a \
            file again updates its items instead of adding them twice. Prints one summary line \
            (added, updated, skipped) on stdout, then each skipped component and each note on \
            stderr with its line, component and UID (what is said of several components is \
            said once, naming the first five and counting the rest). Exit status: 0 when every component was \
            imported, 2 when some were skipped, 1 when nothing was imported.

            JSON formats: prints `Read as FORMAT: N imported (added, updated), S skipped.`, then \
            each record that could not be read, with its place in the list and its line, on \
            stderr. Importing the same file again updates its items. Exit status: 0 when every \
            record was imported (or the file held none), 2 when some were skipped, 1 when none \
            could be.

            An import is one transaction: what it reports is committed, or nothing is. An http(s) \
            address is downloaded first (within --timeout); when it cannot be read, --fallback \
            names a file to import instead.
            """)

    @OptionGroup var store: StoreOptions

    @Argument(help: ArgumentHelp("The file, an http(s) address, or - for standard input.", valueName: "file|url|-"))
    var file: String

    @Option(help: ArgumentHelp("Read the input as this format instead of recognising it.", valueName: "format"))
    var format: ImportFormat?

    @Option(help: ArgumentHelp("A file to import when the file or address cannot be read.", valueName: "file"))
    var fallback: String?

    @Option(help: ArgumentHelp("Seconds to wait for an address.", valueName: "seconds"))
    var timeout: Double = FeedFetcher.defaultTimeout

    func validate() throws {
        guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout must be between 0 and 600 seconds") }
    }

    func run() throws {
        let database = try store.openStore()
        let importer = FileImporter(writer: database)
        var source = file
        let result: FileImporter.Result
        do {
            result = try read(file, with: importer)
        } catch let failure as SourceFailure {
            guard let fallback else { Console.fail("datebook import: \(describe(file)): \(failure.reason)") }
            Console.error("datebook import: \(describe(file)): \(failure.reason); importing \(fallback) instead")
            source = fallback
            do {
                result = try read(fallback, with: importer)
            } catch let failure as SourceFailure {
                Console.fail("datebook import: \(describe(fallback)): \(failure.reason)")
            }
        }
        print(result.summary)
        // The feed says what came in; an import that wrote is not undone when this fails.
        try? database.record(.imported, "\(result.summary) (from \(describe(source, short: true)))")
        // Series imported earlier keep their instances the next weeks ahead as time passes
        // (this import's are kept eight weeks ahead; a view further ahead keeps more).
        _ = try? database.extendRecurrenceHorizon()
        // A note said of many components is printed once (an export's hundreds of events in
        // one unusable time zone), with the first five of them and how many more.
        for line in result.report.skipped.printedLines() {
            Console.error("skipped: \(line)")
        }
        for line in result.report.warnings.printedLines() {
            Console.error("note: \(line)")
        }
        // One contract for every format: 2 when some were skipped, 1 when nothing could be
        // imported from records that were there (iCalendar says 2 then too: its summary counts
        // the components it kept).
        if result.format != .ical && result.importedNothing { throw ExitCode(1) }
        if !result.report.skipped.isEmpty { throw ExitCode(2) }
    }

    // MARK: - Reading the source

    /// The source could not be read at all (a fallback may be tried).
    private struct SourceFailure: Error {
        let reason: String
    }

    /// Imports `source`: a file, an address or `-`. Fails the command when the bytes arrived
    /// but could not be imported; throws `SourceFailure` when they did not arrive.
    private func read(_ source: String, with importer: FileImporter) throws -> FileImporter.Result {
        do {
            if let url = Self.address(source) {
                let data: Data
                do {
                    data = try FeedFetcher(timeout: timeout, sizeLimit: 512_000_000).fetch(.url(url))
                } catch {
                    throw SourceFailure(reason: "\(error)")
                }
                return try importer.importData(data, format: format)
            }
            if source == "-" {
                return try importer.importData(FileHandle.standardInput.readDataToEndOfFile(), format: format)
            }
            return try importer.importFile(atPath: source, format: format)
        } catch let error as ImportError {
            if case let .unreadable(reason) = error { throw SourceFailure(reason: "cannot read the file: \(reason)") }
            Console.fail("datebook import: \(describe(source)): \(error)")
        }
    }

    /// The http(s) address `text` names, nil for a path.
    private static func address(_ text: String) -> URL? {
        let lower = text.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return nil }
        return URL(string: text)
    }

    private func describe(_ source: String, short: Bool = false) -> String {
        if source == "-" { return "standard input" }
        return short && Self.address(source) == nil ? (source as NSString).lastPathComponent : source
    }
}

extension ImportFormat: ExpressibleByArgument {}
