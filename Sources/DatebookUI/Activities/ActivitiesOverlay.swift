import DatebookKit
import DatebookTerminal
import Foundation

extension Mode {
    /// The Activities feed, over any tab.
    public static let activities = Mode("activities", helpTitle: "Activities", input: .dialog)
}

/// The Activities feed as it is drawn over the tabs: the sync conflicts still open first, then
/// the entries newest first, the unread ones marked, one selected (Enter opens its meeting, or
/// a conflict's two versions).
public struct ActivitiesOverlay: Equatable {
    public var entries: [Activity]
    /// The sync conflicts kept, newest first: each stays listed until settled.
    public var conflicts: [SyncConflict]
    public var selection = 0

    /// How many entries the feed reads.
    static let limit = 200

    public init(entries: [Activity], conflicts: [SyncConflict] = []) {
        self.entries = entries
        self.conflicts = conflicts
    }

    public mutating func move(_ intent: Intent, page: Int) {
        let last = max(0, conflicts.count + entries.count - 1)
        switch intent {
        case .moveUp: selection = max(0, selection - 1)
        case .moveDown: selection = min(last, selection + 1)
        case .pageUp: selection = max(0, selection - page)
        case .pageDown: selection = min(last, selection + page)
        default: break
        }
    }

    public var selected: Activity? {
        entries.indices.contains(selection - conflicts.count) ? entries[selection - conflicts.count] : nil
    }

    /// The conflict selected, when one is.
    public var selectedConflict: SyncConflict? { conflicts.indices.contains(selection) ? conflicts[selection] : nil }

    /// A conflict's row: what it is about and how to settle it.
    static func line(_ conflict: SyncConflict) -> String {
        "⚠ Conflict on \(StatusMessage.quoted(InertText.line(conflict.title))): "
            + conflict.fields.joined(separator: ", ") + " (Enter: both versions)"
    }

    /// Draws the feed in a box over `area`.
    public func render(into grid: inout Grid, area: Rect, dates: DateText, now: Date) {
        let box = area.inset(by: area.width > 50 && area.height > 10 ? 1 : 0)
        Dialog.frame(box, into: &grid)
        grid.put(" Activities ", x: box.x + 2, y: box.y, style: Theme.heading)
        let visible = max(0, box.height - 2)
        guard !entries.isEmpty || !conflicts.isEmpty else {
            if visible > 0 {
                grid.put("Nothing yet: invitations, answers and imports will show here.", x: box.x + 2, y: box.y + 1,
                         style: Theme.muted, maxWidth: box.width - 4, ellipsis: true)
            }
            return
        }
        let count = conflicts.count + entries.count
        let first = max(0, min(selection - visible + 1, count - visible))
        for index in max(0, first)..<min(count, max(0, first) + visible) {
            let y = box.y + 1 + index - max(0, first)
            let selected = index == selection
            let text: String
            var style: Style
            if index < conflicts.count {
                text = Self.line(conflicts[index])
                style = Theme.error
            } else {
                let entry = entries[index - conflicts.count]
                let when = dates.day(entry.at, relativeTo: now) + " " + dates.time(entry.at)
                text = (entry.isRead ? "  " : "• ") + when + "  " + InertText.line(entry.text)
                style = entry.isRead ? .plain : Theme.active
            }
            if selected {
                style = style.reversed
                grid.fill(Rect(x: box.x + 1, y: y, width: box.width - 2, height: 1), style: Theme.selection)
            }
            grid.put(text, x: box.x + 2, y: y, style: style, maxWidth: box.width - 4, ellipsis: true)
        }
    }
}
