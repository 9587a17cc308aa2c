/// The five tabs, in tab-bar order.
public enum Tab: Int, CaseIterable, Hashable, Sendable {
    case events, search, calendar, meetings, contacts

    /// The name in the tab bar.
    public var title: String {
        switch self {
        case .events: return "Events"
        case .search: return "Search"
        case .calendar: return "Calendar"
        case .meetings: return "Meetings"
        case .contacts: return "Contacts"
        }
    }

    /// The tab after this one, wrapping around.
    public var next: Tab { Tab(rawValue: (rawValue + 1) % Tab.allCases.count)! }

    /// The tab before this one, wrapping around.
    public var previous: Tab { Tab(rawValue: (rawValue + Tab.allCases.count - 1) % Tab.allCases.count)! }
}
