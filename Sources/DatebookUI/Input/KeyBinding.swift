import DatebookTerminal

/// One row of the key table: keys, what they mean where, and the help text drawn for them.
public struct KeyBinding: Sendable {
    public var keys: [Key]
    public var intent: Intent
    /// Where the binding is active.
    public var scope: KeyScope
    /// The help text (“New”, “Edit”…).
    public var help: String
    /// True when the footer shows it.
    public var inFooter: Bool

    /// A binding active in some modes.
    public init(_ keys: [Key], _ intent: Intent, in modes: Set<Mode>, help: String, footer: Bool = true) {
        self.init(keys, intent, scope: .modes(modes), help: help, footer: footer)
    }

    public init(_ keys: [Key], _ intent: Intent, scope: KeyScope, help: String, footer: Bool = true) {
        self.keys = keys
        self.intent = intent
        self.scope = scope
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

/// Where a key binding is active: in named modes, or in every mode of a kind.
public enum KeyScope: Hashable, Sendable {
    /// In these modes only.
    case modes(Set<Mode>)
    /// Wherever letters are commands (not in text fields or boxes over the screen).
    case commands
    /// Where letters are commands, on the first screen of a tab.
    case firstScreens
    /// Where letters are commands, on a screen pushed over a tab's first one.
    case pushedScreens
    /// Where printable keys are typed into a text field (a form, a prompt).
    case typing
    /// In every mode.
    case everywhere

    public func contains(_ mode: Mode) -> Bool {
        switch self {
        case .modes(let modes): return modes.contains(mode)
        case .commands: return mode.input == .commands
        case .firstScreens: return mode.input == .commands && !mode.isPushed
        case .pushedScreens: return mode.input == .commands && mode.isPushed
        case .typing: return mode.input == .text
        case .everywhere: return true
        }
    }

    /// True for a scope that holds in every tab (the help lists its bindings under “Everywhere”).
    public var isGlobal: Bool {
        switch self {
        case .commands, .firstScreens, .typing, .everywhere: return true
        case .modes, .pushedScreens: return false
        }
    }
}
