import DatebookKit
import Foundation

/// Where a timed occurrence sits in a day column: its lane among the events it overlaps.
public struct PlacedOccurrence: Equatable, Sendable {
    public var occurrence: Occurrence
    /// 0-based lane, left to right.
    public var lane: Int
    /// How many lanes its group of overlapping events needs.
    public var lanes: Int
}

/// Lays out one day's occurrences: all-day ones on their own row, timed ones side by side
/// when they overlap.
public enum DayLayout {
    /// Splits occurrences into all-day ones and timed ones placed in lanes.
    ///
    /// Occurrences that overlap, directly or through a chain, form a group; each takes the
    /// first lane free at its start, and every member of a group shares the group's lane count.
    ///
    /// `slot` is the time one screen row stands for: two events in the same row overlap on
    /// screen even when their times do not, so times are widened to whole slots first.
    public static func place(_ occurrences: [Occurrence], dayStart: Date, dayEnd: Date, slot: TimeInterval = 900)
        -> (allDay: [Occurrence], timed: [PlacedOccurrence])
    {
        func floorSlot(_ date: Date) -> Date {
            dayStart.addingTimeInterval((date.timeIntervalSince(dayStart) / slot).rounded(.down) * slot)
        }
        func ceilSlot(_ date: Date) -> Date {
            dayStart.addingTimeInterval((date.timeIntervalSince(dayStart) / slot).rounded(.up) * slot)
        }
        var allDay: [Occurrence] = []
        var timed: [Occurrence] = []
        for o in occurrences {
            // All-day items, and spans covering the whole day, go to the all-day row.
            if o.allDay || (o.start <= dayStart && o.end >= dayEnd) { allDay.append(o) } else { timed.append(o) }
        }
        timed.sort { ($0.start, $0.end) < ($1.start, $1.end) }
        var placed: [PlacedOccurrence] = []
        var group: [PlacedOccurrence] = []
        var laneEnds: [Date] = []
        var groupEnd = Date.distantPast

        func closeGroup() {
            let lanes = max(1, laneEnds.count)
            placed += group.map { PlacedOccurrence(occurrence: $0.occurrence, lane: $0.lane, lanes: lanes) }
            group = []
            laneEnds = []
        }

        for o in timed {
            // A moment (a reminder, a due date) occupies its first slot.
            let start = floorSlot(o.start)
            let end = max(ceilSlot(o.end), start.addingTimeInterval(slot))
            if !group.isEmpty && start >= groupEnd { closeGroup() }
            if let free = laneEnds.firstIndex(where: { $0 <= start }) {
                laneEnds[free] = end
                group.append(PlacedOccurrence(occurrence: o, lane: free, lanes: 0))
            } else {
                laneEnds.append(end)
                group.append(PlacedOccurrence(occurrence: o, lane: laneEnds.count - 1, lanes: 0))
            }
            groupEnd = group.count == 1 ? end : max(groupEnd, end)
        }
        closeGroup()
        return (allDay, placed)
    }
}
