/// Everything the planner reads and writes: items, the calendar's occurrences, and changes to
/// single occurrences of recurring series. `SQLiteStore` is one.
public typealias DatebookStore = ItemStore & OccurrenceStore & RecurrenceEditing
