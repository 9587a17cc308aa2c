extension TabID {
    public static let calendar = TabID("calendar")
}

extension Mode {
    /// The Calendar tab's day, week and agenda views.
    public static let calendar = Mode("calendar", helpTitle: "Calendar")
    /// The one-line question that takes the date to go to.
    public static let prompt = Mode("prompt", helpTitle: "Go to date", input: .text, pushed: true)
}

extension Command {
    public static let showDay = Command("calendar.day")
    public static let showWeek = Command("calendar.week")
    public static let showAgenda = Command("calendar.agenda")
    public static let previousDay = Command("calendar.previousDay")
    public static let nextDay = Command("calendar.nextDay")
    public static let previousPeriod = Command("calendar.previousPeriod")
    public static let nextPeriod = Command("calendar.nextPeriod")
    public static let today = Command("calendar.today")
    /// `:`: asks for a date to go to.
    public static let goToDate = Command("calendar.goToDate")
}

extension CalendarCoordinator {
    /// The Calendar tab as the app registers it.
    public static let registration = TabRegistration(
        id: .calendar, title: "Calendar", keyMaps: [keys, QuickAddLine.keys, ItemFlow.keys], newEntries: ItemFlow.newEntries
    ) { CalendarCoordinator(context: $0) }

    /// The keys of the day, week and agenda views and of the `:` prompt.
    public static let keys = KeyMap("calendar", modes: [.calendar, .prompt], bindings: [
        KeyBinding([.enter], .open, in: [.calendar], help: "Open"),
        KeyBinding([.char("e")], .edit, in: [.calendar], help: "Edit"),
        KeyBinding([.char("d")], .delete, in: [.calendar], help: "Delete"),
        KeyBinding([.char("x"), .char(" ")], .toggleComplete, in: [.calendar], help: "Complete"),
        KeyBinding([.char("k"), .up], .moveUp, in: [.calendar], help: "Previous event", footer: false),
        KeyBinding([.char("j"), .down], .moveDown, in: [.calendar], help: "Next event", footer: false),
        KeyBinding([.char("h"), .left], .command(.previousDay), in: [.calendar], help: "Previous day", footer: false),
        KeyBinding([.char("l"), .right], .command(.nextDay), in: [.calendar], help: "Next day", footer: false),
        KeyBinding([.char("["), .pageUp], .command(.previousPeriod), in: [.calendar], help: "Previous period",
                   footer: false),
        KeyBinding([.char("]"), .pageDown], .command(.nextPeriod), in: [.calendar], help: "Next period", footer: false),
        KeyBinding([.char("D")], .command(.showDay), in: [.calendar], help: "Day"),
        KeyBinding([.char("W")], .command(.showWeek), in: [.calendar], help: "Week"),
        KeyBinding([.char("A")], .command(.showAgenda), in: [.calendar], help: "Agenda"),
        KeyBinding([.char("t")], .command(.today), in: [.calendar], help: "Today"),
        KeyBinding([.char(":")], .command(.goToDate), in: [.calendar], help: "Go to date"),
        QuickAddLine.openingKey(in: [.calendar]),
    ] + TextField.editingKeys(in: [.prompt], enter: "Go there"))
}
