import DatebookKit
import Foundation

/// One row of the Events list or History, ready to draw.
public struct ItemRowState: Equatable, Sendable {
    /// How a row is styled: by state (seed 004) and, in History, by outcome (seed 003).
    public enum Tone: Equatable, Sendable {
        /// Coming, or going on now.
        case active
        /// A task or reminder not done by its time.
        case overdue
        /// An event (or anything else not overdue) whose time is over: drawn plainly.
        case past
        case completed, notCompleted
    }

    public var id: UUID
    /// `[ ]` task, `(!)` reminder, blank event; `[x]` and `[-]` in History.
    public var mark: String
    public var date: String
    public var time: String
    public var title: String
    public var place: String
    public var tone: Tone

    public init(id: UUID, mark: String, date: String, time: String, title: String, place: String, tone: Tone) {
        self.id = id
        self.mark = mark
        self.date = date
        self.time = time
        self.title = title
        self.place = place
        self.tone = tone
    }
}

extension ItemRowState {
    /// The row for an item, as of `now`; `listed` is the occurrence the list shows for a
    /// repeating item (its next one, see `ItemStore.listedOccurrences(of:at:)`).
    public init(item: Item, listed: Occurrence? = nil, now: Date, dates: DateText) {
        id = item.id
        switch (item.status, item.kind) {
        case (.completed, _): mark = "[x]"
        case (.deleted, _): mark = "[-]"
        case (.active, .task): mark = "[ ]"
        case (.active, .reminder): mark = "(!)"
        case (.active, .event): mark = ""
        }
        (date, time) = listed.map { dates.columns(of: $0, now: now) } ?? dates.columns(of: item, now: now)
        title = item.title + Self.moreTimes(item.times.count - 1)
        place = item.place
        switch item.status {
        case .completed: tone = .completed
        case .deleted: tone = .notCompleted
        case .active:
            tone = item.isOverdue(at: now, listed: listed) ? .overdue
                : item.isPast(at: now, listed: listed) ? .past : .active
        }
    }

    /// History's row for one occurrence completed or deleted while its series goes on: its
    /// date and time, its title as it was, marked as one occurrence.
    public init(occurrence: OccurrenceHistoryEntry, of series: Item, now: Date, dates: DateText) {
        id = series.id
        mark = occurrence.status == .completed ? "[x]" : "[-]"
        (date, time) = dates.columns(of: occurrence, series: series, now: now)
        title = occurrence.title + " (one occurrence)"
        place = occurrence.place
        tone = occurrence.status == .completed ? .completed : .notCompleted
    }

    /// ` (+1 more time)`, ` (+3 more times)`: what follows the title of an item with several
    /// times; empty for one.
    static func moreTimes(_ count: Int) -> String {
        switch count {
        case ..<1: return ""
        case 1: return " (+1 more time)"
        default: return " (+\(count) more times)"
        }
    }
}
