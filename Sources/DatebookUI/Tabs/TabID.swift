/// A tab's name for the key table and the app (`TabID.events`); each tab declares its own
/// beside its code.
public struct TabID: Hashable, Sendable, CustomStringConvertible {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public var description: String { name }
}
