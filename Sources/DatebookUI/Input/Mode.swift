/// What kind of screen has the keyboard; the key table maps keys per mode.
///
/// Each part of the screens declares its own modes beside its keys (`Mode.list` in Events/,
/// `Mode.form` in Items/, `Mode.menu` in App/). A mode says how keys work in it, so a new one
/// gets the global keys without joining any list.
public struct Mode: Hashable, Sendable, CustomStringConvertible {
    /// How a mode takes keys.
    public enum Input: Hashable, Sendable {
        /// Letters are commands, and the global keys (tabs, New, help, quit) work.
        case commands
        /// Printable keys are typed into a text field; only the mode's own keys are commands.
        case text
        /// A box over the screen that takes only its own keys.
        case dialog
        /// A question whose answers are picked by their keys.
        case choice
    }

    /// The mode's name, unique among all modes.
    public let name: String
    /// The heading of this mode's section on the help screen.
    public let helpTitle: String
    public let input: Input
    /// True for a screen pushed over a tab's first one: Esc and q go back instead of quitting.
    public let isPushed: Bool

    public init(_ name: String, helpTitle: String, input: Input = .commands, pushed: Bool = false) {
        self.name = name
        self.helpTitle = helpTitle
        self.input = input
        isPushed = pushed
    }

    /// True when printable keys are text, so single-letter commands are off.
    public var takesText: Bool { input == .text }

    public var description: String { name }

    public static func == (a: Mode, b: Mode) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
