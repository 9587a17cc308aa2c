import DatebookKit
import DatebookTerminal
import Foundation

extension Mode {
    /// The list of reminders that rang while Datebook was not running.
    public static let missedReminders = Mode("missed", helpTitle: "Reminders you missed", input: .dialog)
}

/// The reminders that came due while nothing ran, listed once when Datebook starts.
public struct MissedRemindersOverlay: Equatable, Sendable {
    public var rings: [DueAlarm]
    public var scroll = 0

    public init(rings: [DueAlarm]) {
        self.rings = rings
    }

    /// "3 reminders you missed", "1 reminder you missed".
    public var title: String {
        rings.count == 1 ? "1 reminder you missed" : "\(rings.count) reminders you missed"
    }

    public mutating func move(_ intent: Intent, visible: Int) {
        let last = max(0, rings.count - visible)
        switch intent {
        case .moveUp: scroll = max(0, scroll - 1)
        case .moveDown: scroll = min(last, scroll + 1)
        default: break
        }
    }

    /// Draws the list in a box over `area`.
    public func render(into grid: inout Grid, area: Rect, dates: DateText, now: Date) {
        let box = area.inset(by: area.width > 50 && area.height > 10 ? 1 : 0)
        Dialog.frame(box, into: &grid)
        grid.put(" \(title) ", x: box.x + 2, y: box.y, style: Theme.heading)
        let visible = max(0, box.height - 3)
        for (offset, ring) in rings.dropFirst(scroll).prefix(visible).enumerated() {
            var text = dates.day(ring.occurrence, relativeTo: now) + " " + dates.time(ring.occurrence) + "  " + ring.title
            if !ring.place.isEmpty { text += " \u{00B7} " + ring.place }
            grid.put(text, x: box.x + 2, y: box.y + 1 + offset, maxWidth: box.width - 4, ellipsis: true)
        }
        if box.height >= 3 {
            grid.put("Esc or Enter close", x: box.x + 2, y: box.maxY - 2, style: Theme.muted, maxWidth: box.width - 4,
                     ellipsis: true)
        }
    }
}
