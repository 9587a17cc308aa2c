import Foundation

/// Which instance of a repeating series the Events list shows, and sorts the series by: the
/// first one that has not ended and was not completed on its own, else (the series is over) the
/// last one.
///
/// The list holds one row per item, so a weekly meeting that began years ago stands where its
/// next meeting is, not where its first was; as each instance ends, the series moves on to the
/// next (`ItemStore.advanceRepeatingItems(at:)`).
enum ListedInstance {
    /// The instance shown at `now`, among `instances` (in any order), all in stored seconds;
    /// nil when there are none.
    static func choose(from instances: [SeriesInstance], completed: Set<Double> = [], now: Double) -> SeriesInstance? {
        var coming: SeriesInstance?
        var last: SeriesInstance?
        for instance in instances {
            if instance.end >= now, !completed.contains(instance.recurrenceID),
                coming.map({ instance.start < $0.start }) ?? true
            {
                coming = instance
            }
            if last.map({ instance.start > $0.start }) ?? true { last = instance }
        }
        return coming ?? last
    }
}

extension Item {
    /// The recurrence IDs (stored seconds) of the instances completed on their own.
    func completedInstances(_ coding: StoredTime) -> Set<Double> {
        Set(overrides.filter(\.isCompleted).map { coding.seconds($0.recurrenceID, timeZone) })
    }
}

/// The instance the Events list shows for a series, as instants (Unix seconds): what the
/// series' row keeps in `sort_at` and `listed_end`.
struct ListedSpan: Equatable, Sendable {
    var start: Double?
    var end: Double

    /// The end of a series with no instance at all: it never has to move on.
    static let never = Double.greatestFiniteMagnitude

    /// The span of the instance shown at `now` among `instances` (stored seconds in `zone`);
    /// a series without any keeps its own sort date and never moves on.
    init(of instances: [SeriesInstance], completed: Set<Double> = [], now: Date, zone: ItemTimeZone, coding: StoredTime) {
        guard let instance = ListedInstance.choose(from: instances, completed: completed, now: coding.seconds(now, zone))
        else {
            self.init(start: nil, end: Self.never)
            return
        }
        self.init(start: coding.date(instance.start, zone).unixSeconds, end: coding.date(instance.end, zone).unixSeconds)
    }

    init(start: Double?, end: Double) {
        self.start = start
        self.end = end
    }
}
