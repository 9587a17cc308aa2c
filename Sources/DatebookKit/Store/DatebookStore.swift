/// Everything the planner reads and writes: items, the calendar's occurrences, changes to
/// single occurrences of recurring series, the feed of what was committed, search, meetings,
/// contacts, their subscribed calendars and what the calendar shows of them. `SQLiteStore`
/// is one.
public typealias DatebookStore = ItemStore & OccurrenceStore & RecurrenceEditing & ChangeSource & SearchStore
    & MeetingStore & MeetingWriter & ActivityStore & ContactStore & ContactCalendarStore & SubscriptionStore
