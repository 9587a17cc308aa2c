import Foundation

/// The three-way merge of an item edited from one version (the base) while the stored item
/// changed elsewhere: the one rule that decides what a save keeps.
///
/// The rule, field by field: a field only this edit changed takes the edit's value; a field
/// only the other side changed keeps the other side's value; a field both changed to the same
/// value is no conflict; a field both changed to different values is a conflict, which the
/// caller settles (the store stops and asks, unless told to keep this edit's values). What an
/// item is (its id, when it was created, its status) is never the edit's to change: they come
/// from the stored item.
public enum ItemMerge {
    /// A part of an item that a merge takes whole from one side: a field a person edits, or a
    /// group of values that only mean something together.
    public enum Field: String, CaseIterable, Sendable {
        case kind, title, times, allDay, due, place, notes, priority, alarm, repeatRule
        case category, attachments
        /// RDATEs: the series' extra instances.
        case recurrenceDates
        /// EXDATEs and changed instances: what was done to single occurrences.
        case exceptions
        case participants, extraProperties, timeZone, icalUID

        /// The field's name as the form labels it, for a person reading which fields conflict.
        public var name: String {
            switch self {
            case .kind: return "Kind"
            case .title: return "Title"
            case .times: return "Start/End"
            case .allDay: return "All day"
            case .due: return "Due"
            case .place: return "Place"
            case .notes: return "Notes"
            case .priority: return "Priority"
            case .alarm: return "Alarm"
            case .repeatRule: return "Repeat"
            case .category: return "Category"
            case .attachments: return "Attachments"
            case .recurrenceDates: return "Extra dates"
            case .exceptions: return "Changed occurrences"
            case .participants: return "Attendees"
            case .extraProperties: return "Other iCalendar properties"
            case .timeZone: return "Time zone"
            case .icalUID: return "UID"
            }
        }

        /// True when `a` and `b` hold the same value of this field.
        public func same(_ a: Item, _ b: Item) -> Bool {
            switch self {
            case .kind: return a.kind == b.kind
            case .title: return a.title == b.title
            case .times: return a.times == b.times
            case .allDay: return a.allDay == b.allDay
            case .due: return a.due == b.due
            case .place: return a.place == b.place
            case .notes: return a.notes == b.notes
            case .priority: return a.priority == b.priority
            case .alarm: return a.alarms == b.alarms
            case .repeatRule: return a.repeatRule == b.repeatRule
            case .category: return a.categories == b.categories
            case .attachments: return a.attachments == b.attachments
            case .recurrenceDates: return a.recurrenceDates == b.recurrenceDates
            case .exceptions: return a.exceptionDates == b.exceptionDates && a.overrides == b.overrides
            case .participants: return a.organizer == b.organizer && a.attendees == b.attendees
            case .extraProperties: return a.extraProperties == b.extraProperties
            case .timeZone: return a.timeZone == b.timeZone
            case .icalUID: return a.icalUID == b.icalUID
            }
        }

        /// Sets this field of `item` to its value in `source`.
        public func copy(from source: Item, into item: inout Item) {
            switch self {
            case .kind: item.kind = source.kind
            case .title: item.title = source.title
            case .times: item.times = source.times
            case .allDay: item.allDay = source.allDay
            case .due: item.due = source.due
            case .place: item.place = source.place
            case .notes: item.notes = source.notes
            case .priority: item.priority = source.priority
            case .alarm: item.alarms = source.alarms
            case .repeatRule: item.repeatRule = source.repeatRule
            case .category:
                item.category = source.category
                item.moreCategories = source.moreCategories
            case .attachments: item.attachments = source.attachments
            case .recurrenceDates: item.recurrenceDates = source.recurrenceDates
            case .exceptions:
                item.exceptionDates = source.exceptionDates
                item.overrides = source.overrides
            case .participants:
                item.organizer = source.organizer
                item.attendees = source.attendees
            case .extraProperties: item.extraProperties = source.extraProperties
            case .timeZone: item.timeZone = source.timeZone
            case .icalUID: item.icalUID = source.icalUID
            }
        }
    }

    /// The fields that differ between two versions of an item, in `Field` order.
    public static func changedFields(from old: Item, to new: Item) -> [Field] {
        Field.allCases.filter { !$0.same(old, new) }
    }

    /// `base` with the fields that differ between `old` and `new` set to their values in `new`.
    ///
    /// A form reads its fields into an item twice, as they opened and as they are now, by the
    /// same rule: what differs is what the person changed, and every other field keeps the
    /// base's value exactly (a time with seconds, an attachment path with a `;`), rather than
    /// the value its text reads back as. The times, due date, all-day flag and zone are decided
    /// together (a task due on a date floats, all day): when one changed, all four are taken.
    public static func applyingChanges(from old: Item, to new: Item, onto base: Item) -> Item {
        var changed = changedFields(from: old, to: new)
        if changed.contains(where: whenFields.contains) {
            changed = Field.allCases.filter { changed.contains($0) || whenFields.contains($0) }
        }
        var result = base
        for field in changed { field.copy(from: new, into: &result) }
        return result
    }

    /// The fields that say when an item is, which a draft decides together.
    static let whenFields: [Field] = [.times, .allDay, .due, .timeZone]

    /// What merging `mine` (an edit of `base`) into `theirs` (the item as stored now) gives.
    public struct Result: Equatable, Sendable {
        /// `theirs` with every field `mine` changed set to `mine`'s value (conflicting fields too).
        public var item: Item
        /// The fields both sides changed, to different values.
        public var conflicts: [Field]
        /// The fields only the other side changed: kept as it left them.
        public var keptFromTheirs: [Field]
    }

    /// Merges an edit into the item as it is stored now, field by field (see `ItemMerge`).
    public static func merge(base: Item, mine: Item, theirs: Item) -> Result {
        var result = Result(item: theirs, conflicts: [], keptFromTheirs: [])
        for field in Field.allCases {
            let mineChanged = !field.same(base, mine)
            let theirsChanged = !field.same(base, theirs)
            if mineChanged {
                if theirsChanged && !field.same(mine, theirs) { result.conflicts.append(field) }
                field.copy(from: mine, into: &result.item)
            } else if theirsChanged {
                result.keptFromTheirs.append(field)
            }
        }
        return result
    }
}

// MARK: - One occurrence

extension ItemMerge {
    /// What merging an edit of one occurrence into the occurrence as stored now gives.
    public struct OccurrenceResult: Equatable, Sendable {
        /// The occurrence as it will show: `theirs` with every value `mine` changed set to mine.
        public var shown: RecurrenceOverride
        /// The values both sides changed, to different values (`.times`, `.title`, `.place`, `.notes`).
        public var conflicts: [Field]
        /// The values only the other side changed.
        public var keptFromTheirs: [Field]
    }

    /// Merges an edit of one occurrence, value by value, by the rule of `merge(base:mine:theirs:)`.
    ///
    /// Each is the occurrence as it shows (see `RecurrenceOverride.shown(in:)`): as the form
    /// opened it, as the form holds it, and as the store holds it now.
    public static func merge(
        occurrence base: RecurrenceOverride, mine: RecurrenceOverride, theirs: RecurrenceOverride
    ) -> OccurrenceResult {
        var result = OccurrenceResult(shown: theirs, conflicts: [], keptFromTheirs: [])
        func merge<Value: Equatable>(_ field: Field, _ value: (RecurrenceOverride) -> Value,
                                     _ set: (inout RecurrenceOverride, RecurrenceOverride) -> Void) {
            let mineChanged = value(mine) != value(base)
            let theirsChanged = value(theirs) != value(base)
            if mineChanged {
                if theirsChanged && value(mine) != value(theirs) { result.conflicts.append(field) }
                set(&result.shown, mine)
            } else if theirsChanged {
                result.keptFromTheirs.append(field)
            }
        }
        merge(.title, \.title) { $0.title = $1.title }
        merge(.times, { [$0.start, $0.end] }) {
            $0.start = $1.start
            $0.end = $1.end
        }
        merge(.place, \.place) { $0.place = $1.place }
        merge(.notes, \.notes) { $0.notes = $1.notes }
        return result
    }
}

extension RecurrenceOverride {
    /// The occurrence as it shows in `series`: the title, place and notes it has of its own,
    /// else the series'.
    public func shown(in series: Item) -> RecurrenceOverride {
        var shown = self
        shown.title = title ?? series.title
        shown.place = place ?? series.place
        shown.notes = notes ?? series.notes
        return shown
    }

    /// The override that shows as `self` in `series`: a title, place or notes equal to the
    /// series' is left to the series (so a later change of the series reaches the occurrence).
    public func own(in series: Item) -> RecurrenceOverride {
        var own = self
        if title == series.title { own.title = nil }
        if place == series.place { own.place = nil }
        if notes == series.notes { own.notes = nil }
        return own
    }
}
