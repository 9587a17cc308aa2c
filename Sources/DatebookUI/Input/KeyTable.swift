import DatebookKit
import DatebookTerminal

/// Every key binding in one table: it dispatches keys and draws the footer and the help screen.
public struct KeyTable: Sendable {
    public let bindings: [KeyBinding]

    public init(bindings: [KeyBinding]) {
        self.bindings = bindings
    }

    /// The intent of a key in a mode, or nil when the key means nothing there.
    ///
    /// In a text mode, a printable character with no binding of its own is typed.
    public func intent(for key: Key, in mode: Mode) -> Intent? {
        if let binding = bindings.first(where: { $0.modes.contains(mode) && $0.keys.contains(key) }) {
            return binding.intent
        }
        if mode.takesText, case .char(let c) = key { return .insert(c) }
        if mode == .choice, case .char(let c) = key { return .pick(c) }
        return nil
    }

    /// The bindings the footer shows in a mode, in table order.
    public func footer(for mode: Mode) -> [KeyBinding] {
        bindings.filter { $0.inFooter && $0.modes.contains(mode) }
    }

    /// Every binding active in a mode, in table order (for the help screen).
    public func bindings(for mode: Mode) -> [KeyBinding] {
        bindings.filter { $0.modes.contains(mode) }
    }
}

// MARK: - The default table

extension KeyTable {
    /// Datebook's default keys (see Docs/UserGuide.md).
    public static let standard: KeyTable = {
        let browsing: Set<Mode> = [.list, .history, .details, .historyDetails, .placeholder, .calendar]
        let lists: Set<Mode> = [.list, .history]
        let pushed: Set<Mode> = [.history, .details, .historyDetails]
        var b: [KeyBinding] = []

        // Everywhere but in text fields and dialogs.
        for tab in Tab.allCases {
            let digit = Character(String(tab.rawValue + 1))
            b.append(KeyBinding([.char(digit)], .switchTab(tab), in: browsing, help: tab.title, footer: false))
        }
        b.append(KeyBinding([.tab], .nextTab, in: browsing, help: "Next tab", footer: false))
        b.append(KeyBinding([.backTab], .previousTab, in: browsing, help: "Previous tab", footer: false))

        // Lists.
        b.append(KeyBinding([.char("k"), .up], .moveUp, in: lists, help: "Up", footer: false))
        b.append(KeyBinding([.char("j"), .down], .moveDown, in: lists, help: "Down", footer: false))
        b.append(KeyBinding([.pageUp], .pageUp, in: lists, help: "Page up", footer: false))
        b.append(KeyBinding([.pageDown], .pageDown, in: lists, help: "Page down", footer: false))
        b.append(KeyBinding([.char("g"), .home], .moveTop, in: lists, help: "Top", footer: false))
        b.append(KeyBinding([.char("G"), .end], .moveBottom, in: lists, help: "Bottom", footer: false))
        b.append(KeyBinding([.char("n")], .newRequested, in: browsing, help: "New"))
        b.append(KeyBinding([.enter], .open, in: lists.union([.calendar]), help: "Open"))
        b.append(KeyBinding([.char("e")], .edit, in: [.list, .details, .calendar], help: "Edit"))
        b.append(KeyBinding([.char("d")], .delete, in: [.list, .details, .calendar], help: "Delete"))
        b.append(KeyBinding([.char("x"), .char(" ")], .toggleComplete, in: [.list, .details, .calendar], help: "Complete"))
        b.append(KeyBinding([.char("x"), .char(" "), .char("u")], .toggleComplete, in: [.history, .historyDetails],
                            help: "Not completed (back to list)"))
        b.append(KeyBinding([.char("e")], .edit, in: [.history, .historyDetails], help: "Edit (read-only here)", footer: false))
        b.append(KeyBinding([.char("d")], .delete, in: [.history, .historyDetails], help: "Delete (read-only here)", footer: false))
        b.append(KeyBinding([.char("k"), .up], .moveUp, in: [.details, .historyDetails], help: "Scroll up", footer: false))
        b.append(KeyBinding([.char("j"), .down], .moveDown, in: [.details, .historyDetails], help: "Scroll down", footer: false))
        b.append(KeyBinding([.char("h")], .historyRequested, in: [.list], help: "History"))

        // Calendar.
        b.append(KeyBinding([.char("k"), .up], .moveUp, in: [.calendar], help: "Previous event", footer: false))
        b.append(KeyBinding([.char("j"), .down], .moveDown, in: [.calendar], help: "Next event", footer: false))
        b.append(KeyBinding([.char("h"), .left], .previousDay, in: [.calendar], help: "Previous day", footer: false))
        b.append(KeyBinding([.char("l"), .right], .nextDay, in: [.calendar], help: "Next day", footer: false))
        b.append(KeyBinding([.char("["), .pageUp], .previousPeriod, in: [.calendar], help: "Previous period", footer: false))
        b.append(KeyBinding([.char("]"), .pageDown], .nextPeriod, in: [.calendar], help: "Next period", footer: false))
        b.append(KeyBinding([.char("D")], .showDay, in: [.calendar], help: "Day"))
        b.append(KeyBinding([.char("W")], .showWeek, in: [.calendar], help: "Week"))
        b.append(KeyBinding([.char("A")], .showAgenda, in: [.calendar], help: "Agenda"))
        b.append(KeyBinding([.char("t")], .today, in: [.calendar], help: "Today"))
        b.append(KeyBinding([.char(":")], .goToDateRequested, in: [.calendar], help: "Go to date"))

        // Global commands.
        b.append(KeyBinding([.char("!")], .activitiesRequested, in: browsing, help: "Activities", footer: false))
        b.append(KeyBinding([.char("?"), .function(1)], .helpRequested, in: browsing, help: "Help"))
        b.append(KeyBinding([.ctrl("l")], .redraw, in: Set(Mode.allCases), help: "Redraw", footer: false))
        b.append(KeyBinding([.escape], .back, in: pushed, help: "Back"))
        b.append(KeyBinding([.char("q")], .quitOrBack, in: [.list, .placeholder, .calendar], help: "Quit"))
        b.append(KeyBinding([.char("q")], .quitOrBack, in: pushed, help: "Back", footer: false))

        // Forms.
        b.append(KeyBinding([.tab, .down], .nextField, in: [.form], help: "Next field"))
        b.append(KeyBinding([.backTab, .up], .previousField, in: [.form], help: "Previous field", footer: false))
        b.append(KeyBinding([.left], .cursorLeft, in: [.form, .prompt], help: "Cursor left", footer: false))
        b.append(KeyBinding([.right], .cursorRight, in: [.form, .prompt], help: "Cursor right", footer: false))
        b.append(KeyBinding([.home, .ctrl("a")], .cursorHome, in: [.form, .prompt], help: "Start of field", footer: false))
        b.append(KeyBinding([.end, .ctrl("e")], .cursorEnd, in: [.form, .prompt], help: "End of field", footer: false))
        b.append(KeyBinding([.backspace], .deleteBackward, in: [.form, .prompt], help: "Delete before cursor", footer: false))
        b.append(KeyBinding([.delete, .ctrl("d")], .deleteForward, in: [.form, .prompt], help: "Delete at cursor", footer: false))
        b.append(KeyBinding([.enter], .submit, in: [.form, .prompt], help: "Next / save on last", footer: false))
        b.append(KeyBinding([.ctrl("s")], .save, in: [.form], help: "Save"))
        b.append(KeyBinding([.escape], .back, in: [.form, .prompt], help: "Cancel"))

        // The New menu.
        b.append(KeyBinding([.char("e")], .choose(.event), in: [.menu], help: "Event"))
        b.append(KeyBinding([.char("t")], .choose(.task), in: [.menu], help: "Task"))
        b.append(KeyBinding([.char("r")], .choose(.reminder), in: [.menu], help: "Reminder"))
        b.append(KeyBinding([.char("k"), .up], .moveUp, in: [.menu], help: "Up", footer: false))
        b.append(KeyBinding([.char("j"), .down], .moveDown, in: [.menu], help: "Down", footer: false))
        b.append(KeyBinding([.enter], .open, in: [.menu], help: "Choose", footer: false))
        b.append(KeyBinding([.escape, .char("q")], .back, in: [.menu], help: "Close"))

        // Questions.
        b.append(KeyBinding([.char("y"), .char("Y")], .answerYes, in: [.confirm], help: "Yes"))
        b.append(KeyBinding([.char("n"), .char("N"), .escape], .answerNo, in: [.confirm], help: "No"))
        b.append(KeyBinding([.escape], .answerNo, in: [.choice], help: "Cancel"))

        // Help.
        b.append(KeyBinding([.escape, .char("q"), .char("?")], .back, in: [.help], help: "Close"))
        b.append(KeyBinding([.char("k"), .up], .moveUp, in: [.help], help: "Scroll up", footer: false))
        b.append(KeyBinding([.char("j"), .down], .moveDown, in: [.help], help: "Scroll down", footer: false))
        b.append(KeyBinding([.pageUp], .pageUp, in: [.help], help: "Page up", footer: false))
        b.append(KeyBinding([.pageDown, .char(" ")], .pageDown, in: [.help], help: "Page down", footer: false))
        return KeyTable(bindings: b)
    }()
}
