extension TabID {
    public static let search = TabID("search")
}

/// The Search tab, not built yet.
enum SearchTab {
    static let registration = PlaceholderCoordinator.registration(.search, title: "Search", lines: [
        "Search will find events, tasks, meetings and contacts as you type:",
        "by title, place, notes and attendee names, with filters for kind,",
        "date range and completed items. Enter will jump to the result.",
        "", "Not available yet.",
    ])
}
