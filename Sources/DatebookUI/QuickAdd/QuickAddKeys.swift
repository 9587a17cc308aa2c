import DatebookTerminal

extension Mode {
    /// The quick-add line: one line of text with a preview of what it will save.
    public static let quickAdd = Mode("quickAdd", helpTitle: "Quick add", input: .text, pushed: true)
}

extension Command {
    /// `a`: opens the quick-add line.
    public static let quickAdd = Command("quickAdd.open")
}

extension QuickAddLine {
    /// The key that opens the line, for a tab's own map in the modes where `a` is free (the
    /// Events list, the Calendar, Search's results).
    public static func openingKey(in modes: Set<Mode>) -> KeyBinding {
        KeyBinding([.char("a")], .command(.quickAdd), in: modes, help: "Quick add", footer: false)
    }

    /// The line's own keys. Tabs that offer the line list this map beside their own.
    public static let keys = KeyMap("quickAdd", modes: [.quickAdd], bindings: [
        KeyBinding([.tab], .nextField, in: [.quickAdd], help: "Full form"),
    ] + TextField.editingKeys(in: [.quickAdd], enter: "Save"))
}
