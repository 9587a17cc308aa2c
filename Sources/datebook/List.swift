import ArgumentParser
import DatebookKit
import DatebookTerminal
import Foundation

/// `datebook list`: prints the Events list (or History) as text or JSON.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print the Events list, or History, as text or JSON.",
        discussion: """
            Text: one item per line, tab-separated: id, kind, date, time, title, place; a \
            repeating item stands at its next occurrence (its last when none is coming). With \
            --history, a seventh column says what became of it and when (completed Sat 21 Nov \
            2026 10:17, deleted …); an occurrence completed or deleted on its own while its \
            series goes on has a line of its own at its date (deleted (one occurrence) …), \
            in text only: the JSON holds it in its series (exceptionDates, overrides).
            JSON: an array of objects with id, kind, title, start, end, due, allDay, place, \
            notes, status, priority, category, times, alarms, repeatRule, attachments, \
            created and updated; dates are ISO 8601 with the UTC offset.
            """)

    @OptionGroup var store: StoreOptions

    @Flag(help: "List History (completed and deleted items), newest first.")
    var history = false

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let database = try store.openStore(creating: false)
        let now = Date()
        let items: [Item]
        var listed: [UUID: Occurrence] = [:]
        do {
            if history {
                items = try database.historyItems(offset: 0, limit: Int.max)
            } else {
                // A repeating item stands where its next occurrence is, as in the planner; a
                // file that cannot be written is listed as it is.
                _ = try? database.advanceRepeatingItems(at: now)
                items = try database.activeItems(offset: 0, limit: Int.max)
                listed = try database.listedOccurrences(of: items.filter(\.isRecurring).map(\.id), at: now)
            }
        } catch {
            Console.fail("datebook list: \(error)")
        }
        if json {
            FileHandle.standardOutput.write(try ItemJSON.encode(items, timeZone: TimeZone.current))
            FileHandle.standardOutput.write(Data("\n".utf8))
            return
        }
        let dates = DateText(calendar: Console.calendar)
        if history {
            let entries: [HistoryEntry]
            do {
                entries = try database.historyEntries(offset: 0, limit: Int.max)
            } catch {
                Console.fail("datebook list: \(error)")
            }
            for entry in entries {
                let item = entry.item
                var columns = [item.id.uuidString.lowercased(), item.kind.rawValue]
                if let occurrence = entry.occurrence {
                    let (date, time) = dates.columns(of: occurrence, series: item, now: now)
                    columns += [date, time, occurrence.title, occurrence.place,
                                occurrence.status.rawValue + " (one occurrence) " + dates.full(occurrence.at)]
                } else {
                    let (date, time) = dates.columns(of: item, now: now)
                    columns += [date, time, item.title, item.place,
                                item.status.rawValue + (item.statusChangedAt.map { " " + dates.full($0) } ?? "")]
                }
                print(columns.map { InertText.line($0) }.joined(separator: "\t"))
            }
            return
        }
        for item in items {
            let (date, time) = listed[item.id].map { dates.columns(of: $0, now: now) } ?? dates.columns(of: item, now: now)
            let columns = [item.id.uuidString.lowercased(), item.kind.rawValue, date, time, item.title, item.place]
            print(columns.map { InertText.line($0) }.joined(separator: "\t"))
        }
    }
}
