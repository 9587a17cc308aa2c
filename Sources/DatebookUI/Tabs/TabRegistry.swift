import Foundation
import DatebookKit

/// Datebook's tabs, in tab-bar order.
///
/// Adding a tab is a folder with a `TabCoordinator` and its `TabRegistration`, and one line
/// here; the app, the key table, the help screen and the New menu take everything else from
/// the registration (as lazygit registers one controller per context).
public struct TabRegistry: Sendable {
    public var tabs: [TabRegistration]

    public init(tabs: [TabRegistration]) {
        self.tabs = tabs
    }

    public static let standard = TabRegistry(tabs: [
        EventsCoordinator.registration,
        SearchCoordinator.registration,
        CalendarCoordinator.registration,
        MeetingsCoordinator.registration,
        ContactsCoordinator.registration,
    ])

    /// The New menu: every tab's entries in tab order, each entry once.
    public var newEntries: [NewEntry] {
        var seen = Set<NewEntry.ID>()
        return tabs.flatMap(\.newEntries).filter { seen.insert($0.id).inserted }
    }
}

/// What the app knows of a tab before making it: its name and title, its keys with their help,
/// its entries for the New menu, and how to make it.
public struct TabRegistration: Sendable {
    public var id: TabID
    /// The name in the tab bar.
    public var title: String
    /// Its keys; a map shared with another tab (the item screens') is listed by both.
    public var keyMaps: [KeyMap]
    /// What it can make from the New menu.
    public var newEntries: [NewEntry]
    public var make: @Sendable (TabContext) -> any TabCoordinator

    public init(id: TabID, title: String, keyMaps: [KeyMap], newEntries: [NewEntry] = [],
                make: @escaping @Sendable (TabContext) -> any TabCoordinator) {
        self.id = id
        self.title = title
        self.keyMaps = keyMaps
        self.newEntries = newEntries
        self.make = make
    }
}

/// What every tab is made with: the store, time, ids, and how dates read.
public struct TabContext {
    public var store: DatebookStore
    public var clock: Clock
    public var ids: IDSource
    public var dates: DateText
    /// The weather of the city set, for the Calendar's day header; nil leaves it out.
    public var weather: WeatherService?
    /// A reader of subscriptions' feeds with a time limit in seconds: signed in to the sync
    /// accounts' servers when the planner has their passwords.
    public var feeds: @Sendable (TimeInterval) -> FeedFetcher

    public init(store: DatebookStore, clock: Clock, ids: IDSource, dates: DateText, weather: WeatherService? = nil,
                feeds: @escaping @Sendable (TimeInterval) -> FeedFetcher = { FeedFetcher(timeout: $0) }) {
        self.store = store
        self.clock = clock
        self.ids = ids
        self.dates = dates
        self.weather = weather
        self.feeds = feeds
    }
}
