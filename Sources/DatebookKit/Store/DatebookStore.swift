/// Everything the planner reads and writes: items, the calendar's occurrences, changes to
/// single occurrences of recurring series, and the feed of what was committed. `SQLiteStore`
/// is one.
public typealias DatebookStore = ItemStore & OccurrenceStore & RecurrenceEditing & ChangeSource
