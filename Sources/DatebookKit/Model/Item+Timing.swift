import Foundation

/// When an item's time is over, and what that means: an event that ended is past; a task or
/// a reminder not done by its time is overdue. A repeating item is judged by the occurrence
/// the Events list shows for it (`ItemStore.listedOccurrences(of:at:)`): its next one, or its
/// last when none is coming.
extension Item {
    /// The moment the item's time is over: the end (or start) of `listed` for a repeating
    /// item, else the latest end (or start) of its times, else its due date; nil when it has
    /// none of them (or repeats and `listed` is not known).
    public func timeIsOver(listed: Occurrence?) -> Date? {
        if let listed { return listed.end }
        if isRecurring { return nil }
        if let last = times.map({ $0.end ?? $0.start }).max() { return last }
        return due
    }

    /// True when an active item's time is over at `now` (see `timeIsOver(listed:)`): an event
    /// that ended, a reminder whose moment passed, a task past its due date or last time.
    public func isPast(at now: Date, listed: Occurrence? = nil) -> Bool {
        guard status == .active, let over = timeIsOver(listed: listed) else { return false }
        return over < now
    }

    /// True when an active task or reminder was not done by its time (a task by its due date
    /// when it has one). An event is never overdue: one that ended is only past.
    public func isOverdue(at now: Date, listed: Occurrence? = nil) -> Bool {
        guard status == .active else { return false }
        switch kind {
        case .event:
            return false
        case .task:
            if listed == nil, !isRecurring, let due { return due < now }
            return isPast(at: now, listed: listed)
        case .reminder:
            return isPast(at: now, listed: listed)
        }
    }
}
