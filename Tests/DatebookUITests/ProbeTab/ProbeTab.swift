import DatebookKit
import DatebookTerminal
import DatebookUI

// A tab that exists only in the tests, to prove the seam: this folder and one line in a
// registry (`TabRegistry.withProbe`) are all it takes. It has two modes of its own, its own
// command, a key with help text, and an entry in the New menu.

extension TabID {
    static let probe = TabID("probe")
}

extension Mode {
    static let probe = Mode("probe", helpTitle: "Probe")
    static let probeDetail = Mode("probeDetail", helpTitle: "Probe detail", pushed: true)
}

extension Command {
    static let ping = Command("probe.ping")
}

extension NewEntry.ID {
    static let bookmark = NewEntry.ID("probe.bookmark")
}

extension TabRegistry {
    /// Datebook's tabs and the probe.
    static let withProbe = TabRegistry(tabs: TabRegistry.standard.tabs + [ProbeTab.registration])
}

/// Counts pings; Enter pushes a detail screen, which Esc or q leaves.
final class ProbeTab: TabCoordinator {
    enum ClickTarget {
        case pinger
    }

    static let registration = TabRegistration(
        id: .probe, title: "Probe", keyMaps: [keys], newEntries: [NewEntry(.bookmark, key: "b", title: "Bookmark")]
    ) { ProbeTab(store: $0.store) }

    static let keys = KeyMap("probe", modes: [.probe, .probeDetail], bindings: [
        KeyBinding([.char("p")], .command(.ping), in: [.probe], help: "Ping"),
        KeyBinding([.enter], .open, in: [.probe], help: "Open detail"),
        KeyBinding([.char("p")], .command(.ping), in: [.probeDetail], help: "Ping from detail", footer: false),
    ])

    private let store: DatebookStore
    private(set) var pings = 0
    private(set) var bookmarks = 0
    private(set) var detailOpen = false
    /// Changes the feed reported, and the active items last counted (read in `prepare`).
    private(set) var changesSeen: [StoreChanges] = []
    private(set) var activeItems = 0
    private var stale = true

    init(store: DatebookStore) {
        self.store = store
    }

    var mode: Mode { detailOpen ? .probeDetail : .probe }

    func handle(_ intent: Intent) -> TabResponse {
        switch intent {
        case .command(.ping):
            pings += 1
            return .message(StatusMessage("Pong \(pings)"))
        case .open where !detailOpen:
            detailOpen = true
        case .back where detailOpen, .quitOrBack where detailOpen:
            detailOpen = false
        case .quitOrBack:
            return .quit
        default:
            return .ignored
        }
        return .handled
    }

    func startNew(_ entry: NewEntry.ID) -> TabResponse {
        guard entry == .bookmark else { return .ignored }
        bookmarks += 1
        return .message(StatusMessage("Bookmark \(bookmarks)"))
    }

    func storeDidChange(_ changes: StoreChanges) {
        changesSeen.append(changes)
        stale = true
    }

    func prepare() -> TabResponse {
        guard stale else { return .handled }
        do {
            activeItems = try store.activeCount()
            stale = false
            return .handled
        } catch {
            return .message(.error("\(error)"))
        }
    }

    func render(into grid: inout Grid, area: Rect) -> Drawing<ClickTarget> {
        grid.put(" Probe: \(pings) pings, \(activeItems) items" + (detailOpen ? " (detail)" : ""),
                 x: area.x, y: area.y, maxWidth: area.width)
        return Drawing(clicks: [ClickArea(Rect(x: area.x, y: area.y, width: area.width, height: 1), .pinger)])
    }

    func mouse(_ event: MouseEvent, on target: ClickTarget?) -> TabResponse {
        guard event.action == .click, target != nil else { return .ignored }
        return handle(.command(.ping))
    }
}
