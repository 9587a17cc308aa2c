import ArgumentParser
import DatebookKit
import Foundation

/// `datebook add`: adds an event, task or reminder from a script and prints its id.
struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an event (default), a task or a reminder, and print its id.",
        discussion: """
            An event needs --start; without --end it lasts one hour. A task needs only a title.
            Example: datebook add "Dentist" --start "tomorrow 9:30" --place "Main St 4"
            """)

    enum KindFlag: String, EnumerableFlag {
        case event, task, reminder
        static func help(for value: KindFlag) -> ArgumentHelp? {
            switch value {
            case .event: return "Add an event (the default)."
            case .task: return "Add a task."
            case .reminder: return "Add a reminder (rings at --start)."
            }
        }
    }

    @OptionGroup var store: StoreOptions

    @Argument(help: "The title.")
    var title: String

    @Flag var kind: KindFlag = .event

    @Option(help: ArgumentHelp("When it starts.", valueName: "date"))
    var start: String?

    @Option(help: ArgumentHelp("When it ends (relative dates count from the start).", valueName: "date"))
    var end: String?

    @Option(help: ArgumentHelp("When a task is due.", valueName: "date"))
    var due: String?

    @Flag(help: "An all-day item: times of day are ignored.")
    var allDay = false

    @Option(help: "Where it happens.")
    var place: String?

    @Option(help: "Notes.")
    var notes: String?

    @Option(help: ArgumentHelp("Priority: 0 none, 1 high … 9 low.", valueName: "n"))
    var priority: Int = 0

    @Option(help: ArgumentHelp("Alarm: minutes before the start.", valueName: "minutes"))
    var alarm: Int?

    @Option(help: ArgumentHelp("Category.", valueName: "name"))
    var category: String?

    @Option(name: .customLong("repeat"),
            help: ArgumentHelp("How it repeats: daily, weekdays, weekly on mon wed, monthly, monthly on the 2nd tue, yearly, every 2 weeks, … until DATE, … N times, or an RRULE.",
                               valueName: "rule"))
    var repeatRule: String?

    func run() throws {
        let calendar = Console.calendar
        let now = Date()
        func read(_ text: String?, _ name: String, relativeTo base: Date) -> ParsedDate? {
            text.map { Console.date($0, option: name, command: "add", relativeTo: base) }
        }
        let startDate = read(start, "start", relativeTo: now)
        var endDate = read(end, "end", relativeTo: startDate?.date ?? now)?.date
        if kind == .event, startDate == nil {
            Console.fail("datebook add: an event needs --start (or add a task with --task)")
        }
        if kind == .event, endDate == nil, let s = startDate {
            endDate = allDay ? calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: s.date))
                : s.date.addingTimeInterval(3600)
        }
        var times: [ItemTime] = []
        if let s = startDate {
            times.append(ItemTime(start: allDay ? calendar.startOfDay(for: s.date) : s.date, end: endDate))
        }
        var rule: String?
        if let repeatRule {
            do {
                rule = try RepeatPhrase.rule(from: repeatRule, start: startDate?.date ?? now, calendar: calendar)
            } catch {
                Console.fail("datebook add: --repeat: \(error)")
            }
        }
        let database = try store.openStore()
        let item = Item(
            id: UUID(), kind: ItemKind(rawValue: kind.rawValue)!, title: title, times: times, allDay: allDay,
            place: place ?? "", notes: notes ?? "", due: read(due, "due", relativeTo: now)?.date,
            priority: priority, alarm: alarm.map { Alarm(minutesBefore: $0) }, repeatRule: rule, category: category ?? "",
            created: now, timeZone: allDay ? .floating : .local(calendar.timeZone))
        do {
            let saved = try database.save(item)
            print(saved.id.uuidString.lowercased())
        } catch {
            Console.fail("datebook add: \(error)")
        }
    }
}
