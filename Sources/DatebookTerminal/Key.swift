/// A key press, as the terminal driver reports it.
public enum Key: Hashable, Sendable {
    /// A printable character (including space).
    case char(Character)
    /// Ctrl with a letter: `.ctrl("s")` is Ctrl-S.
    case ctrl(Character)
    case up, down, left, right
    case home, end, pageUp, pageDown
    case enter, tab, backTab, backspace, delete, insert, escape
    /// F1…F12.
    case function(Int)
}

/// A mouse action at a screen cell.
public struct MouseEvent: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        case press, release, click, doubleClick, wheelUp, wheelDown
    }

    public var action: Action
    public var position: Point

    public init(action: Action, position: Point) {
        self.action = action
        self.position = position
    }
}

/// Everything the terminal can tell the application.
public enum TerminalEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// The terminal now has this size.
    case resize(Size)
    /// Nothing happened for a while: a chance to look for changes made elsewhere.
    case idle
}
