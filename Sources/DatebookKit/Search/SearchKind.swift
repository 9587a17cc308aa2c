/// What a search can find: the three kinds of item, contacts and meetings.
public enum SearchKind: String, CaseIterable, Equatable, Hashable, Sendable {
    case event, task, reminder, contact, meeting

    /// The kind of item, or nil for contacts and meetings.
    public var itemKind: ItemKind? { ItemKind(rawValue: rawValue) }

    public init(_ kind: ItemKind) {
        self = SearchKind(rawValue: kind.rawValue)!
    }
}
