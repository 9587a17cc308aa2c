import DatebookKit
import Foundation
import HeapModule

/// Where a timed occurrence sits in a day column: its lane among the events it overlaps.
public struct PlacedOccurrence: Equatable, Sendable {
    public var occurrence: Occurrence
    /// 0-based lane, left to right.
    public var lane: Int
    /// How many lanes its group of overlapping events needs.
    public var lanes: Int
}

/// Where a contact's busy time sits in a day column: a lane of its own beside my events, never
/// on top of one.
public struct PlacedContactEntry: Equatable, Sendable {
    public var entry: ContactCalendarEntry
    public var lane: Int
    public var lanes: Int
}

/// One day laid out: all-day entries on their own row, timed ones in lanes.
public struct DayPlacement: Equatable, Sendable {
    public var allDay: [Occurrence] = []
    public var timed: [PlacedOccurrence] = []
    /// Contacts' whole days (birthdays, all-day busy times), after my own.
    public var contactAllDay: [ContactCalendarEntry] = []
    /// Contacts' busy times, in lanes shared with my events.
    public var contactTimed: [PlacedContactEntry] = []
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
        let placed = place(occurrences, contacts: [], dayStart: dayStart, dayEnd: dayEnd, slot: slot)
        return (placed.allDay, placed.timed)
    }

    /// Lays out my occurrences and contacts' entries of one day together: a contact's busy time
    /// takes a lane as an event does, so neither hides the other; my own come first at a tie.
    public static func place(_ occurrences: [Occurrence], contacts: [ContactCalendarEntry], dayStart: Date,
                             dayEnd: Date, slot: TimeInterval = 900) -> DayPlacement
    {
        func floorSlot(_ date: Date) -> Date {
            dayStart.addingTimeInterval((date.timeIntervalSince(dayStart) / slot).rounded(.down) * slot)
        }
        func ceilSlot(_ date: Date) -> Date {
            dayStart.addingTimeInterval((date.timeIntervalSince(dayStart) / slot).rounded(.up) * slot)
        }
        func coversDay(_ start: Date, _ end: Date) -> Bool { start <= dayStart && end >= dayEnd }

        var result = DayPlacement()
        /// A timed entry: its times, and which list and position it comes from.
        struct Span {
            var start: Date
            var end: Date
            var isContact: Bool
            var index: Int
        }
        var timed: [Span] = []
        for (i, o) in occurrences.enumerated() {
            // All-day items, and spans covering the whole day, go to the all-day row.
            if o.allDay || coversDay(o.start, o.end) {
                result.allDay.append(o)
            } else {
                timed.append(Span(start: o.start, end: o.end, isContact: false, index: i))
            }
        }
        for (i, entry) in contacts.enumerated() {
            if entry.allDay || coversDay(entry.start, entry.end) {
                result.contactAllDay.append(entry)
            } else {
                timed.append(Span(start: entry.start, end: entry.end, isContact: true, index: i))
            }
        }
        timed.sort { ($0.start, $0.end, $0.isContact ? 1 : 0) < ($1.start, $1.end, $1.isContact ? 1 : 0) }
        var group: [(span: Span, lane: Int)] = []
        /// The group's lanes in use, by when they come free; the lanes free again, lowest first.
        /// (A list of lane ends searched for each event made a day of 100,000 overlapping ones
        /// take half a minute.)
        struct Busy: Comparable {
            var end: Date
            var lane: Int
            static func < (a: Busy, b: Busy) -> Bool { (a.end, a.lane) < (b.end, b.lane) }
        }
        var busy = Heap<Busy>()
        var free = Heap<Int>()
        var laneCount = 0
        var groupEnd = Date.distantPast

        func closeGroup() {
            let lanes = max(1, laneCount)
            for (span, lane) in group {
                if span.isContact {
                    result.contactTimed.append(PlacedContactEntry(entry: contacts[span.index], lane: lane, lanes: lanes))
                } else {
                    result.timed.append(PlacedOccurrence(occurrence: occurrences[span.index], lane: lane, lanes: lanes))
                }
            }
            group = []
            busy = Heap()
            free = Heap()
            laneCount = 0
        }

        for span in timed {
            // A moment (a reminder, a due date) occupies its first slot.
            let start = floorSlot(span.start)
            let end = max(ceilSlot(span.end), start.addingTimeInterval(slot))
            if !group.isEmpty && start >= groupEnd { closeGroup() }
            // Starts come in order, so a lane free at this start stays free for the later ones;
            // each event takes the lowest lane free at its start.
            while let earliest = busy.min, earliest.end <= start {
                busy.removeMin()
                free.insert(earliest.lane)
            }
            let lane: Int
            if let freed = free.popMin() {
                lane = freed
            } else {
                lane = laneCount
                laneCount += 1
            }
            busy.insert(Busy(end: end, lane: lane))
            group.append((span, lane))
            groupEnd = group.count == 1 ? end : max(groupEnd, end)
        }
        closeGroup()
        return result
    }
}
