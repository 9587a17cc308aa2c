import Foundation

/// A recurring series a range of the calendar could not show whole: expanding it that far
/// would take more work than one read may do (a rule repeating every minute, asked for years).
/// Its occurrences up to `shownUntil` were given; the later ones in the range were not.
public struct UnexpandedSeries: Equatable, Sendable {
    public var itemID: UUID
    public var title: String
    /// The last start reached; occurrences after it are missing from the answer.
    public var shownUntil: Date

    public init(itemID: UUID, title: String, shownUntil: Date) {
        self.itemID = itemID
        self.title = title
        self.shownUntil = shownUntil
    }
}
