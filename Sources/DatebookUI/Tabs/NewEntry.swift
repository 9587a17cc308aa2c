/// One entry of the New menu, brought by the tabs that can make it: its key and its title.
public struct NewEntry: Sendable {
    /// Names an entry (`NewEntry.ID.event`); tabs that offer the same entry use the same id.
    public struct ID: Hashable, Sendable, CustomStringConvertible {
        public let name: String

        public init(_ name: String) {
            self.name = name
        }

        public var description: String { name }
    }

    public var id: ID
    /// The key that picks it in the menu.
    public var key: Character
    public var title: String

    public init(_ id: ID, key: Character, title: String) {
        self.id = id
        self.key = key
        self.title = title
    }
}
