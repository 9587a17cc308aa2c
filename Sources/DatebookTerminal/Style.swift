/// One of the eight basic terminal colours, or the terminal's own default.
public enum Color: Int, Hashable, Sendable, CaseIterable {
    case `default` = -1
    case black = 0, red, green, yellow, blue, magenta, cyan, white
}

/// How a cell is drawn: colours and attributes.
public struct Style: Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool
    public var underline: Bool

    public init(
        foreground: Color = .default, background: Color = .default,
        bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    public static let plain = Style()
}

// MARK: - Building styles

extension Style {
    public func with(foreground: Color) -> Style { var s = self; s.foreground = foreground; return s }
    public func with(background: Color) -> Style { var s = self; s.background = background; return s }
    public var bolded: Style { var s = self; s.bold = true; return s }
    public var dimmed: Style { var s = self; s.dim = true; return s }
    public var reversed: Style { var s = self; s.reverse = true; return s }
    public var underlined: Style { var s = self; s.underline = true; return s }
}
