import ArgumentParser
import DatebookKit
import Foundation

/// `datebook export`: writes the database (or a range of it) as iCalendar.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export events and tasks as iCalendar (.ics).",
        discussion: """
            Writes one VCALENDAR with a VTIMEZONE for each time zone used. With --from and/or \
            --to, only items with a time in that range are written (a recurring series whole). \
            Without --out the calendar goes to stdout; with it, the file is replaced only once \
            the export is complete.
            """)

    @OptionGroup var store: StoreOptions

    @OptionGroup var range: RangeOptions

    @Option(help: ArgumentHelp("The file to write instead of stdout.", valueName: "file"))
    var out: String?

    func run() throws {
        let dates = range.range(command: "export")
        let database = try store.openStore(creating: false)
        let exporter = ICalendarExporter(reader: database)
        var count = 0
        do {
            try Self.writeWhole(to: out, fileExtension: "ics") { handle in
                count = try exporter.export(from: dates.from, to: dates.to) { try handle.write(contentsOf: Data($0.utf8)) }
            }
        } catch {
            Console.fail("datebook export: \(error)")
        }
        if let out {
            Console.error("Exported \(count) item\(count == 1 ? "" : "s") to \(out)")
        }
    }

    /// Runs `fill` on a private file, then renames it over `out`, or, without `out`, copies it
    /// to stdout: an export is written whole before anyone sees it, so a read that fails
    /// halfway (a damaged database, a full disk) leaves no half-written file behind, neither
    /// in `out` nor on stdout, and a large export is written piece by piece, never held whole.
    static func writeWhole(to out: String?, fileExtension: String, _ fill: (FileHandle) throws -> Void) throws {
        let target = out ?? (NSTemporaryDirectory() as NSString)
            .appendingPathComponent("datebook-export-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).\(fileExtension)")
        try PrivateFile.write(to: target, fill)
        if out == nil {
            try copy(target, to: FileHandle.standardOutput)
        }
    }

    /// Copies a file to an open handle in large pieces, and removes it. Its name goes first,
    /// once it is open: a reader that stops early (`| head`) ends the process with SIGPIPE,
    /// which must leave no copy of the calendar or the address book behind in the temporary
    /// folder.
    private static func copy(_ path: String, to output: FileHandle) throws {
        let input = FileHandle(forReadingAtPath: path)
        unlink(path)
        guard let input else { throw CocoaError(.fileReadUnknown) }
        defer { try? input.close() }
        while let piece = try input.read(upToCount: 1 << 20), !piece.isEmpty {
            try output.write(contentsOf: piece)
        }
    }
}
