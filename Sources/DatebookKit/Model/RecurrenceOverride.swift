import Foundation

/// One instance of a recurring series changed or cancelled on its own (iCalendar
/// RECURRENCE-ID): the rest of the series stays as it is, and nothing is duplicated.
public struct RecurrenceOverride: Equatable, Hashable, Sendable {
    /// The original start of the instance this replaces; it names the instance for good,
    /// even when `start` moves it.
    public var recurrenceID: Date
    /// True when the instance does not take place (iCalendar STATUS:CANCELLED).
    public var isCancelled: Bool
    /// When the instance now starts.
    public var start: Date
    /// When the instance now ends; nil for a moment.
    public var end: Date?
    /// The instance's own title, or nil for the series'.
    public var title: String?
    /// The instance's own place, or nil for the series'.
    public var place: String?
    /// The instance's own notes, or nil for the series'.
    public var notes: String?
    /// iCalendar properties of the instance Datebook does not read, kept verbatim
    /// (see `Item.extraProperties`).
    public var extraProperties: [String]
    /// When this one instance was completed, while the series goes on; nil when it was not.
    public var completedAt: Date?

    /// True when this instance was completed on its own.
    public var isCompleted: Bool { completedAt != nil }

    /// True when the change holds for every later instance too (iCalendar
    /// RANGE=THISANDFUTURE): they move by as much as this one moved, take its length, and show
    /// its title, place and notes, until a later such change.
    public var thisAndFuture: Bool

    public init(
        recurrenceID: Date, isCancelled: Bool = false, start: Date, end: Date? = nil, title: String? = nil,
        place: String? = nil, notes: String? = nil, extraProperties: [String] = [], completedAt: Date? = nil,
        thisAndFuture: Bool = false
    ) {
        self.thisAndFuture = thisAndFuture
        self.recurrenceID = recurrenceID
        self.isCancelled = isCancelled
        self.start = start
        self.end = end
        self.title = title
        self.place = place
        self.notes = notes
        self.extraProperties = extraProperties
        self.completedAt = completedAt
    }

    /// The instance as the series has it, unchanged: an override that changes nothing yet.
    public static func unchanged(_ recurrenceID: Date) -> RecurrenceOverride {
        RecurrenceOverride(recurrenceID: recurrenceID, start: recurrenceID)
    }

    /// The instance removed from its series: an override that cancels it.
    public static func cancelled(_ recurrenceID: Date) -> RecurrenceOverride {
        RecurrenceOverride(recurrenceID: recurrenceID, isCancelled: true, start: recurrenceID)
    }
}

extension RecurrenceOverride {
    /// True when two recurrence IDs name the same instance (they may differ by rounding).
    static func sameInstance(_ a: Date, _ b: Date) -> Bool {
        abs(a.timeIntervalSince(b)) < 0.5
    }
}

extension Item {
    /// Completes one instance at `completedAt` (kept as an override that says so, its other
    /// changes staying), or sets it back to not completed with nil: an override that then
    /// changes nothing goes, and the instance is the series' own again.
    mutating func setInstanceCompleted(_ completedAt: Date?, recurrenceID instant: Date) {
        var override =
            overrides.first { RecurrenceOverride.sameInstance($0.recurrenceID, instant) } ?? .unchanged(instant)
        override.completedAt = completedAt.map { override.completedAt ?? $0 }
        if completedAt == nil && override == .unchanged(override.recurrenceID) {
            overrides.removeAll { RecurrenceOverride.sameInstance($0.recurrenceID, instant) }
        } else {
            setOverride(override)
        }
    }

    /// True when an EXDATE takes out the instance with this recurrence ID.
    public func excludes(recurrenceID: Date) -> Bool {
        exceptionDates.contains { RecurrenceOverride.sameInstance($0, recurrenceID) }
    }

    /// Puts `override` in place of the series' override of the same instance, if it has one,
    /// keeping the overrides in recurrence-ID order.
    mutating func setOverride(_ override: RecurrenceOverride) {
        overrides.removeAll { RecurrenceOverride.sameInstance($0.recurrenceID, override.recurrenceID) }
        let index = overrides.firstIndex { $0.recurrenceID > override.recurrenceID } ?? overrides.endIndex
        overrides.insert(override, at: index)
    }

    /// `setOverride` of each of `changes` in turn, in one pass: one at a time, each copied
    /// every override before it through the item's boxed details, and a series with 6,800
    /// changed instances took 1.4 s to read.
    mutating func setOverrides(_ changes: [RecurrenceOverride]) {
        guard changes.count > 1 else {
            if let change = changes.first { setOverride(change) }
            return
        }
        // Each change replaces the overrides of its instance set before it, as one at a time:
        // a change stays unless a later one is the same instance, and an override the item had
        // stays unless any change is (an instance is the same within half a second, which need
        // not carry over from one pair to the next).
        let sorted = changes.enumerated().sorted {
            ($0.element.recurrenceID, $0.offset) < ($1.element.recurrenceID, $1.offset)
        }
        let ids = sorted.map(\.element.recurrenceID)
        var incoming: [RecurrenceOverride] = []
        for (index, change) in sorted.enumerated() {
            var replacedLater = false
            var other = index - 1
            while !replacedLater, other >= 0, RecurrenceOverride.sameInstance(ids[other], ids[index]) {
                replacedLater = sorted[other].offset > change.offset
                other -= 1
            }
            other = index + 1
            while !replacedLater, other < ids.count, RecurrenceOverride.sameInstance(ids[other], ids[index]) {
                replacedLater = sorted[other].offset > change.offset
                other += 1
            }
            if !replacedLater { incoming.append(change.element) }
        }
        /// True when a change is the same instance as `date` (found by bisection).
        func replaced(_ date: Date) -> Bool {
            var low = 0, high = ids.count
            while low < high {
                let mid = (low + high) / 2
                if ids[mid] < date { low = mid + 1 } else { high = mid }
            }
            return (max(0, low - 1)...min(ids.count - 1, low)).contains { RecurrenceOverride.sameInstance(ids[$0], date) }
        }
        var merged = overrides.filter { !replaced($0.recurrenceID) }
        merged.append(contentsOf: incoming)
        // Stable, so overrides the item had keep their order.
        overrides = merged.enumerated().sorted { ($0.element.recurrenceID, $0.offset) < ($1.element.recurrenceID, $1.offset) }
            .map(\.element)
    }
}

/// An override kept as JSON where it must outlive its series' row: the changes of an instance
/// deleted on its own, given back when it is restored from History.
extension RecurrenceOverride: Codable {}
