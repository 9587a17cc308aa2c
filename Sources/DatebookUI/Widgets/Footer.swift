import DatebookTerminal

/// The bottom line: the keys of the current screen, from the key table.
public struct Footer {
    public var bindings: [KeyBinding]

    public init(bindings: [KeyBinding]) {
        self.bindings = bindings
    }

    public func render(into grid: inout Grid, row y: Int) {
        grid.fill(Rect(x: 0, y: y, width: grid.width, height: 1))
        var x = 0
        for binding in shown(width: grid.width) {
            x += grid.put(Self.key(binding), x: x, y: y, style: Theme.footerKey)
            x += grid.put(" " + binding.help, x: x, y: y, style: Theme.footerText)
            x += 2
        }
    }

    /// The bindings that fit in `width` columns, in order: when not all fit, the others go
    /// from the last one back, and Help stays while it fits at all, so that the way to every
    /// other key is always on screen.
    public func shown(width: Int) -> [KeyBinding] {
        var kept = Array(bindings.indices)
        // Each hint takes its key, a space, its text and a gap of two (none after the last).
        func used() -> Int { kept.reduce(0) { $0 + Self.width(bindings[$1]) } - 2 }
        while used() > width, let drop = kept.last(where: { bindings[$0].intent != .helpRequested }) {
            kept.removeAll { $0 == drop }
        }
        while used() > width, !kept.isEmpty { kept.removeLast() }
        return kept.map { bindings[$0] }
    }

    /// The first key only; the help screen lists them all.
    private static func key(_ binding: KeyBinding) -> String {
        binding.keys.first.map(KeyBinding.label) ?? ""
    }

    private static func width(_ binding: KeyBinding) -> Int {
        DisplayWidth.of(key(binding)) + 1 + DisplayWidth.of(binding.help) + 2
    }
}

/// A message for the status line: information or an error.
public struct StatusMessage: Equatable, Sendable {
    public enum Kind: Sendable { case info, error }
    public var text: String
    public var kind: Kind

    public init(_ text: String, kind: Kind = .info) {
        self.text = text
        self.kind = kind
    }

    public static func error(_ text: String) -> StatusMessage { StatusMessage(text, kind: .error) }

    /// Draws the message on one line; one too long for it ends with "…".
    public func render(into grid: inout Grid, row y: Int) {
        grid.fill(Rect(x: 0, y: y, width: grid.width, height: 1))
        grid.put(text, x: 0, y: y, style: kind == .error ? Theme.error : Theme.info, ellipsis: true)
    }

    /// A title as messages quote it: in curly quotes, a long one cut to 40 columns, so that
    /// what the message says after it still shows on the line.
    public static func quoted(_ title: String) -> String {
        "\u{201C}" + DisplayWidth.truncated(title, to: 40) + "\u{201D}"
    }
}
