import DatebookKit
import Foundation

/// The Search tab's filters, shown under the query: kind, a range of dates, and History.
public struct SearchFilters: Equatable, Sendable {
    /// The range of dates a result must have an occurrence in.
    public enum Dates: CaseIterable, Equatable, Sendable {
        case anyTime, thisWeek, next30Days, past30Days

        public var label: String {
            switch self {
            case .anyTime: "any time"
            case .thisWeek: "this week"
            case .next30Days: "next 30 days"
            case .past30Days: "past 30 days"
            }
        }

        /// The range on `calendar` as of `now`; nil for any time.
        func range(now: Date, calendar: Calendar) -> Range<Date>? {
            let today = calendar.startOfDay(for: now)
            switch self {
            case .anyTime:
                return nil
            case .thisWeek:
                guard let week = calendar.dateInterval(of: .weekOfYear, for: now) else { return nil }
                return week.start..<week.end
            case .next30Days:
                return today..<(calendar.date(byAdding: .day, value: 30, to: today) ?? today)
            case .past30Days:
                return (calendar.date(byAdding: .day, value: -30, to: today) ?? today)..<now
            }
        }
    }

    /// One kind, or every kind (nil).
    public var kind: SearchKind?
    public var dates: Dates = .anyTime
    public var includeHistory = false

    public init() {}

    /// The next kind in the cycle all, events, tasks, reminders, contacts.
    public mutating func cycleKind() {
        switch kind {
        case nil: kind = .event
        case .event: kind = .task
        case .task: kind = .reminder
        case .reminder: kind = .contact
        case .contact: kind = nil
        }
    }

    public mutating func cycleDates() {
        let all = Dates.allCases
        dates = all[(all.firstIndex(of: dates)! + 1) % all.count]
    }

    /// The line under the query.
    public var summary: String {
        let kindText = switch kind {
        case nil: "all"
        case .event: "events"
        case .task: "tasks"
        case .reminder: "reminders"
        case .contact: "contacts"
        }
        return "Kind: \(kindText) · Dates: \(dates.label) · History: \(includeHistory ? "included" : "left out")"
    }

    /// The query for `text` with these filters.
    func query(_ text: String, now: Date, calendar: Calendar, limitPerKind: Int) -> SearchQuery {
        SearchQuery(text, kinds: kind.map { [$0] } ?? [], range: dates.range(now: now, calendar: calendar),
                    includeHistory: includeHistory, limitPerKind: limitPerKind)
    }
}
