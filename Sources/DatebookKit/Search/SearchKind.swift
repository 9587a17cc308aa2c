/// What a search can find: the three kinds of item, and contacts.
public enum SearchKind: String, CaseIterable, Equatable, Hashable, Sendable {
    case event, task, reminder, contact

    /// The kind of item, or nil for contacts.
    public var itemKind: ItemKind? { ItemKind(rawValue: rawValue) }

    public init(_ kind: ItemKind) {
        self = SearchKind(rawValue: kind.rawValue)!
    }
}
