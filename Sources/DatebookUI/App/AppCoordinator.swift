import DatebookKit
import DatebookTerminal
import Foundation

/// The whole application: the tab bar, one coordinator per tab, and what is drawn over them.
///
/// Global intents (tabs, New, help, quit) are handled here first; the rest go to the active tab.
public final class AppCoordinator: Application {
    /// Something drawn over the tabs that has the keyboard.
    enum Overlay {
        case newMenu(selected: Int)
        case question(Question)
        case help(scroll: Int)
    }

    public private(set) var activeTab: Tab = .events
    public let events: EventsCoordinator
    public let calendar: CalendarCoordinator
    private var placeholders: [Tab: PlaceholderCoordinator] = [:]
    private(set) var overlay: Overlay?
    public private(set) var status: StatusMessage?
    private let store: DatebookStore
    /// What was committed to the store, by this process or another, since the app last looked.
    private let changes: ChangeFeed?
    private let clock: Clock
    private let dates: DateText
    private let keys: KeyTable
    private var lastSize = Size(width: 80, height: 24)

    /// The smallest terminal the layout works in.
    public static let minimumSize = Size(width: 20, height: 6)

    /// The kinds the New menu offers, in order.
    public static let newKinds: [ItemKind] = [.event, .task, .reminder]

    public init(store: DatebookStore, clock: Clock, ids: IDSource, calendar: Calendar,
                keys: KeyTable = .standard) {
        self.store = store
        self.clock = clock
        self.keys = keys
        changes = try? store.changeFeed()
        dates = DateText(calendar: calendar)
        events = EventsCoordinator(store: store, clock: clock, ids: ids, dates: dates)
        self.calendar = CalendarCoordinator(store: store, clock: clock, ids: ids, dates: dates)
        for tab in Tab.allCases where tab != .events && tab != .calendar {
            placeholders[tab] = PlaceholderCoordinator(tab: tab)
        }
        apply(reloadAll())
    }

    private var active: TabCoordinator {
        switch activeTab {
        case .events: return events
        case .calendar: return calendar
        default: return placeholders[activeTab]!
        }
    }

    /// Every tab that reads data, to reload when it changed.
    private func reloadAll() -> TabResponse {
        let response = events.reload()
        let other = calendar.reload()
        if case .message = response { return response }
        return other
    }

    /// The mode that has the keyboard now.
    public var mode: Mode {
        switch overlay {
        case .newMenu: return .menu
        case .question(let question): return question.isYesNo ? .confirm : .choice
        case .help: return .help
        case nil: return active.mode
        }
    }

    // MARK: - Events

    public func handle(_ event: TerminalEvent) -> Continuation {
        switch event {
        case .key(let key):
            status = nil
            guard let intent = keys.intent(for: key, in: mode) else { return .continue }
            return send(intent)
        case .mouse(let mouse):
            return handleMouse(mouse)
        case .resize(let size):
            lastSize = size
            return .continue
        case .idle:
            if let changes = try? changes?.changesSinceLastAsked(), changes.external { apply(reloadAll()) }
            return .continue
        }
    }

    /// Acts on one intent, as if its key had been pressed.
    @discardableResult
    public func send(_ intent: Intent) -> Continuation {
        if intent == .redraw { return .continue }
        switch overlay {
        case .newMenu(let selected):
            return handleMenu(intent, selected: selected)
        case .question(let question):
            let key: Character?
            switch intent {
            case .answerYes: key = "y"
            case .pick(let c): key = c
            case .answerNo: key = nil
            default: return .continue  // another key: the question stays
            }
            overlay = nil
            if let key, let choice = question.choices.first(where: { $0.key == key }) { apply(choice.action()) }
            return .continue
        case .help(let scroll):
            switch intent {
            case .back, .helpRequested: overlay = nil
            case .moveDown: overlay = .help(scroll: scroll + 1)
            case .moveUp: overlay = .help(scroll: max(0, scroll - 1))
            case .pageDown: overlay = .help(scroll: scroll + max(1, lastSize.height - 6))
            case .pageUp: overlay = .help(scroll: max(0, scroll - max(1, lastSize.height - 6)))
            default: break
            }
            return .continue
        case nil:
            break
        }
        switch intent {
        case .switchTab(let tab): show(tab)
        case .nextTab: show(activeTab.next)
        case .previousTab: show(activeTab.previous)
        case .newRequested: overlay = .newMenu(selected: 0)
        case .helpRequested: overlay = .help(scroll: 0)
        case .activitiesRequested: status = StatusMessage("Activities are not available yet.")
        default:
            if case .quit = apply(active.handle(intent)) { return .quit }
        }
        return .continue
    }

    /// Shows a tab, reading its data again: the other tabs may have changed it.
    private func show(_ tab: Tab) {
        guard tab != activeTab else { return }
        activeTab = tab
        apply(active.reload())
    }

    private func handleMenu(_ intent: Intent, selected: Int) -> Continuation {
        let kinds = AppCoordinator.newKinds
        switch intent {
        case .moveDown: overlay = .newMenu(selected: (selected + 1) % kinds.count)
        case .moveUp: overlay = .newMenu(selected: (selected + kinds.count - 1) % kinds.count)
        case .open: startNew(kinds[selected])
        case .choose(let kind): startNew(kind)
        case .back: overlay = nil
        default: break
        }
        return .continue
    }

    private func startNew(_ kind: ItemKind) {
        overlay = nil
        if !active.startNew(kind) {
            show(.events)
            _ = events.startNew(kind)
        }
    }

    /// Shows what a tab asked for; returns the response for the caller to act on `.quit`.
    @discardableResult
    private func apply(_ response: TabResponse) -> TabResponse {
        switch response {
        case .message(let message): status = message
        case .ask(let question): overlay = .question(question)
        case .handled, .ignored, .quit: break
        }
        return response
    }

    // MARK: - Mouse

    private func handleMouse(_ mouse: MouseEvent) -> Continuation {
        let size = lastSize
        guard size.width >= AppCoordinator.minimumSize.width, size.height >= AppCoordinator.minimumSize.height else {
            return .continue
        }
        if case .newMenu = overlay {
            if mouse.action == .click || mouse.action == .press, let row = menuRow(at: mouse.position, size: size) {
                startNew(AppCoordinator.newKinds[row])
            }
            return .continue
        }
        guard overlay == nil else { return .continue }
        if mouse.position.y == 0 {
            if mouse.action == .click || mouse.action == .press,
               let tab = TabBar.tab(atColumn: mouse.position.x, width: size.width) {
                show(tab)
            }
            return .continue
        }
        let area = contentArea(size)
        if area.contains(mouse.position) { apply(active.handleMouse(mouse, area: area)) }
        return .continue
    }

    // MARK: - Drawing

    private func contentArea(_ size: Size) -> Rect {
        Rect(x: 0, y: 1, width: size.width, height: size.height - 3)
    }

    public func render(size: Size) -> Frame {
        lastSize = size
        var grid = Grid(width: size.width, height: size.height)
        guard size.width >= AppCoordinator.minimumSize.width, size.height >= AppCoordinator.minimumSize.height else {
            let lines = ["Terminal too small", "need 20x6", "now \(size.width)x\(size.height)"]
            for (i, line) in lines.enumerated() where i < size.height {
                grid.put(line, x: max(0, (size.width - line.count) / 2), y: max(0, (size.height - lines.count) / 2) + i)
            }
            return Frame(grid: grid)
        }
        let now = clock.now()
        TabBar(active: activeTab, trailing: dates.full(now, withTime: false)).render(into: &grid, row: 0)
        let area = contentArea(size)
        var cursor = active.render(into: &grid, area: area)

        switch overlay {
        case .newMenu(let selected):
            cursor = nil
            menuDialog(selected: selected).render(into: &grid, area: area)
        case .question(let question):
            cursor = nil
            let hint = question.isYesNo ? "y yes · n no"
                : question.choices.map { "\($0.key) \($0.label)" }.joined(separator: " · ") + " · Esc cancel"
            Dialog(title: "Confirm", lines: wrap(question.text, width: min(56, size.width - 6)), hint: hint)
                .render(into: &grid, area: area)
        case .help(let scroll):
            cursor = nil
            renderHelp(scroll: scroll, into: &grid, area: area)
        case nil:
            break
        }
        (status ?? StatusMessage("")).render(into: &grid, row: size.height - 2)
        Footer(bindings: keys.footer(for: mode)).render(into: &grid, row: size.height - 1)
        return Frame(grid: grid, cursor: cursor)
    }

    private func menuDialog(selected: Int) -> Dialog {
        let lines = AppCoordinator.newKinds.map { kind -> String in
            let key = keys.bindings(for: .menu).first { $0.intent == .choose(kind) }?.keyLabel ?? ""
            return "\(key)  \(kind.rawValue.capitalized)"
        }
        return Dialog(title: "New", lines: lines, hint: "Enter choose · Esc close", highlighted: selected)
    }

    private func menuRow(at point: Point, size: Size) -> Int? {
        let area = contentArea(size)
        let dialog = menuDialog(selected: 0)
        let height = min(area.height, dialog.lines.count + 4)
        let top = area.y + (area.height - height) / 2
        let row = point.y - top - 1
        return row >= 0 && row < dialog.lines.count ? row : nil
    }

    /// The help screen: every binding of every mode, from the key table.
    public func helpLines() -> [String] {
        var lines: [String] = []
        let global: [KeyBinding] = keys.bindings(for: .placeholder)
        lines.append("Everywhere")
        let tabKeys = global.filter { if case .switchTab = $0.intent { return true } else { return false } }
        if let first = tabKeys.first, let last = tabKeys.last {
            lines.append("  " + pad(first.keyLabel + "-" + last.keyLabel, 14) + tabKeys.map(\.help).joined(separator: ", "))
        }
        for b in global where !tabKeys.contains(where: { $0.intent == b.intent }) {
            lines.append("  " + pad(b.keyLabel, 14) + b.help)
        }
        for mode in [Mode.list, .history, .details, .form, .menu, .confirm] {
            lines.append("")
            lines.append(mode.helpTitle)
            for b in keys.bindings(for: mode) where !global.contains(where: { $0.intent == b.intent && $0.keys == b.keys }) {
                lines.append("  " + pad(b.keyLabel, 14) + b.help)
            }
        }
        lines.append("")
        lines.append("Dates: 2026-11-22, 22/11, tomorrow, fri, +3d, 14:30, 2pm")
        return lines
    }

    private func renderHelp(scroll: Int, into grid: inout Grid, area: Rect) {
        let box = area.inset(by: area.width > 50 && area.height > 10 ? 1 : 0)
        Dialog.frame(box, into: &grid)
        grid.put(" Keys ", x: box.x + 2, y: box.y, style: Theme.heading)
        let lines = helpLines()
        let visible = max(0, box.height - 2)
        let first = min(scroll, max(0, lines.count - visible))
        for (i, line) in lines.dropFirst(first).enumerated() where i < visible {
            let style = line.hasPrefix(" ") ? Style.plain : Theme.heading
            grid.put(line, x: box.x + 2, y: box.y + 1 + i, style: style, maxWidth: box.width - 4)
        }
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - DisplayWidth.of(text)))
    }

    private func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, DisplayWidth.of(line) + 1 + DisplayWidth.of(String(word)) > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
