import DatebookKit
import DatebookTerminal
import Foundation

/// The whole application: the tab bar, the registered tabs, and what is drawn over them.
///
/// It knows no tab by name: each comes from a `TabRegistration`. Global intents (tabs, New,
/// help, quit) are handled here first; the rest go to the tab on screen. After every event the
/// store's change feed is drained and every tab told what was committed, wherever it was
/// committed from; then the tab on screen reads what it will draw. Rendering reads and writes
/// nothing.
public final class AppCoordinator: Application {
    /// Something drawn over the tabs that has the keyboard.
    enum Overlay {
        case newMenu(selected: Int)
        case question(Question)
        case help(scroll: Int)
        case activities(ActivitiesOverlay)
        case missedReminders(MissedRemindersOverlay)
        case syncPassword(SyncPasswordPrompt)
        case syncConflict(SyncConflictOverlay)
    }

    /// What a click on the app's own parts means.
    enum ClickTarget {
        case tab(Int)
        case newEntry(Int)
    }

    public let registry: TabRegistry
    private let tabs: [any TabCoordinator]
    /// The position of the tab on screen in the registry.
    public private(set) var activeIndex = 0
    var overlay: Overlay?
    /// The mode the help was asked from, whose keys it lists first.
    private var helpFrom: Mode?
    public internal(set) var status: StatusMessage?
    let clock: Clock
    let dates: DateText
    private let keys: KeyTable
    /// What was committed to the store, by this process or another, since the app last looked.
    private let changes: ChangeFeed?
    /// The Activities feed, and how many of it are unread (shown in the tab bar).
    private let activityFeed: ActivityStore
    private var unread = 0
    /// The terminal's size as the last resize event gave it.
    private var size = Size(width: 80, height: 24)
    /// Where alarms are looked for (nil: they do not ring here), the banner of those ringing,
    /// and when the next rings (`ringsKnown` false: look again).
    private let reminders: ReminderCheck?
    public private(set) var banner = ReminderBanner()
    private var nextRing: Date?
    private var ringsKnown = false
    /// True when the next frame rings the terminal bell.
    private var ringsBell = false
    /// Sync with the accounts' servers, when the planner syncs.
    let sync: SyncController?
    /// The file's check for damage at open, said on the status line when it finds some.
    let damageCheck: DamageCheck?

    /// The smallest terminal the layout works in.
    public static let minimumSize = Size(width: 20, height: 6)

    public init(store: DatebookStore, clock: Clock, ids: IDSource, calendar: Calendar,
                tabs registry: TabRegistry = .standard, weather: WeatherService? = nil,
                reminders: ReminderCheck? = nil, sync: SyncController? = nil, damageCheck: DamageCheck? = nil,
                feeds: @escaping @Sendable (TimeInterval) -> FeedFetcher = { FeedFetcher(timeout: $0) }) {
        self.damageCheck = damageCheck
        self.registry = registry
        self.clock = clock
        self.reminders = reminders
        self.sync = sync
        activityFeed = store
        unread = (try? store.unreadActivityCount()) ?? 0
        keys = KeyTable(tabs: registry)
        dates = DateText(calendar: calendar)
        do {
            changes = try store.changeFeed()
        } catch {
            changes = nil
            status = .error("Changes made elsewhere will not show: \(error)")
        }
        let context = TabContext(store: store, clock: clock, ids: ids, dates: dates, weather: weather, feeds: feeds)
        tabs = registry.tabs.map { $0.make(context) }
        for tab in tabs { tab.resize(to: contentArea(size)) }
        if let reminders {
            do {
                let missed = try reminders.takeMissed(now: clock.now())
                if !missed.isEmpty { overlay = .missedReminders(MissedRemindersOverlay(rings: missed)) }
            } catch {
                status = .error("Cannot look for reminders: \(error)")
            }
        }
        sync?.load(now: clock.now())
        settle()
    }

    /// The id of the tab on screen.
    public var activeTab: TabID { registry.tabs[activeIndex].id }

    private var active: any TabCoordinator { tabs[activeIndex] }

    /// The tab registered with an id, if any.
    public func tab(_ id: TabID) -> (any TabCoordinator)? {
        registry.tabs.firstIndex { $0.id == id }.map { tabs[$0] }
    }

    /// The tab of a type, if one is registered.
    public func tab<T: TabCoordinator>(_ type: T.Type) -> T? {
        tabs.lazy.compactMap { $0 as? T }.first
    }

    /// The mode that has the keyboard now.
    public var mode: Mode {
        switch overlay {
        case .newMenu: return .menu
        case .question(let question): return question.isYesNo ? .confirm : .choice
        case .help: return .help
        case .activities: return .activities
        case .missedReminders: return .missedReminders
        case .syncPassword: return .syncPassword
        case .syncConflict: return .syncConflict
        case nil:
            if !banner.isEmpty { return banner.snoozeText == nil ? .reminder : .reminderSnooze }
            return active.mode
        }
    }

    // MARK: - Events

    public func handle(_ event: TerminalEvent) -> Continuation {
        ringsBell = false
        switch event {
        case .key(let key):
            status = nil
            guard let intent = keys.intent(for: key, in: mode) else { return .continue }
            return send(intent)
        case .mouse(let mouse):
            handleMouse(mouse)
        case .resize(let newSize):
            size = newSize
            for tab in tabs { tab.resize(to: contentArea(newSize)) }
        case .idle:
            break
        }
        settle()
        return .continue
    }

    /// Acts on one intent, as if its key had been pressed.
    @discardableResult
    public func send(_ intent: Intent) -> Continuation {
        let continuation = dispatch(intent)
        settle()
        return continuation
    }

    /// Tells every tab what the store committed since the last look (this process's writes,
    /// whatever made them, and other processes'), then lets the tab on screen read what it
    /// will draw.
    private func settle() {
        var changed = false
        if let feed = changes {
            do {
                let committed = try feed.changesSinceLastAsked()
                if !committed.isEmpty {
                    changed = true
                    for tab in tabs { tab.storeDidChange(committed) }
                    unread = try activityFeed.unreadActivityCount()
                    ringsKnown = false
                }
            } catch {
                status = .error("Cannot read the database: \(error)")
            }
        }
        lookAtSync(storeChanged: changed)
        if let problem = damageCheck?.take() { status = .error(problem) }
        ringDueAlarms()
        apply(active.prepare())
    }

    // MARK: - Reminders

    /// Rings the alarms due now: each joins the banner, and the bell rings unless all of them
    /// are silent. Only looks in the database when the next ring's time has come or the
    /// database changed; otherwise it compares two times.
    private func ringDueAlarms() {
        guard let reminders else { return }
        let now = clock.now()
        if ringsKnown, let nextRing, now < nextRing { return }
        do {
            let rings = try reminders.takeDue(now: now)
            let wasEmpty = banner.isEmpty
            banner.add(rings)
            bannerMayHaveMoved(wasEmpty: wasEmpty)
            if rings.contains(where: { !$0.alarm.isSilent }) { ringsBell = true }
            // Nothing within the day looked at: look again in an hour, as time moves on.
            nextRing = try reminders.nextRing(after: now) ?? now.addingTimeInterval(3600)
            ringsKnown = true
        } catch {
            status = .error("Cannot look for reminders: \(error)")
            ringsKnown = true
            nextRing = now.addingTimeInterval(60)
        }
    }

    /// Waits for input no longer than until the next alarm rings (by the app's clock).
    public func idleTimeout(longest milliseconds: Int32) -> Int32 {
        var milliseconds = sync?.idleTimeout(longest: milliseconds, now: clock.now()) ?? milliseconds
        if damageCheck?.isRunning == true { milliseconds = min(milliseconds, 250) }
        guard ringsKnown, let nextRing else { return milliseconds }
        let until = nextRing.timeIntervalSince(clock.now()) * 1000
        return Int32(max(10, min(Double(milliseconds), until.rounded(.up))))
    }

    /// Acts on a key while the banner has the keyboard.
    private func handleBanner(_ intent: Intent) {
        guard let ring = banner.current, let reminders else { return }
        defer { bannerMayHaveMoved(wasEmpty: false) }
        if banner.snoozeText != nil {
            switch intent {
            case .back: banner.snoozeText = nil; banner.snoozeProblem = nil
            case .submit:
                let typed = banner.snoozeText ?? ""
                guard let duration = ReminderBanner.snoozeDuration(typed) else {
                    banner.snoozeProblem = "Cannot read \u{201C}\(typed)\u{201D}: type minutes (5, 10, 60) or 2h, up to 7d"
                    return
                }
                let until = clock.now().addingTimeInterval(duration)
                do {
                    try reminders.store.snooze(ring, until: until)
                    banner.removeCurrent()
                    let when = dates.calendar.isDate(until, inSameDayAs: clock.now()) ? dates.time(until) : dates.full(until)
                    status = StatusMessage("Snoozed \u{201C}\(ring.title)\u{201D} until \(when)")
                } catch {
                    status = .error("Not snoozed: \(error)")
                }
            default:
                if TextField.edits(intent) {
                    banner.snoozeField?.apply(intent)
                    banner.snoozeProblem = nil
                }
            }
            return
        }
        switch intent {
        case .pick("z"), .pick("Z"):
            banner.snoozeText = ""
        case .back, .open:
            do {
                try reminders.store.dismiss(ring)
            } catch {
                status = .error("Cannot record the reminder as seen: \(error)")
            }
            banner.removeCurrent()
            if intent == .open { openItem(ring.itemID) }
        default:
            break
        }
    }

    /// Opens an item's details in the tab that shows items.
    private func openItem(_ id: UUID) {
        guard let index = tabs.firstIndex(where: { $0 is EventsCoordinator }),
            let events = tabs[index] as? EventsCoordinator
        else { return }
        if events.openDetails(of: id) {
            show(index)
        } else {
            status = StatusMessage("That is no longer here")
        }
    }

    private func dispatch(_ intent: Intent) -> Continuation {
        if intent == .redraw { return .continue }
        switch overlay {
        case .newMenu(let selected):
            handleMenu(intent, selected: selected)
            return .continue
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
            let box = helpBox(contentArea(size))
            let page = max(1, box.height - 3)
            // No further than the last line at the bottom of the box.
            let last = max(0, helpScreenLines(width: box.width - 4).count - (box.height - 2))
            switch intent {
            case .back, .helpRequested: overlay = nil
            case .moveDown: overlay = .help(scroll: min(last, scroll + 1))
            case .moveUp: overlay = .help(scroll: max(0, scroll - 1))
            case .pageDown: overlay = .help(scroll: min(last, scroll + page))
            case .pageUp: overlay = .help(scroll: max(0, scroll - page))
            default: break
            }
            return .continue
        case .missedReminders(var missed):
            switch intent {
            case .back, .open, .quitOrBack: overlay = nil
            default:
                missed.move(intent, visible: max(1, size.height - 8))
                overlay = .missedReminders(missed)
            }
            return .continue
        case .syncPassword(let prompt):
            handlePassword(intent, prompt: prompt)
            return .continue
        case .syncConflict(let shown):
            handleConflict(intent, shown: shown)
            return .continue
        case .activities(var feed):
            switch intent {
            case .back, .activitiesRequested, .quitOrBack: overlay = nil
            case .open where feed.selectedConflict != nil:
                if let conflict = feed.selectedConflict { openConflict(conflict) }
            case .open:
                overlay = nil
                guard let id = feed.selected?.meeting ?? feed.selected?.contact else { return .continue }
                if let index = tabs.firstIndex(where: { $0.reveal(id) }) {
                    show(index)
                } else {
                    status = StatusMessage("That is no longer here")
                }
            default:
                feed.move(intent, page: max(1, size.height - 6))
                overlay = .activities(feed)
            }
            return .continue
        case nil:
            if !banner.isEmpty {
                handleBanner(intent)
                return .continue
            }
        }
        switch intent {
        case .switchTab(let id):
            if let index = registry.tabs.firstIndex(where: { $0.id == id }) { show(index) }
        case .nextTab: show((activeIndex + 1) % tabs.count)
        case .previousTab: show((activeIndex + tabs.count - 1) % tabs.count)
        case .newRequested: overlay = .newMenu(selected: 0)
        case .helpRequested:
            helpFrom = mode
            overlay = .help(scroll: 0)
        case .activitiesRequested: openActivities()
        case .command(.syncNow): syncNow()
        default:
            if case .quit = apply(active.handle(intent)) { return .quit }
        }
        return .continue
    }

    /// Opens the Activities feed and marks it read.
    func openActivities(selection: Int = 0) {
        do {
            var feed = ActivitiesOverlay(
                entries: try activityFeed.activities(limit: ActivitiesOverlay.limit),
                conflicts: try sync?.store.syncConflicts() ?? [])
            feed.selection = min(selection, max(0, feed.conflicts.count + feed.entries.count - 1))
            overlay = .activities(feed)
            if unread > 0 {
                try activityFeed.markActivitiesRead()
                unread = 0
            }
        } catch {
            status = .error("Cannot read the activities: \(error)")
        }
    }

    /// Puts a tab on screen (it reads what it draws when the event is settled).
    private func show(_ index: Int) {
        activeIndex = index
    }

    private func handleMenu(_ intent: Intent, selected: Int) {
        let entries = registry.newEntries
        switch intent {
        case .moveDown: overlay = .newMenu(selected: (selected + 1) % entries.count)
        case .moveUp: overlay = .newMenu(selected: (selected + entries.count - 1) % entries.count)
        case .open: startNew(entries[selected].id)
        case .choose(let id): startNew(id)
        case .back: overlay = nil
        default: break
        }
    }

    /// Opens what a New menu entry makes: in the tab on screen when it offers the entry, else
    /// in the first tab that does.
    private func startNew(_ id: NewEntry.ID) {
        overlay = nil
        let offers = { (index: Int) in self.registry.tabs[index].newEntries.contains { $0.id == id } }
        if !offers(activeIndex) {
            guard let index = registry.tabs.indices.first(where: offers) else { return }
            show(index)
        }
        apply(active.startNew(id))
    }

    /// Shows what a tab asked for; returns the response for the caller to act on `.quit`.
    @discardableResult
    private func apply(_ response: TabResponse) -> TabResponse {
        switch response {
        case .message(let message): status = message
        case .ask(let question): overlay = .question(question)
        case .show(let tab, let id): show(id, in: tab)
        case .handled, .ignored, .quit: break
        }
        return response
    }

    /// Puts a tab on screen showing one thing, when it can; else stays and says so.
    private func show(_ id: UUID, in tab: TabID) {
        guard let index = registry.tabs.firstIndex(where: { $0.id == tab }) else { return }
        guard tabs[index].reveal(id) else {
            status = StatusMessage("That is no longer here")
            return
        }
        show(index)
    }

    // MARK: - Mouse

    /// Resolves a mouse event against the click areas of the screen as it is drawn now.
    private func handleMouse(_ mouse: MouseEvent) {
        guard size.width >= AppCoordinator.minimumSize.width, size.height >= AppCoordinator.minimumSize.height else {
            return
        }
        let isClick = mouse.action == .click || mouse.action == .press
        let target = draw(size: size).drawing.target(at: mouse.position)
        if case .newMenu = overlay {
            if isClick, case .newEntry(let index) = target { startNew(registry.newEntries[index].id) }
            return
        }
        guard overlay == nil else { return }
        if mouse.position.y == 0 {
            if isClick, case .tab(let index) = target { show(index) }
            return
        }
        let area = contentArea(size)
        if area.contains(mouse.position) { apply(send(mouse, to: active, area: area)) }
    }

    /// A mouse event for a tab, on the click area of its drawing at the event's position.
    private func send<Tab: TabCoordinator>(_ event: MouseEvent, to tab: Tab, area: Rect) -> TabResponse {
        var grid = Grid(width: size.width, height: size.height)
        let drawing = tab.render(into: &grid, area: area)
        return tab.mouse(event, on: drawing.target(at: event.position))
    }

    // MARK: - Drawing

    /// The tabs' area: under the tab bar (and the reminder banner while it shows), over the
    /// status line and the footer.
    private func contentArea(_ size: Size) -> Rect {
        let top = banner.isEmpty ? 1 : 1 + ReminderBanner.height
        return Rect(x: 0, y: top, width: size.width, height: max(0, size.height - 2 - top))
    }

    /// Gives the tabs their area again when the banner came or went.
    private func bannerMayHaveMoved(wasEmpty: Bool) {
        guard wasEmpty != banner.isEmpty else { return }
        for tab in tabs { tab.resize(to: contentArea(size)) }
    }

    public func render(size: Size) -> Frame {
        let (frame, drawing) = draw(size: size)
        return Frame(grid: frame, cursor: drawing.cursor, bell: ringsBell)
    }

    /// The whole screen at a size, with the app's own click areas (the tab bar, the New menu).
    private func draw(size: Size) -> (grid: Grid, drawing: Drawing<ClickTarget>) {
        var grid = Grid(width: size.width, height: size.height)
        guard size.width >= AppCoordinator.minimumSize.width, size.height >= AppCoordinator.minimumSize.height else {
            let lines = ["Terminal too small", "need 20x6", "now \(size.width)x\(size.height)"]
            for (i, line) in lines.enumerated() where i < size.height {
                grid.put(line, x: max(0, (size.width - line.count) / 2), y: max(0, (size.height - lines.count) / 2) + i)
            }
            return (grid, Drawing())
        }
        let now = clock.now()
        let syncText = sync?.indicator.text(dates: dates, now: now) ?? ""
        let tabBar = TabBar(titles: registry.tabs.map(\.title), active: activeIndex, notes: [
            syncText, unread > 0 ? "! \(unread) new" : "", dates.full(now, withTime: false),
        ], keepingFirst: !syncText.isEmpty)
        var drawing = Drawing<ClickTarget>(clicks: tabBar.render(into: &grid, row: 0).map { ClickArea($0.rect, .tab($0.index)) })
        let area = contentArea(size)
        drawing.cursor = drawTab(active, into: &grid, area: area)
        if !banner.isEmpty {
            let bannerArea = Rect(x: 0, y: 1, width: size.width, height: ReminderBanner.height)
            drawing.cursor = banner.render(into: &grid, area: bannerArea, dates: dates, now: now)
        }

        switch overlay {
        case .newMenu(let selected):
            drawing.cursor = nil
            let rows = menuDialog(selected: selected).render(into: &grid, area: area)
            drawing.clicks += rows.enumerated().map { ClickArea($0.element, .newEntry($0.offset)) }
        case .question(let question):
            drawing.cursor = nil
            let hint = question.isYesNo ? "y yes · n no"
                : question.choices.map { "\($0.key) \($0.label)" }.joined(separator: " · ") + " · Esc cancel"
            Dialog(title: "Confirm", lines: wrap(question.text, width: min(56, size.width - 6)), hint: hint)
                .render(into: &grid, area: area)
        case .help(let scroll):
            drawing.cursor = nil
            renderHelp(scroll: scroll, into: &grid, area: area)
        case .activities(let feed):
            drawing.cursor = nil
            feed.render(into: &grid, area: area, dates: dates, now: now)
        case .missedReminders(let missed):
            drawing.cursor = nil
            missed.render(into: &grid, area: area, dates: dates, now: now)
        case .syncPassword(let prompt):
            drawing.cursor = prompt.render(into: &grid, area: area)
        case .syncConflict(let shown):
            drawing.cursor = nil
            shown.render(into: &grid, area: area)
        case nil:
            break
        }
        (status ?? StatusMessage("")).render(into: &grid, row: size.height - 2)
        Footer(bindings: keys.footer(for: mode)).render(into: &grid, row: size.height - 1)
        return (grid, drawing)
    }

    /// Draws a tab; only the cursor matters here (clicks are resolved in `send(_:to:area:)`).
    private func drawTab<Tab: TabCoordinator>(_ tab: Tab, into grid: inout Grid, area: Rect) -> Point? {
        tab.render(into: &grid, area: area).cursor
    }

    private func menuDialog(selected: Int) -> Dialog {
        let lines = registry.newEntries.map { "\($0.key)  \($0.title)" }
        return Dialog(title: "New", lines: lines, hint: "Enter choose · Esc close", highlighted: selected)
    }

    /// The help screen: every binding of every tab, from the key table, the keys of the screen
    /// it was asked from first after the global ones.
    public func helpLines() -> [String] {
        keys.helpLines(first: helpFrom)
    }

    /// The help screen's box in the content area.
    private func helpBox(_ area: Rect) -> Rect {
        area.inset(by: area.width > 50 && area.height > 10 ? 1 : 0)
    }

    /// The help screen's lines at a width, wrapped: a key's text too long for it goes on under
    /// itself, after the keys' column.
    func helpScreenLines(width: Int) -> [(text: String, heading: Bool)] {
        helpLines().flatMap { line -> [(String, Bool)] in
            let heading = !line.hasPrefix(" ")
            guard DisplayWidth.of(line) > width, width > 24 else { return [(line, heading)] }
            guard line.hasPrefix("  ") else {
                return DisplayWidth.wrapped(line, to: width).map { ($0, heading) }
            }
            let indent = String(repeating: " ", count: 16)
            let keys = String(line.prefix(16))
            let pieces = DisplayWidth.wrapped(String(line.dropFirst(16)), to: width - 16)
            return pieces.enumerated().map { ((($0.offset == 0 ? keys : indent) + $0.element), false) }
        }
    }

    private func renderHelp(scroll: Int, into grid: inout Grid, area: Rect) {
        let box = helpBox(area)
        Dialog.frame(box, into: &grid)
        grid.put(" Keys ", x: box.x + 2, y: box.y, style: Theme.heading)
        let lines = helpScreenLines(width: box.width - 4)
        let visible = max(0, box.height - 2)
        let first = min(scroll, max(0, lines.count - visible))
        for (i, line) in lines.dropFirst(first).enumerated() where i < visible {
            grid.put(line.text, x: box.x + 2, y: box.y + 1 + i, style: line.heading ? Theme.heading : .plain,
                     maxWidth: box.width - 4, ellipsis: true)
        }
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
