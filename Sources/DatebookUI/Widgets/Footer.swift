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
        for binding in bindings {
            // The first key only; the help screen lists them all.
            let key = binding.keys.first.map(KeyBinding.label) ?? ""
            let needed = DisplayWidth.of(key) + 1 + DisplayWidth.of(binding.help) + 2
            if x + needed > grid.width + 2 { break }
            x += grid.put(key, x: x, y: y, style: Theme.footerKey)
            x += grid.put(" " + binding.help, x: x, y: y, style: Theme.footerText)
            x += 2
        }
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

    public func render(into grid: inout Grid, row y: Int) {
        grid.fill(Rect(x: 0, y: y, width: grid.width, height: 1))
        grid.put(text, x: 0, y: y, style: kind == .error ? Theme.error : Theme.info)
    }
}
