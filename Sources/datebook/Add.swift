import ArgumentParser
import DatebookKit
import DatebookTerminal
import Foundation

/// `datebook add`: adds an event, task or reminder from a script and prints its id.
struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an event, a task or a reminder, and print its id.",
        discussion: """
            Quick add: one line says it all, e.g.
              datebook add "Lunch with Ana tomorrow 12:30 1h @Cafe Central #work !high"
            It reads a date and time, a length (1h) or an end (to 14:00), a place
            after @, categories after #, a priority (!high, !med, !low, !1 … !9), a
            repeat (every monday, every 2 weeks) and a reminder (remind 10m before).
            A line with a date or time is an event (all day without a time);
            "task:" or "todo:" first, or "by friday", makes a task; a line with no
            date is a task. --dry-run prints what was understood and saves nothing.

            With --start, --end, --due, --all-day, --repeat, --event, --task,
            --reminder or --plain the title is taken as typed: an event needs
            --start, and without --end it lasts one hour; with --all-day, --end is
            the last day (inclusive). --place, --notes, --priority, --alarm and
            --category set their field either way, over what the line said.
              datebook add "Dentist" --start "tomorrow 9:30" --place "Main St 4"
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

    @Argument(help: "The title, or a quick-add line (\"Lunch tomorrow 12:30 1h @Cafe #work\").")
    var title: String

    @Flag var kind: KindFlag?

    @Flag(help: "Print what would be saved, one field a line, and save nothing.")
    var dryRun = false

    @Flag(help: "Take the title as typed, without reading it as a quick-add line.")
    var plain = false

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
    var priority: Int?

    @Option(help: ArgumentHelp("Alarm: minutes before the start (kept and exported; alarms do not ring yet).",
                               valueName: "minutes"))
    var alarm: Int?

    @Option(help: ArgumentHelp("Categories, separated by commas.", valueName: "names"))
    var category: String?

    @Option(name: .customLong("repeat"),
            help: ArgumentHelp("How it repeats: daily, weekdays, weekly on mon wed, monthly, monthly on the 2nd tue, yearly, every 2 weeks, … until DATE, … N times, or an RRULE.",
                               valueName: "rule"))
    var repeatRule: String?

    /// True when the title is read as a quick-add line: no option says when or what it is.
    var readsQuickAdd: Bool {
        !plain && kind == nil && start == nil && end == nil && due == nil && !allDay && repeatRule == nil
    }

    func run() throws {
        let now = Date()
        let dates = DateText(calendar: Console.calendar)
        var draft: ItemDraft
        if readsQuickAdd {
            do {
                draft = try QuickAddParser(now: now, calendar: Console.calendar).parse(title).draft(dates: dates)
            } catch {
                Console.fail("datebook add: \(error)")
            }
        } else {
            draft = ItemDraft(kind: ItemKind(rawValue: (kind ?? .event).rawValue)!, allDay: allDay)
            draft[.title] = title
            draft[.start] = start ?? ""
            draft[.end] = end ?? ""
            draft[.due] = due ?? ""
            draft[.repeatRule] = repeatRule ?? ""
        }
        // The options that set one field say it over the line.
        if let place { draft[.place] = place }
        if let notes { draft[.notes] = notes }
        if let priority { draft[.priority] = String(priority) }
        if let category { draft[.category] = category }
        if let alarm { draft[.alarm] = String(alarm) }

        let result = draft.item(now: now, calendar: Console.calendar, newID: IDSource.random.next)
        if let field = ItemDraft.Field.allCases.first(where: { result.problems[$0] != nil }) {
            let message = result.problems[field]!
            if !readsQuickAdd, draft.kind == .event, field == .start, start == nil {
                Console.fail("datebook add: an event needs --start (or add a task with --task)")
            }
            Console.fail("datebook add: \(name(of: field)): \(message)")
        }
        if dryRun {
            for line in ItemSummary.lines(of: result.item, dates: dates) {
                print(InertText.line("\(line.label): \(line.value)"))
            }
            Console.error("Nothing saved (--dry-run).")
            return
        }
        let database = try store.openStore()
        do {
            let saved = try database.save(result.item)
            print(saved.id.uuidString.lowercased())
        } catch {
            Console.fail("datebook add: \(error)")
        }
    }

    /// How a field is named in a message: by its option when an option set it.
    func name(of field: ItemDraft.Field) -> String {
        let setByOption: [ItemDraft.Field: Bool] = [
            .place: place != nil, .notes: notes != nil, .priority: priority != nil, .category: category != nil,
            .alarm: alarm != nil,
        ]
        guard readsQuickAdd, setByOption[field] != true else { return Self.option(for: field) }
        return QuickAddError.name(of: field)
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
