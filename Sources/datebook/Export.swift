import ArgumentParser
import DatebookKit
import Foundation

/// `datebook export`: writes the database (or a range of it) as iCalendar.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export events and tasks as iCalendar (.ics).",
        discussion: """
            Writes one VCALENDAR with a VTIMEZONE for each time zone used. With --from and/or
            --to, only items with a time in that range are written (a recurring series whole).
            Without --out the calendar goes to stdout; with it, the file is replaced only once
            the export is complete.
            """)

    @OptionGroup var store: StoreOptions

    @Option(help: ArgumentHelp("Only items with a time on or after this date.", valueName: "date"))
    var from: String?

    @Option(help: ArgumentHelp("Only items with a time before this date (a date alone: to the end of it).", valueName: "date"))
    var to: String?

    @Option(help: ArgumentHelp("The file to write instead of stdout.", valueName: "file"))
    var out: String?

    func run() throws {
        let range = DateRange.read(from: from, to: to, days: nil, command: "export")
        let database = try store.openStore()
        let exporter = ICalendarExporter(reader: database)
        do {
            if let out {
                let temporary = out + ".partial-\(getpid())"
                guard FileManager.default.createFile(atPath: temporary, contents: nil),
                    let handle = FileHandle(forWritingAtPath: temporary)
                else {
                    Console.fail("datebook export: cannot write \(out)")
                }
                var count = 0
                do {
                    count = try exporter.export(from: range.from, to: range.to) { handle.write(Data($0.utf8)) }
                    try handle.synchronize()
                    try handle.close()
                    if rename(temporary, out) != 0 {
                        throw CocoaError(.fileWriteUnknown)
                    }
                } catch {
                    unlink(temporary)
                    throw error
                }
                Console.error("Exported \(count) item\(count == 1 ? "" : "s") to \(out)")
            } else {
                let output = FileHandle.standardOutput
                try exporter.export(from: range.from, to: range.to) { output.write(Data($0.utf8)) }
            }
        } catch {
            Console.fail("datebook export: \(error)")
        }
    }
}
