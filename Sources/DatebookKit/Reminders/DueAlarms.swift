import Foundation

/// One ring of an alarm: an item's alarm for one of its occurrences.
public struct DueAlarm: Hashable, Sendable, Identifiable {
    public var itemID: UUID
    public var kind: ItemKind
    public var title: String
    public var place: String
    /// The start of the occurrence it rings for (a task's due time); for an alarm at a fixed
    /// time, the item's one time, else the alarm's own time.
    public var occurrence: Date
    /// When it rings: some minutes before `occurrence`, or the alarm's fixed time.
    public var ringsAt: Date
    public var alarm: Alarm

    public init(
        itemID: UUID, kind: ItemKind, title: String, place: String, occurrence: Date, ringsAt: Date, alarm: Alarm
    ) {
        self.itemID = itemID
        self.kind = kind
        self.title = title
        self.place = place
        self.occurrence = occurrence
        self.ringsAt = ringsAt
        self.alarm = alarm
    }

    /// One ring of one item: two alarms of an item that ring at the same instant ring once.
    public var id: String { itemID.lowercasedText + "@\(ringsAt.timeIntervalSince1970)" }
}

/// The rule for which alarms ring in a span of time.
///
/// An alarm some minutes before rings that long before each time of its item: a task's due
/// time when it has one, else every time it happens at; for a repeating item, every instance
/// (as the calendar expands them, given as `occurrences`). An alarm at a fixed time rings once,
/// at that time. Only active items ring (not those completed or deleted into History).
public enum DueAlarms {
    /// The alarms of `items` that ring after `from` and up to `through` (`from < ringsAt <=
    /// through`), in the order they ring (then by title). `occurrences` are the calendar's
    /// occurrences from `from` to `through + lead(of:)`; only those of repeating items are used.
    public static func list(items: [Item], occurrences: [Occurrence], after from: Date, through: Date) -> [DueAlarm] {
        var instances: [UUID: [Occurrence]] = [:]
        for occurrence in occurrences where occurrence.isRecurring {
            instances[occurrence.itemID, default: []].append(occurrence)
        }
        var due: [String: DueAlarm] = [:]
        for item in items where item.status == .active && !item.alarms.isEmpty {
            let anchors = item.isRecurring ? repeatingAnchors(of: item, instances[item.id] ?? []) : anchors(of: item)
            for alarm in item.alarms {
                switch alarm.trigger {
                case let .at(date):
                    // It rings for the item's time when the item has one time, else for itself.
                    let occurrence = item.isRecurring ? date : (anchors.count == 1 ? anchors[0] : date)
                    add(item, occurrence: occurrence, ringsAt: date, alarm)
                case let .before(minutes):
                    for anchor in anchors {
                        add(item, occurrence: anchor, ringsAt: anchor.addingTimeInterval(-Double(minutes) * 60), alarm)
                    }
                }
            }
        }
        func add(_ item: Item, occurrence: Date, ringsAt: Date, _ alarm: Alarm) {
            guard ringsAt > from, ringsAt <= through else { return }
            let ring = DueAlarm(
                itemID: item.id, kind: item.kind, title: item.title, place: item.place, occurrence: occurrence,
                ringsAt: ringsAt, alarm: alarm)
            if due[ring.id] == nil {
                due[ring.id] = ring
            }
        }
        return due.values.sorted { ($0.ringsAt, $0.title, $0.id) < ($1.ringsAt, $1.title, $1.id) }
    }

    /// How far past a span the occurrences must be read: the longest time before of any alarm.
    public static func lead(of items: [Item]) -> TimeInterval {
        let minutes = items.flatMap(\.alarms).compactMap(\.minutesBefore).max() ?? 0
        return Double(max(0, minutes)) * 60
    }

    /// The times an alarm before rings ahead of, for an item that does not repeat: a task's due
    /// time when it has one, else the start of each of its times.
    static func anchors(of item: Item) -> [Date] {
        if item.kind == .task, let due = item.due { return [due] }
        return item.times.map(\.start)
    }

    /// The same for a repeating item, from its instances: a task's due instances when it has any.
    private static func repeatingAnchors(of item: Item, _ instances: [Occurrence]) -> [Date] {
        let active = instances.filter { $0.status == .active }
        let dues = active.filter(\.isDue)
        return (item.kind == .task && !dues.isEmpty ? dues : active.filter { !$0.isDue }).map(\.start)
    }
}
