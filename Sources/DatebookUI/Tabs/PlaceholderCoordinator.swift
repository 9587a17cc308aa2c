import DatebookKit
import DatebookTerminal

/// A tab whose screens are not built yet: it says plainly what will be there.
public final class PlaceholderCoordinator: TabCoordinator {
    public let tab: Tab
    public var mode: Mode { .placeholder }

    public init(tab: Tab) {
        self.tab = tab
    }

    /// What the tab will hold.
    public var lines: [String] {
        switch tab {
        case .events, .calendar:
            return []
        case .search:
            return ["Search will find events, tasks, meetings and contacts as you type:",
                    "by title, place, notes and attendee names, with filters for kind,",
                    "date range and completed items. Enter will jump to the result.",
                    "", "Not available yet."]
        case .meetings:
            return ["Group meetings will live here: Invitations, Hosting and Coming.",
                    "A host proposes time slots, invitees vote or refuse, the host confirms.",
                    "", "Not available yet."]
        case .contacts:
            return ["Contacts will be listed here alphabetically, with requests, blocking",
                    "and subscriptions to a contact's calendar.",
                    "", "Not available yet."]
        }
    }

    public func handle(_ intent: Intent) -> TabResponse {
        intent == .quitOrBack ? .quit : .ignored
    }

    public func handleMouse(_ event: MouseEvent, area: Rect) -> TabResponse { .ignored }

    public func render(into grid: inout Grid, area: Rect) -> Point? {
        grid.put(" " + tab.title, x: area.x, y: area.y, style: Theme.heading, maxWidth: area.width)
        for (i, line) in lines.enumerated() where i + 2 < area.height {
            grid.put(" " + line, x: area.x, y: area.y + 2 + i, style: Theme.muted, maxWidth: area.width)
        }
        return nil
    }

    public func reload() -> TabResponse { .handled }

    public func startNew(_ kind: ItemKind) -> Bool { false }
}
