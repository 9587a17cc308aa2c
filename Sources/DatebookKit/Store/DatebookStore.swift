/// Everything the planner reads and writes: items, the calendar's occurrences, changes to
/// single occurrences of recurring series, the feed of what was committed, search, and meetings. `SQLiteStore`
/// is one.
public typealias DatebookStore = ItemStore & OccurrenceStore & RecurrenceEditing & ChangeSource & SearchStore
    & MeetingStore & MeetingWriter & ActivityStore & ContactStore
