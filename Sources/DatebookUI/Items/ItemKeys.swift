import DatebookKit

extension Mode {
    /// One item's details page.
    public static let details = Mode("details", helpTitle: "Details page", pushed: true)
    /// The details page of a History item (read-only).
    public static let historyDetails = Mode("historyDetails", helpTitle: "Details page in History", pushed: true)
    /// A form with a text field focused: printable keys are typed into it.
    public static let form = Mode("form", helpTitle: "Forms", input: .text, pushed: true)
}

extension NewEntry.ID {
    public static let event = NewEntry.ID("event")
    public static let task = NewEntry.ID("task")
    public static let reminder = NewEntry.ID("reminder")
    /// An event marked public (iCalendar `CLASS:PUBLIC`).
    public static let publicEvent = NewEntry.ID("public-event")

    /// The kind of item an entry makes, if it makes one.
    var itemKind: ItemKind? { ItemKind(rawValue: name) }
}

extension Command {
    /// Opens the details page's chosen attachment with the desktop's program.
    public static let openAttachment = Command("items.openAttachment")
    /// Chooses the next (previous) attachment on the details page.
    public static let nextAttachment = Command("items.nextAttachment")
    public static let previousAttachment = Command("items.previousAttachment")
}

extension ItemFlow {
    /// The New menu's entries for items, offered by every tab that shows item forms.
    public static let newEntries = [
        NewEntry(.event, key: "e", title: "Event"),
        NewEntry(.task, key: "t", title: "Task"),
        NewEntry(.reminder, key: "r", title: "Reminder"),
    ]

    /// The keys of the details page and the form, in every tab that pushes them.
    public static let keys = KeyMap("items", modes: [.details, .historyDetails, .form], bindings: [
        KeyBinding([.char("e")], .edit, in: [.details], help: "Edit"),
        KeyBinding([.char("d")], .delete, in: [.details], help: "Delete"),
        KeyBinding([.char("x"), .char(" ")], .toggleComplete, in: [.details], help: "Complete"),
        KeyBinding([.char("x"), .char(" "), .char("u")], .toggleComplete, in: [.historyDetails],
                   help: "Bring back to the list"),
        KeyBinding([.char("e")], .edit, in: [.historyDetails], help: "Edit (read-only here)", footer: false),
        KeyBinding([.char("d")], .delete, in: [.historyDetails], help: "Delete (read-only here)", footer: false),
        KeyBinding([.char("k"), .up], .moveUp, in: [.details, .historyDetails], help: "Scroll up", footer: false),
        KeyBinding([.char("j"), .down], .moveDown, in: [.details, .historyDetails], help: "Scroll down", footer: false),
        KeyBinding([.pageUp], .pageUp, in: [.details, .historyDetails], help: "Page up", footer: false),
        KeyBinding([.pageDown], .pageDown, in: [.details, .historyDetails], help: "Page down", footer: false),

        KeyBinding([.char("o")], .command(.openAttachment), in: [.details, .historyDetails], help: "Open attachment",
                   footer: false),
        KeyBinding([.char(">")], .command(.nextAttachment), in: [.details, .historyDetails], help: "Next attachment",
                   footer: false),
        KeyBinding([.char("<")], .command(.previousAttachment), in: [.details, .historyDetails],
                   help: "Previous attachment", footer: false),
        KeyBinding([.tab, .down], .nextField, in: [.form], help: "Next field"),
        KeyBinding([.backTab, .up], .previousField, in: [.form], help: "Previous field", footer: false),
    ] + TextField.editingKeys(in: [.form], enter: "Next / save on last", saving: true), notes: [
        "Dates: 2026-11-22, 22/11, tomorrow, fri, +3d, 14:30, 2pm",
    ])
}
