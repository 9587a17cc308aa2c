import DatebookKit
import Foundation

/// One row of the Events list or History, ready to draw.
public struct ItemRowState: Equatable, Sendable {
    /// How a row is styled: by state (seed 004) and, in History, by outcome (seed 003).
    public enum Tone: Equatable, Sendable {
        case active, overdue, completed, notCompleted
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
    /// The row for an item, as of `now`.
    public init(item: Item, now: Date, dates: DateText) {
        id = item.id
        switch (item.status, item.kind) {
        case (.completed, _): mark = "[x]"
        case (.deleted, _): mark = "[-]"
        case (.active, .task): mark = "[ ]"
        case (.active, .reminder): mark = "(!)"
        case (.active, .event): mark = ""
        }
        (date, time) = dates.columns(of: item, now: now)
        title = item.times.count > 1 ? "\(item.title) (+\(item.times.count - 1) times)" : item.title
        place = item.place
        switch item.status {
        case .completed: tone = .completed
        case .deleted: tone = .notCompleted
        case .active: tone = item.isOverdue(at: now) ? .overdue : .active
        }
    }
}
