import ArgumentParser
import DatebookKit
import DatebookTerminal
import Foundation

/// `datebook agenda`: every occurrence in a range, recurring series expanded.
struct Agenda: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agenda",
        abstract: "Print every occurrence in a range, sorted, as text or JSON.",
        discussion: """
            The range starts at --from (default: today at midnight) and lasts --days days \
            (default 7), or ends at --to. A date alone in --to means the end of that day. \
            Times are shown in the local time zone (TZ).

            Text: one occurrence per line, tab-separated: date, time (09:00-10:00, all day, \
            due 17:00), title, place.
            JSON: an array of objects with uid, id, kind, title, start, end, allDay, recurring, \
            recurrenceId, due, status and place; times are ISO 8601 with the UTC offset, all-day \
            ones plain dates.

            Exit status: 0 when every occurrence was printed; 3 when a series repeats too often \
            to expand over the whole range (what was printed is right, the rest of that series \
            is left out, and stderr says from when); 1 on an error.
            """)

    @OptionGroup var store: StoreOptions

    @OptionGroup var range: RangeOptions

    // Unconditional, so that --days -1 reaches the check below instead of reading as an option.
    @Option(parsing: .unconditional, help: ArgumentHelp("How many days the range lasts (instead of --to).", valueName: "n"))
    var days: Int?

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        if range.to != nil && days != nil {
            throw ValidationError("give --to or --days, not both")
        }
        if let days, !(1...36_600).contains(days) {
            throw ValidationError("--days must be 1 to 36600")
        }
    }

    func run() throws {
        let dates = range.range(days: days ?? (range.to == nil ? 7 : nil), command: "agenda")
        let start = dates.from ?? Console.calendar.startOfDay(for: Date())
        guard let end = dates.to else {
            Console.fail("datebook agenda: give --to or --days")
        }
        guard end > start else {
            Console.fail("datebook agenda: the range ends before it starts")
        }
        let database = try store.openStore(creating: false)
        let zone = TimeZone.current
        // A week or a year: most times are in it, and a few days around it.
        let around = start.addingTimeInterval(-2 * 86_400)...end.addingTimeInterval(2 * 86_400)
        let unexpanded: [UnexpandedSeries]
        do {
            // A short range is read faster through a memory map; a long one, with less memory without.
            if end.timeIntervalSince(start) <= 62 * 86_400 {
                try database.readThroughMemoryMap(true)
            }
            if json {
                var writer = AgendaFormat.JSONWriter(timeZone: zone, range: around, write: Console.write)
                unexpanded = try database.forEachOccurrence(from: start, to: end, includingUIDs: true) {
                    writer.append($0)
                }
                writer.finish()
            } else {
                var writer = AgendaFormat.TextWriter(
                    timeZone: zone, range: around, inert: InertText.line, write: Console.write)
                unexpanded = try database.forEachOccurrence(from: start, to: end, includingUIDs: false) {
                    writer.append($0)
                }
                writer.finish()
            }
        } catch {
            Console.fail("datebook agenda: \(error)")
        }
        // A series too dense to expand over the whole range: what was printed is right, but
        // not all of it, and a script must know. (Many such series share one read's work:
        // the first few are named, the rest counted.)
        for series in unexpanded.prefix(Self.namedUnexpanded) {
            Console.error(
                "datebook agenda: \u{201C}\(InertText.line(series.title))\u{201D} repeats too often to list over the whole range; "
                    + "its occurrences after \(Self.stamp(series.shownUntil)) are left out (ask for a shorter range)")
        }
        if unexpanded.count > Self.namedUnexpanded {
            let more = unexpanded.count - Self.namedUnexpanded
            Console.error(
                "datebook agenda: and \(more) more series repeat too often to list over the whole range; "
                    + "occurrences of them are left out too (ask for a shorter range)")
        }
        // Everything is written: end here rather than free everything one by one, once the
        // database is closed (a year read ahead may have kept rows, in the log).
        database.close()
        Foundation.exit(unexpanded.isEmpty ? 0 : 3)
    }

    /// How many series too dense to list whole are named on stderr; the others are counted.
    static let namedUnexpanded = 5

    /// `2026-11-22 14:30` in the local zone.
    private static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone.current
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
