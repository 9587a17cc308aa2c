import DatebookKit
import DatebookTerminal
import Foundation

extension Mode {
    /// The Activities feed, over any tab.
    public static let activities = Mode("activities", helpTitle: "Activities", input: .dialog)
}

/// The Activities feed as it is drawn over the tabs: newest first, the unread ones marked, one
/// selected (Enter opens its meeting).
public struct ActivitiesOverlay: Equatable {
    public var entries: [Activity]
    public var selection = 0

    /// How many entries the feed reads.
    static let limit = 200

    public init(entries: [Activity]) {
        self.entries = entries
    }

    public mutating func move(_ intent: Intent, page: Int) {
        let last = max(0, entries.count - 1)
        switch intent {
        case .moveUp: selection = max(0, selection - 1)
        case .moveDown: selection = min(last, selection + 1)
        case .pageUp: selection = max(0, selection - page)
        case .pageDown: selection = min(last, selection + page)
        default: break
        }
    }

    public var selected: Activity? { entries.indices.contains(selection) ? entries[selection] : nil }

    /// Draws the feed in a box over `area`.
    public func render(into grid: inout Grid, area: Rect, dates: DateText, now: Date) {
        let box = area.inset(by: area.width > 50 && area.height > 10 ? 1 : 0)
        Dialog.frame(box, into: &grid)
        grid.put(" Activities ", x: box.x + 2, y: box.y, style: Theme.heading)
        let visible = max(0, box.height - 2)
        guard !entries.isEmpty else {
            if visible > 0 {
                grid.put("Nothing yet: invitations, answers and imports will show here.", x: box.x + 2, y: box.y + 1,
                         style: Theme.muted, maxWidth: box.width - 4, ellipsis: true)
            }
            return
        }
        let first = max(0, min(selection - visible + 1, entries.count - visible))
        for (offset, entry) in entries.dropFirst(max(0, first)).prefix(visible).enumerated() {
            let index = max(0, first) + offset
            let y = box.y + 1 + offset
            let selected = index == selection
            let when = dates.day(entry.at, relativeTo: now) + " " + dates.time(entry.at)
            let text = (entry.isRead ? "  " : "• ") + when + "  " + InertText.line(entry.text)
            var style: Style = entry.isRead ? .plain : Theme.active
            if selected {
                style = style.reversed
                grid.fill(Rect(x: box.x + 1, y: y, width: box.width - 2, height: 1), style: Theme.selection)
            }
            grid.put(text, x: box.x + 2, y: y, style: style, maxWidth: box.width - 4, ellipsis: true)
        }
    }
}
