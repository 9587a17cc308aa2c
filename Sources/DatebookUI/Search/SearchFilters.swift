import DatebookKit
import Foundation

/// The Search tab's filters, shown under the query: kind, a range of dates, and History.
public struct SearchFilters: Equatable, Sendable {
    /// The range of dates a result must have an occurrence in.
    public enum Dates: Equatable, Sendable {
        case anyTime, thisWeek, next30Days, past30Days
        /// Any two dates, from the prompt: `start ..< end`.
        case between(Date, Date)

        /// The ranges Ctrl-R steps through before it asks for two dates.
        public static let presets: [Dates] = [.anyTime, .thisWeek, .next30Days, .past30Days]

        public func label(_ dates: DateText, now: Date) -> String {
            switch self {
            case .anyTime: return "any time"
            case .thisWeek: return "this week"
            case .next30Days: return "next 30 days"
            case .past30Days: return "past 30 days"
            case let .between(start, end):
                // The To day is the last one included.
                let last = dates.calendar.startOfDay(for: end) == end ? end.addingTimeInterval(-1) : end
                return "\(dates.day(start, relativeTo: now)) to \(dates.day(last, relativeTo: now))"
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
            case let .between(start, end):
                return start..<end
            }
        }
    }

    /// One kind, or every kind (nil).
    public var kind: SearchKind?
    public var dates: Dates = .anyTime
    public var includeHistory = false

    public init() {}

    /// The next kind in the cycle all, events, tasks, reminders, contacts, meetings.
    public mutating func cycleKind() {
        switch kind {
        case nil: kind = .event
        case .event: kind = .task
        case .task: kind = .reminder
        case .reminder: kind = .contact
        case .contact: kind = .meeting
        case .meeting: kind = nil
        }
    }

    /// The next preset range; false after the last one, when two dates are asked for instead.
    public mutating func cycleDates() -> Bool {
        guard let index = Dates.presets.firstIndex(of: dates) else {
            dates = .anyTime
            return true
        }
        guard index + 1 < Dates.presets.count else { return false }
        dates = Dates.presets[index + 1]
        return true
    }

    /// The line under the query.
    public func summary(_ dates: DateText, now: Date) -> String {
        let kindText = switch kind {
        case nil: "all"
        case .event: "events"
        case .task: "tasks"
        case .reminder: "reminders"
        case .contact: "contacts"
        case .meeting: "meetings"
        }
        return "Kind: \(kindText) · Dates: \(self.dates.label(dates, now: now)) · History: \(includeHistory ? "included" : "left out")"
    }

    /// The query for `text` with these filters.
    func query(_ text: String, now: Date, calendar: Calendar, limitPerKind: Int) -> SearchQuery {
        SearchQuery(text, kinds: kind.map { [$0] } ?? [], range: dates.range(now: now, calendar: calendar),
                    includeHistory: includeHistory, limitPerKind: limitPerKind)
    }
}
