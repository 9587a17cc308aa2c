import ArgumentParser
import DatebookKit
import DatebookUI
import Foundation

/// `datebook list`: prints the Events list (or History) as text or JSON.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print the Events list, or History, as text or JSON.",
        discussion: """
            Text: one item per line, tab-separated: id, kind, date, time, title, place.
            JSON: an array of objects with id, kind, title, start, end, due, allDay, place,
            notes, status, priority, category, times, alarm, repeatRule, attachments,
            created and updated; dates are ISO 8601 with the UTC offset.
            """)

    @OptionGroup var store: StoreOptions

    @Flag(help: "List History (completed and deleted items), newest first.")
    var history = false

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let database = try store.openStore(creating: false)
        let items: [Item]
        do {
            items = history
                ? try database.historyItems(offset: 0, limit: Int.max)
                : try database.activeItems(offset: 0, limit: Int.max)
        } catch {
            Console.fail("datebook list: \(error)")
        }
        if json {
            FileHandle.standardOutput.write(try ItemJSON.encode(items, timeZone: TimeZone.current))
            FileHandle.standardOutput.write(Data("\n".utf8))
            return
        }
        let dates = DateText(calendar: Console.calendar)
        let now = Date()
        for item in items {
            let row = ItemRowState(item: item, now: now, dates: dates)
            print([item.id.uuidString.lowercased(), item.kind.rawValue, row.date, row.time, item.title, item.place]
                .map { InertText.line($0) }.joined(separator: "\t"))
        }
    }
}
