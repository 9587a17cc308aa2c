/// Which instance of a repeating series the Events list shows, and sorts the series by: the
/// first one that has not ended, else (the series is over) the last one.
///
/// The list holds one row per item, so a weekly meeting that began years ago stands where its
/// next meeting is, not where its first was; as each instance ends, the series moves on to the
/// next (`ItemStore.advanceRepeatingItems(at:)`).
enum ListedInstance {
    /// The instance shown at `now`, among `instances` (in any order), all in stored seconds;
    /// nil when there are none.
    static func choose(from instances: [SeriesInstance], now: Double) -> SeriesInstance? {
        var coming: SeriesInstance?
        var last: SeriesInstance?
        for instance in instances {
            if instance.end >= now, coming.map({ instance.start < $0.start }) ?? true { coming = instance }
            if last.map({ instance.start > $0.start }) ?? true { last = instance }
        }
        return coming ?? last
    }
}
