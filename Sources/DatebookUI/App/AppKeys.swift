extension Mode {
    /// The New menu.
    public static let menu = Mode("menu", helpTitle: "New menu", input: .dialog)
    /// A yes/no question.
    public static let confirm = Mode("confirm", helpTitle: "Questions", input: .dialog)
    /// A question with several answers, each picked by its key.
    public static let choice = Mode("choice", helpTitle: "Questions with several answers", input: .choice)
    /// The help screen.
    public static let help = Mode("help", helpTitle: "This help screen", input: .dialog)
}

/// The app's own keys: the global ones every tab gets, and those of what is drawn over the tabs.
enum AppKeys {
    /// Global keys before the tabs' own: the tab digits, Tab and Shift-Tab, New.
    static func leading(_ tabs: [TabRegistration]) -> KeyMap {
        var b: [KeyBinding] = []
        for (i, tab) in tabs.enumerated() where i < 9 {
            let digit = Character(String(i + 1))
            b.append(KeyBinding([.char(digit)], .switchTab(tab.id), scope: .commands, help: tab.title, footer: false))
        }
        b.append(KeyBinding([.tab], .nextTab, scope: .commands, help: "Next tab", footer: false))
        b.append(KeyBinding([.backTab], .previousTab, scope: .commands, help: "Previous tab", footer: false))
        b.append(KeyBinding([.char("n")], .newRequested, scope: .commands, help: "New"))
        return KeyMap("global", bindings: b)
    }

    /// Global keys after the tabs' own: activities, help, redraw, back and quit.
    static let trailing = KeyMap("global.end", bindings: [
        KeyBinding([.char("!")], .activitiesRequested, scope: .commands, help: "Activities", footer: false),
        KeyBinding([.char("?"), .function(1)], .helpRequested, scope: .commands, help: "Help"),
        // Where ? is typed as text, F1 still opens the help.
        KeyBinding([.function(1)], .helpRequested, scope: .typing, help: "Help"),
        KeyBinding([.ctrl("l")], .redraw, scope: .everywhere, help: "Redraw", footer: false),
        KeyBinding([.escape], .back, scope: .pushedScreens, help: "Back"),
        KeyBinding([.char("q")], .quitOrBack, scope: .firstScreens, help: "Quit"),
        KeyBinding([.char("q")], .quitOrBack, scope: .pushedScreens, help: "Back", footer: false),
    ])

    /// The keys of the New menu (one per entry), of questions, of the help screen and of the
    /// Activities feed.
    static func overlays(_ entries: [NewEntry]) -> KeyMap {
        var b: [KeyBinding] = []
        for entry in entries {
            b.append(KeyBinding([.char(entry.key)], .choose(entry.id), in: [.menu], help: entry.title))
        }
        b.append(KeyBinding([.char("k"), .up], .moveUp, in: [.menu], help: "Up", footer: false))
        b.append(KeyBinding([.char("j"), .down], .moveDown, in: [.menu], help: "Down", footer: false))
        b.append(KeyBinding([.enter], .open, in: [.menu], help: "Choose", footer: false))
        b.append(KeyBinding([.escape, .char("q")], .back, in: [.menu], help: "Close"))

        b.append(KeyBinding([.char("y"), .char("Y")], .answerYes, in: [.confirm], help: "Yes"))
        b.append(KeyBinding([.char("n"), .char("N"), .escape], .answerNo, in: [.confirm], help: "No"))
        b.append(KeyBinding([.escape], .answerNo, in: [.choice], help: "Cancel"))

        b.append(KeyBinding([.escape, .char("q"), .char("?")], .back, in: [.help], help: "Close"))
        b.append(KeyBinding([.char("k"), .up], .moveUp, in: [.activities], help: "Up", footer: false))
        b.append(KeyBinding([.char("j"), .down], .moveDown, in: [.activities], help: "Down", footer: false))
        b.append(KeyBinding([.pageUp], .pageUp, in: [.activities], help: "Page up", footer: false))
        b.append(KeyBinding([.pageDown], .pageDown, in: [.activities], help: "Page down", footer: false))
        b.append(KeyBinding([.enter], .open, in: [.activities], help: "Open its meeting, or a conflict's two versions"))
        b.append(KeyBinding([.escape, .char("q"), .char("!")], .back, in: [.activities], help: "Close"))
        b.append(KeyBinding([.char("k"), .up], .moveUp, in: [.help], help: "Scroll up", footer: false))
        b.append(KeyBinding([.char("j"), .down], .moveDown, in: [.help], help: "Scroll down", footer: false))
        b.append(KeyBinding([.pageUp], .pageUp, in: [.help], help: "Page up", footer: false))
        b.append(KeyBinding([.pageDown, .char(" ")], .pageDown, in: [.help], help: "Page down", footer: false))
        b.append(KeyBinding([.enter], .open, in: [.reminder], help: "Open its item"))
        b.append(KeyBinding([.char("z")], .pick("z"), in: [.reminder], help: "Snooze"))
        b.append(KeyBinding([.escape], .back, in: [.reminder], help: "Dismiss"))
        b.append(KeyBinding([.enter], .submit, in: [.reminderSnooze], help: "Snooze"))
        b.append(KeyBinding([.escape], .back, in: [.reminderSnooze], help: "Back"))
        // The snooze time edits as every text field does (Enter and Esc are the banner's).
        b += TextField.editingKeys(in: [.reminderSnooze], enter: "Snooze").filter {
            $0.keys != [.enter] && $0.keys != [.escape]
        }
        b.append(KeyBinding([.char("k"), .up], .moveUp, in: [.missedReminders], help: "Up", footer: false))
        b.append(KeyBinding([.char("j"), .down], .moveDown, in: [.missedReminders], help: "Down", footer: false))
        b.append(KeyBinding([.escape, .enter, .char("q")], .back, in: [.missedReminders], help: "Close"))
        return KeyMap("overlays", modes: [.menu, .confirm, .choice, .help, .activities, .reminder, .reminderSnooze,
                                          .missedReminders], bindings: b, notes: [
            "Questions with several answers: the letter before each answer picks it",
            "Mouse: click a tab, a row, a day or a field; the wheel scrolls",
        ])
    }
}

// MARK: - The app's table

extension KeyTable {
    /// The table of an app with these tabs: the global keys, each tab's maps, the boxes' keys.
    public init(tabs registry: TabRegistry) {
        self.init(maps: [AppKeys.leading(registry.tabs)] + registry.tabs.flatMap(\.keyMaps)
                  + [AppKeys.trailing, AppKeys.overlays(registry.newEntries), SyncKeys.map])
    }

    /// Datebook's keys (see Docs/UserGuide.md).
    public static let standard = KeyTable(tabs: .standard)
}
