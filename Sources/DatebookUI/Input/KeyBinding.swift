import DatebookTerminal

/// One row of the key table: keys, what they mean where, and the help text drawn for them.
public struct KeyBinding: Sendable {
    public var keys: [Key]
    public var intent: Intent
    /// The modes this binding is active in.
    public var modes: Set<Mode>
    /// The help text (“New”, “Edit”…).
    public var help: String
    /// True when the footer shows it.
    public var inFooter: Bool

    public init(_ keys: [Key], _ intent: Intent, in modes: Set<Mode>, help: String, footer: Bool = true) {
        self.keys = keys
        self.intent = intent
        self.modes = modes
        self.help = help
        inFooter = footer
    }

    /// The keys as a person reads them: `j/↓`, `Ctrl-S`, `Enter`.
    public var keyLabel: String { keys.map(KeyBinding.label).joined(separator: "/") }

    /// The name of one key.
    public static func label(_ key: Key) -> String {
        switch key {
        case .char(" "): return "Space"
        case .char(let c): return String(c)
        case .ctrl(let c): return "Ctrl-" + c.uppercased()
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .enter: return "Enter"
        case .tab: return "Tab"
        case .backTab: return "S-Tab"
        case .backspace: return "Bksp"
        case .delete: return "Del"
        case .insert: return "Ins"
        case .escape: return "Esc"
        case .function(let n): return "F\(n)"
        }
    }
}
