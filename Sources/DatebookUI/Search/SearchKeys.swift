import DatebookKit

extension TabID {
    public static let search = TabID("search")
}

extension Mode {
    /// The Search tab's query line: typed characters search at once.
    public static let searchQuery = Mode("searchQuery", helpTitle: "Search: the query", input: .text)
    /// The Search tab's results.
    public static let searchResults = Mode("searchResults", helpTitle: "Search: the results")
    /// The Search tab's prompt for any two dates.
    public static let searchDates = Mode("searchDates", helpTitle: "Search: two dates", input: .text, pushed: true)
}

extension Command {
    /// Moves from the query into the results.
    public static let searchResults = Command("search.results")
    /// Moves from the results back to the query.
    public static let searchQuery = Command("search.query")
    /// The next kind to search: all, events, tasks, reminders, contacts.
    public static let searchKind = Command("search.kind")
    /// The next range of dates: any time, this week, next 30 days, past 30 days, then a prompt
    /// for any two dates.
    public static let searchDates = Command("search.dates")
    /// Includes History, or leaves it out.
    public static let searchHistory = Command("search.history")
}

extension SearchCoordinator {
    /// The Search tab as the app registers it.
    public static let registration = TabRegistration(
        id: .search, title: "Search", keyMaps: [keys, QuickAddLine.keys, ItemFlow.keys], newEntries: ItemFlow.newEntries
    ) { SearchCoordinator(context: $0) }

    /// The keys of the query line and of the results.
    public static let keys: KeyMap = {
        let both: Set<Mode> = [.searchQuery, .searchResults]
        let query: Set<Mode> = [.searchQuery]
        let results: Set<Mode> = [.searchResults]
        let prompt: Set<Mode> = [.searchDates]
        return KeyMap("search", modes: [.searchQuery, .searchResults, .searchDates], bindings: [
            KeyBinding([.down, .tab, .enter], .command(.searchResults), in: query, help: "To the results"),
            KeyBinding([.escape], .command(.searchResults), in: query, help: "To the results", footer: false),
            KeyBinding([.ctrl("t")], .command(.searchKind), in: both, help: "Kind"),
            KeyBinding([.ctrl("r")], .command(.searchDates), in: both, help: "Dates"),
            KeyBinding([.ctrl("o")], .command(.searchHistory), in: both, help: "History"),
            KeyBinding([.char("k"), .up], .moveUp, in: results, help: "Up (at the top: the query)", footer: false),
            KeyBinding([.char("j"), .down], .moveDown, in: results, help: "Down", footer: false),
            KeyBinding([.pageUp], .pageUp, in: results, help: "Page up", footer: false),
            KeyBinding([.pageDown], .pageDown, in: results, help: "Page down", footer: false),
            KeyBinding([.char("g"), .home], .moveTop, in: results, help: "Top", footer: false),
            KeyBinding([.char("G"), .end], .moveBottom, in: results, help: "Bottom", footer: false),
            KeyBinding([.enter], .open, in: results, help: "Open"),
            KeyBinding([.char("/")], .command(.searchQuery), in: results, help: "Query"),
            QuickAddLine.openingKey(in: results),
            KeyBinding([.tab, .down], .nextField, in: prompt, help: "The other date"),
            KeyBinding([.backTab, .up], .previousField, in: prompt, help: "The other date", footer: false),
        ] + TextField.editingKeys(in: query, enter: "To the results").filter {
            // Enter and Esc of the query line are the tab's own (above).
            $0.intent != .submit && $0.intent != .back
        } + TextField.editingKeys(in: prompt, enter: "Search these dates"))
    }()
}
