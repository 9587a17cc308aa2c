import DatebookTerminal

/// Makes clicks and double clicks out of left-button presses and releases.
///
/// ncurses is asked for raw presses and releases (its click interval is 0, so it never holds
/// an event back while waiting for the next one). A release over the cell that was pressed
/// is a click; a second click on the same cell within `doubleClickInterval` is a double
/// click; a release anywhere else ends a drag and stays a release. Every click is reported,
/// so a double click arrives as `.click` followed by `.doubleClick`.
struct MouseClickTracker {
    /// What ncurses said about button 1.
    enum Report {
        case pressed, released, clicked, doubleClicked
    }

    static let doubleClickInterval = Duration.milliseconds(400)

    private var pressedAt: Point?
    private var lastClick: (position: Point, time: ContinuousClock.Instant)?

    mutating func action(for report: Report, at position: Point, now: ContinuousClock.Instant) -> MouseEvent.Action {
        switch report {
        case .pressed:
            pressedAt = position
            return .press
        case .released:
            defer { pressedAt = nil }
            // A release without a press seen (lost by the terminal) counts as a click where it is.
            guard pressedAt == nil || pressedAt == position else {
                lastClick = nil
                return .release
            }
            return click(at: position, now: now)
        case .clicked:
            return click(at: position, now: now)
        case .doubleClicked:
            lastClick = nil
            return .doubleClick
        }
    }

    private mutating func click(at position: Point, now: ContinuousClock.Instant) -> MouseEvent.Action {
        if let last = lastClick, last.position == position, now - last.time <= Self.doubleClickInterval {
            lastClick = nil
            return .doubleClick
        }
        lastClick = (position, now)
        return .click
    }
}
