import DatebookTerminal

extension Command {
    /// `S`: sync every account now.
    public static let syncNow = Command("sync.now")
}

/// The keys of sync: `S` wherever letters are commands, the password box's, and those of a
/// conflict opened from Activities.
enum SyncKeys {
    static let map = KeyMap("sync", modes: [.syncPassword, .syncConflict], bindings: {
        var b = [KeyBinding([.char("S")], .command(.syncNow), scope: .commands, help: "Sync now", footer: false)]
        b += TextField.editingKeys(in: [.syncPassword], enter: "Sync")
        b.append(KeyBinding([.char("m")], .pick("m"), in: [.syncConflict], help: "Take mine"))
        b.append(KeyBinding([.char("d")], .pick("d"), in: [.syncConflict], help: "Keep the server's"))
        b.append(KeyBinding([.escape, .char("q")], .back, in: [.syncConflict], help: "Back"))
        return b
    }())
}
