/// Everything the planner reads and writes: items, the calendar's occurrences, changes to
/// single occurrences of recurring series, the feed of what was committed, search, meetings,
/// the address book with the items each person takes part in, contacts' subscribed calendars
/// and what the calendar shows of contacts. `SQLiteStore` is one.
public typealias DatebookStore = ItemStore & OccurrenceStore & RecurrenceEditing & ChangeSource & SearchStore
    & MeetingStore & MeetingWriter & ActivityStore & ContactStore & ParticipantItemStore & ContactCalendarStore
    & SubscriptionStore
