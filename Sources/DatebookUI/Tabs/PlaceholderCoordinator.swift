import DatebookTerminal

extension Mode {
    /// A tab that shows only a message.
    public static let placeholder = Mode("placeholder", helpTitle: "Other tabs")
}

/// A tab whose screens are not built yet: it says plainly what will be there.
public final class PlaceholderCoordinator: TabCoordinator {
    public let title: String
    /// What the tab will hold.
    public let lines: [String]
    public var mode: Mode { .placeholder }

    public init(title: String, lines: [String]) {
        self.title = title
        self.lines = lines
    }

    /// The registration of a tab not built yet.
    public static func registration(_ id: TabID, title: String, lines: [String]) -> TabRegistration {
        TabRegistration(id: id, title: title, keyMaps: [keys]) { _ in
            PlaceholderCoordinator(title: title, lines: lines)
        }
    }

    /// Its keys: none but the global ones.
    public static let keys = KeyMap("placeholder", modes: [.placeholder], bindings: [])

    public func handle(_ intent: Intent) -> TabResponse {
        intent == .quitOrBack ? .quit : .ignored
    }

    public func render(into grid: inout Grid, area: Rect) -> Drawing<Never> {
        grid.put(" " + title, x: area.x, y: area.y, style: Theme.heading, maxWidth: area.width)
        for (i, line) in lines.enumerated() where i + 2 < area.height {
            grid.put(" " + line, x: area.x, y: area.y + 2 + i, style: Theme.muted, maxWidth: area.width)
        }
        return Drawing()
    }
}
