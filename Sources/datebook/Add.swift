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
            With --all-day, --end is the last day (inclusive): --start 22/11 --end 24/11 is
            three days. Example: datebook add "Dentist" --start "tomorrow 9:30" --place "Main St 4"
            """)

    enum KindFlag: String, EnumerableFlag {
        case event, task, reminder
        static func help(for value: KindFlag) -> ArgumentHelp? {
            switch value {
            case .event: return "Add an event (the default)."
            case .task: return "Add a task."
            case .reminder: return "Add a reminder at --start."
            }
        }
    }

    @OptionGroup var store: StoreOptions

    @Argument(help: "The title.")
    var title: String

    @Flag var kind: KindFlag = .event

    @Option(help: ArgumentHelp("When it starts.", valueName: "date"))
    var start: String?

    @Option(help: ArgumentHelp("When it ends (relative dates count from the start; all day: the last day).", valueName: "date"))
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

    @Option(help: ArgumentHelp("An alarm: a time before the start (15, 15m, 1h, 1d) or a date and time it rings at; may be repeated.",
                               valueName: "when"))
    var alarm: [String] = []

    @Option(help: ArgumentHelp("Category.", valueName: "name"))
    var category: String?

    @Option(name: .customLong("repeat"),
            help: ArgumentHelp("How it repeats: daily, weekdays, weekly on mon wed, monthly, monthly on the 2nd tue, yearly, every 2 weeks, … until DATE, … N times, or an RRULE.",
                               valueName: "rule"))
    var repeatRule: String?

    func run() throws {
        let kind = ItemKind(rawValue: kind.rawValue)!
        var draft = ItemDraft(kind: kind, allDay: allDay)
        draft[.title] = title
        draft[.start] = start ?? ""
        draft[.end] = end ?? ""
        draft[.due] = due ?? ""
        draft[.place] = place ?? ""
        draft[.notes] = notes ?? ""
        draft[.priority] = String(priority)
        draft[.alarm] = alarm.joined(separator: ", ")
        draft[.category] = category ?? ""
        draft[.repeatRule] = repeatRule ?? ""
        let result = draft.item(now: Date(), calendar: Console.calendar, newID: IDSource.random.next)
        if let field = ItemDraft.Field.allCases.first(where: { result.problems[$0] != nil }) {
            let message = result.problems[field]!
            if kind == .event && field == .start && start == nil {
                Console.fail("datebook add: an event needs --start (or add a task with --task)")
            }
            Console.fail("datebook add: \(Self.option(for: field)): \(message)")
        }
        let database = try store.openStore()
        do {
            let saved = try database.save(result.item)
            print(saved.id.uuidString.lowercased())
        } catch {
            Console.fail("datebook add: \(error)")
        }
    }

    /// How a field of the draft is named on the command line.
    static func option(for field: ItemDraft.Field) -> String {
        switch field {
        case .title: return "the title"
        case .repeatRule: return "--repeat"
        case .allDay: return "--all-day"
        default: return "--" + field.rawValue
        }
    }
}
