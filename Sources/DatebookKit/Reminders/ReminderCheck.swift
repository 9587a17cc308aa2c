import Foundation

/// Looks for alarms that ring, for whatever rings them (the TUI, `datebook remind`): each
/// ring is taken in the database first (`SQLiteStore.take`), so only one of them rings it.
///
/// `alarms_checked_until` says how far everyone has looked: rings after it that are older
/// than `grace` came due while nothing ran, and are *missed*; newer ones ring.
public struct ReminderCheck: Sendable {
    public let store: SQLiteStore

    /// A ring this recent still rings when something starts, rather than being missed.
    public static let grace: TimeInterval = 60
    /// How far back anything looks for rings.
    public static let lookBack: TimeInterval = 30 * 86_400
    /// How stale `alarms_checked_until` may be left when nothing rang: looking only moves it on
    /// now and then, so that a look is a read, not a write that wakes every other process.
    public static let checkedSlack: TimeInterval = 600

    public init(store: SQLiteStore) {
        self.store = store
    }

    /// The rings that came due while nothing ran (before `now - grace`), taken as missed, so
    /// they are listed once. The first time alarms are looked at in a database, none are.
    public func takeMissed(now: Date) throws(StoreError) -> [DueAlarm] {
        let through = now.addingTimeInterval(-Self.grace)
        guard let checked = try store.alarmsCheckedUntil() else {
            try store.setAlarmsChecked(until: through)
            return []
        }
        let from = max(checked, now.addingTimeInterval(-Self.lookBack))
        guard through > from else { return [] }
        var missed: [DueAlarm] = []
        for ring in try store.pendingAlarms(after: from, through: through) {
            if try store.take(ring, as: .missed, at: now) {
                missed.append(ring)
            }
        }
        if !missed.isEmpty || through.timeIntervalSince(checked) > Self.checkedSlack {
            try store.setAlarmsChecked(until: through)
        }
        return missed
    }

    /// The rings due by `now` that nobody took yet (snoozed ones whose snooze ended
    /// included), taken as fired: the caller rings each. It looks back at least `grace`, so an
    /// alarm saved a moment after its time still rings.
    public func takeDue(now: Date) throws(StoreError) -> [DueAlarm] {
        let stored = try store.alarmsCheckedUntil()
        let checked = stored ?? now
        let from = max(min(checked, now.addingTimeInterval(-Self.grace)), now.addingTimeInterval(-Self.lookBack))
        var due: [DueAlarm] = []
        for ring in try store.pendingAlarms(after: from, through: now) {
            if try store.take(ring, at: now) {
                due.append(ring)
            }
        }
        if stored == nil || (checked < now && (!due.isEmpty || now.timeIntervalSince(checked) > Self.checkedSlack)) {
            try store.setAlarmsChecked(until: now)
        }
        return due
    }

    /// When the next ring after `now` is, within a day; nil when none is.
    public func nextRing(after now: Date) throws(StoreError) -> Date? {
        try store.nextAlarm(after: now)
    }
}
