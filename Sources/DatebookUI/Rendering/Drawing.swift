import DatebookTerminal

/// What drawing a screen gives back besides its cells: where the text cursor goes, and what a
/// click means where.
///
/// Views are functions from their state to cells: they write nothing but the grid they are
/// given, and the mouse is resolved later against the click areas they return.
public struct Drawing<Target> {
    /// The text cursor's cell when a text field has focus; nil hides the cursor.
    public var cursor: Point?
    /// In drawing order: where areas overlap, the last one is on top.
    public var clicks: [ClickArea<Target>]

    public init(cursor: Point? = nil, clicks: [ClickArea<Target>] = []) {
        self.cursor = cursor
        self.clicks = clicks
    }

    /// The same drawing, its click targets turned into another type's.
    public func map<Other>(_ transform: (Target) -> Other) -> Drawing<Other> {
        Drawing<Other>(cursor: cursor, clicks: clicks.map { ClickArea($0.rect, transform($0.target)) })
    }

    /// The target of the topmost click area at a point, if any.
    public func target(at point: Point) -> Target? {
        clicks.last { $0.rect.contains(point) }?.target
    }
}

/// A rectangle of the screen and what a click there means.
public struct ClickArea<Target> {
    public var rect: Rect
    public var target: Target

    public init(_ rect: Rect, _ target: Target) {
        self.rect = rect
        self.target = target
    }
}
