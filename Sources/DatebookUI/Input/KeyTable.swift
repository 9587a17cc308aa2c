import DatebookTerminal

/// Every key binding in one table, composed of key maps: it dispatches keys and draws the
/// footer and the help screen.
///
/// A binding matches where its scope holds; the first match in table order wins. The app puts
/// its global keys first and last, and each tab's maps between them (`KeyTable(tabs:)`).
public struct KeyTable: Sendable {
    /// The maps, each once, in table order.
    public let maps: [KeyMap]
    /// Every binding of the maps, in table order.
    public let bindings: [KeyBinding]

    /// A table of these maps in order; a map listed twice (by name) is taken once.
    public init(maps: [KeyMap]) {
        var names = Set<String>()
        self.maps = maps.filter { names.insert($0.name).inserted }
        bindings = self.maps.flatMap(\.bindings)
    }

    /// The intent of a key in a mode, or nil when the key means nothing there.
    ///
    /// In a text mode, a printable character with no binding of its own is typed; in a question
    /// with several answers, it picks one.
    public func intent(for key: Key, in mode: Mode) -> Intent? {
        if let binding = bindings.first(where: { $0.scope.contains(mode) && $0.keys.contains(key) }) {
            return binding.intent
        }
        guard case .char(let c) = key else { return nil }
        switch mode.input {
        case .text: return .insert(c)
        case .choice: return .pick(c)
        case .commands, .dialog: return nil
        }
    }

    /// The bindings the footer shows in a mode, in table order.
    public func footer(for mode: Mode) -> [KeyBinding] {
        bindings.filter { $0.inFooter && $0.scope.contains(mode) }
    }

    /// Every binding active in a mode, in table order.
    public func bindings(for mode: Mode) -> [KeyBinding] {
        bindings.filter { $0.scope.contains(mode) }
    }

    /// Every mode the maps name, in the order the help screen lists them.
    public var modes: [Mode] {
        var seen = Set<Mode>()
        return maps.flatMap(\.modes).filter { seen.insert($0).inserted }
    }
}

// MARK: - The help screen

extension KeyTable {
    /// One line of the help screen: keys and what they do.
    public struct HelpEntry: Equatable, Sendable {
        public var keys: String
        public var help: String
    }

    /// A heading of the help screen and its lines.
    public struct HelpSection: Equatable, Sendable {
        public var title: String
        public var entries: [HelpEntry]
    }

    /// The help screen's sections, drawn from the bindings: the global keys first (the tab
    /// digits on one line), then each mode's own keys; a mode with none of its own is left out.
    ///
    /// With `first`, the keys of that mode (the screen the help was asked from) come right after
    /// the global ones: `?` on a contact's profile shows the profile's keys without scrolling.
    public func helpSections(first: Mode? = nil) -> [HelpSection] {
        let global = bindings.filter { $0.scope.isGlobal }
        let tabKeys = global.filter {
            if case .switchTab = $0.intent { return true } else { return false }
        }
        var everywhere: [HelpEntry] = []
        if let first = tabKeys.first, let last = tabKeys.last {
            everywhere.append(HelpEntry(keys: first.keyLabel + "-" + last.keyLabel,
                                        help: tabKeys.map(\.help).joined(separator: ", ")))
        }
        // A key bound twice to the same thing (F1 opens the help both where ? is a command
        // and where it is typed as text) is listed once.
        var listed: [String: Set<String>] = [:]
        for binding in global {
            if case .switchTab = binding.intent { continue }
            let labels = Set(binding.keys.map(KeyBinding.label))
            if labels.isSubset(of: listed[binding.help, default: []]) { continue }
            listed[binding.help, default: []].formUnion(labels)
            everywhere.append(HelpEntry(keys: binding.keyLabel, help: binding.help))
        }
        var sections = [HelpSection(title: "Everywhere", entries: everywhere)]
        let ordered = first.map { first in modes.filter { $0 == first } + modes.filter { $0 != first } } ?? modes
        for mode in ordered {
            let entries = bindings(for: mode).filter { !$0.scope.isGlobal }
                .map { HelpEntry(keys: $0.keyLabel, help: $0.help) }
            if !entries.isEmpty { sections.append(HelpSection(title: mode.helpTitle, entries: entries)) }
        }
        return sections
    }

    /// The help screen as lines of text: sections (`first`'s keys after the global ones), then
    /// the maps' notes.
    public func helpLines(first: Mode? = nil) -> [String] {
        var lines: [String] = []
        for section in helpSections(first: first) {
            if !lines.isEmpty { lines.append("") }
            lines.append(section.title)
            for entry in section.entries {
                let pad = String(repeating: " ", count: max(1, 14 - DisplayWidth.of(entry.keys)))
                lines.append("  " + entry.keys + pad + entry.help)
            }
        }
        let notes = maps.flatMap(\.notes)
        if !notes.isEmpty { lines += [""] + notes }
        return lines
    }
}
