/// The keys of one part of the screens (a tab, the item screens, the app's own boxes), with
/// their help text: what that part brings to the key table, the footer and the help screen.
///
/// Each part owns its key map, as each component of Charm's bubbles owns its `KeyMap`. Two tabs
/// that share screens (Events and Calendar both show item details and forms) list the same map;
/// the key table takes it once, by its name.
public struct KeyMap: Sendable {
    /// Unique among key maps.
    public var name: String
    /// Its modes in the order the help screen lists them.
    public var modes: [Mode]
    /// In order: the footer shows them so.
    public var bindings: [KeyBinding]
    /// Lines the help screen ends with (how dates are typed).
    public var notes: [String]

    public init(_ name: String, modes: [Mode] = [], bindings: [KeyBinding], notes: [String] = []) {
        self.name = name
        self.modes = modes
        self.bindings = bindings
        self.notes = notes
    }
}
