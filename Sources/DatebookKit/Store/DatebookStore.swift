/// Everything the planner reads and writes: items, the calendar's occurrences, changes to
/// single occurrences of recurring series, the feed of what was committed, search, meetings, and
/// the address book with the items each person takes part in. `SQLiteStore` is one.
public typealias DatebookStore = ItemStore & OccurrenceStore & RecurrenceEditing & ChangeSource & SearchStore
    & MeetingStore & MeetingWriter & ActivityStore & ContactStore & ParticipantItemStore
