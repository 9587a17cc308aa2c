extension TabID {
    public static let events = TabID("events")
}

extension Mode {
    /// The Events list.
    public static let list = Mode("list", helpTitle: "Events list")
    /// History: completed and deleted items, read-only.
    public static let history = Mode("history", helpTitle: "History", pushed: true)
}

extension Command {
    /// Shows History over the Events list.
    public static let history = Command("events.history")
    /// Selects the first item not yet past, where the list opens.
    public static let listToday = Command("events.today")
}

extension EventsCoordinator {
    /// The Events tab as the app registers it.
    public static let registration = TabRegistration(
        id: .events, title: "Events", keyMaps: [keys, QuickAddLine.keys, ItemFlow.keys], newEntries: ItemFlow.newEntries
    ) { EventsCoordinator(context: $0) }

    /// The keys of the Events list and History.
    public static let keys: KeyMap = {
        let lists: Set<Mode> = [.list, .history]
        return KeyMap("events", modes: [.list, .history], bindings: [
            KeyBinding([.char("k"), .up], .moveUp, in: lists, help: "Up", footer: false),
            KeyBinding([.char("j"), .down], .moveDown, in: lists, help: "Down", footer: false),
            KeyBinding([.pageUp], .pageUp, in: lists, help: "Page up", footer: false),
            KeyBinding([.pageDown], .pageDown, in: lists, help: "Page down", footer: false),
            KeyBinding([.char("g"), .home], .moveTop, in: lists, help: "Top", footer: false),
            KeyBinding([.char("G"), .end], .moveBottom, in: lists, help: "Bottom", footer: false),
            KeyBinding([.enter], .open, in: lists, help: "Open"),
            KeyBinding([.char("e")], .edit, in: [.list], help: "Edit"),
            KeyBinding([.char("d")], .delete, in: [.list], help: "Delete"),
            KeyBinding([.char("x"), .char(" ")], .toggleComplete, in: [.list], help: "Complete"),
            KeyBinding([.char("x"), .char(" "), .char("u")], .toggleComplete, in: [.history],
                       help: "Bring back to the list"),
            KeyBinding([.char("e")], .edit, in: [.history], help: "Edit (read-only here)", footer: false),
            KeyBinding([.char("d")], .delete, in: [.history], help: "Delete (read-only here)", footer: false),
            KeyBinding([.char("h")], .command(.history), in: [.list], help: "History"),
            QuickAddLine.openingKey(in: [.list]),
            KeyBinding([.char("t")], .command(.listToday), in: [.list], help: "Today (the first item not past)",
                       footer: false),
        ])
    }()
}
