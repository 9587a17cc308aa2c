import DatebookKit
import Foundation

/// The three ways the Calendar tab shows time.
public enum CalendarViewKind: String, CaseIterable, Sendable {
    case day, week, agenda
}

/// One day cell of the month grid.
public struct MonthDayCell: Equatable, Sendable {
    public var date: Date
    public var day: Int
    public var inMonth: Bool
    public var isToday: Bool
    public var isSelected: Bool
    public var hasEvents: Bool
    /// True when a contact has something that day: a busy time or a birthday.
    public var hasContactEntries = false
}

/// The month grid beside the day and agenda views.
public struct MonthGridState: Equatable, Sendable {
    public var title: String
    /// Weekday initials in display order (`Mo Tu …`).
    public var weekdays: [String]
    /// Each week: its ISO week number and seven days.
    public var weeks: [(number: Int, days: [MonthDayCell])]

    public static func == (a: MonthGridState, b: MonthGridState) -> Bool {
        a.title == b.title && a.weekdays == b.weekdays && a.weeks.map(\.number) == b.weeks.map(\.number)
            && a.weeks.map(\.days) == b.weeks.map(\.days)
    }
}

/// One day of a time grid: its header and its occurrences placed in lanes.
public struct DayColumnState: Equatable, Sendable {
    public var date: Date
    public var title: String
    public var isToday: Bool
    public var isSelected: Bool
    public var allDay: [Occurrence]
    public var timed: [PlacedOccurrence]
    /// Contacts' whole days (birthdays, all-day busy times): shown, never selectable.
    public var contactAllDay: [ContactCalendarEntry] = []
    /// Contacts' busy times, in lanes beside my events: shown, never selectable.
    public var contactTimed: [PlacedContactEntry] = []
}

/// One day of the agenda with its occurrences.
public struct AgendaDay: Equatable, Sendable {
    public var date: Date
    public var title: String
    public var occurrences: [Occurrence]
    /// Contacts' entries of the day, in order (whole days first): shown, never selectable.
    public var contacts: [ContactCalendarEntry] = []
}

/// The logic of the Calendar tab: which day and view, which occurrence is selected, and the
/// occurrences of what is on screen, read from the store a range at a time.
///
/// Every change of day or view reads what the view will show (`load()`); what the views draw
/// is then made from what was read, without reading again.
public final class CalendarPresenter {
    public private(set) var view: CalendarViewKind = .day
    /// The selected day (its start, in the calendar's time zone).
    public private(set) var selectedDay: Date
    /// The selected occurrence's position: in the selected day (day and week views) or in the
    /// agenda (agenda view).
    public private(set) var selection: Int?
    /// The first hour the time grid shows; moved to keep the selection in view.
    public var firstHour = 8
    /// How many hours the time grid shows (from the area it was last drawn in): the selection
    /// is kept among them.
    public var visibleHours = 24
    /// How many days the agenda reads ahead.
    public private(set) var agendaDays = 31

    private let store: OccurrenceStore
    /// Where contacts' busy times and birthdays come from; nil: none are shown.
    private let contacts: ContactCalendarStore?
    let weather: WeatherService?
    private let clock: Clock
    private let dates: DateText
    private var calendar: Calendar { dates.calendar }
    private var cache: (range: DateInterval, occurrences: [Occurrence], contacts: [ContactCalendarEntry],
                        unexpanded: [UnexpandedSeries])?
    /// Counts the reads of `cache` (and its forgetting), so the agenda is grouped again only
    /// after one.
    private var generation = 0
    /// The agenda grouped by day when the agenda is the view (made by `load()`), and what it
    /// was grouped for.
    private var agendaDaysRead: [AgendaDay] = []
    private var agendaGroupedFor: (day: Date, days: Int, generation: Int)?
    private let iso: Calendar

    public init(store: OccurrenceStore, contacts: ContactCalendarStore? = nil, clock: Clock, dates: DateText,
                weather: WeatherService? = nil) {
        self.store = store
        self.contacts = contacts
        self.weather = weather
        self.clock = clock
        self.dates = dates
        var iso = Calendar(identifier: .iso8601)
        iso.timeZone = dates.calendar.timeZone
        self.iso = iso
        selectedDay = dates.calendar.startOfDay(for: clock.now())
    }

    // MARK: - Reading

    /// Forgets what was read (the store changed); `load()` reads it again.
    public func reload() {
        cache = nil
        generation += 1
    }

    /// Reads what the view shows, unless it was read: the month grid's weeks (beside the day
    /// view and the agenda), the week, the agenda's days.
    public func load() throws {
        var range = view == .week ? DateInterval(start: weekDays[0], end: dayRange(weekDays[6]).end) : monthGridRange
        range = union(range, dayRange(selectedDay))
        if view == .agenda { range = union(range, agendaRange) }
        try read(range)
        guard view == .agenda else { return }
        if let done = agendaGroupedFor, done.day == selectedDay, done.days == agendaDays, done.generation == generation {
            return
        }
        agendaDaysRead = groupAgenda()
        agendaGroupedFor = (selectedDay, agendaDays, generation)
    }

    /// The smallest interval holding both.
    private func union(_ a: DateInterval, _ b: DateInterval) -> DateInterval {
        DateInterval(start: min(a.start, b.start), end: max(a.end, b.end))
    }

    /// The starts of `count` days from `day`, and the start of the day after: day boundaries to
    /// find an occurrence's day by binary search instead of a calendar computation each.
    func dayStarts(from day: Date, count: Int) -> [Date] {
        var starts = [day]
        for _ in 0..<count { starts.append(calendar.date(byAdding: .day, value: 1, to: starts.last!)!) }
        return starts
    }

    /// The index of the day holding `date` among `starts` (clamped to the days there are).
    static func dayIndex(of date: Date, in starts: [Date]) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= date { low = mid } else { high = mid - 1 }
        }
        return min(low, starts.count - 2)
    }

    /// The range of day indexes an occurrence touches among `starts`, or nil when none.
    static func dayIndexes(of o: Occurrence, in starts: [Date]) -> ClosedRange<Int>? {
        dayIndexes(from: o.start, to: o.end, in: starts)
    }

    /// The range of day indexes a time from `start` to `end` touches among `starts`, or nil.
    static func dayIndexes(from start: Date, to end: Date, in starts: [Date]) -> ClosedRange<Int>? {
        let last = end > start ? end.addingTimeInterval(-1) : start
        guard last >= starts.first!, start < starts.last! else { return nil }
        return dayIndex(of: max(start, starts.first!), in: starts)...dayIndex(of: last, in: starts)
    }

    /// Occurrences overlapping a range, of those read.
    func occurrences(in range: DateInterval) -> [Occurrence] {
        (cache?.occurrences ?? []).filter { overlaps($0, range) }
    }

    /// Contacts' entries overlapping a range, of those read.
    func contactEntries(in range: DateInterval) -> [ContactCalendarEntry] {
        (cache?.contacts ?? []).filter { overlaps($0.start, $0.end, range) }
    }

    /// Reads the occurrences of a range unless they were read.
    private func read(_ range: DateInterval) throws {
        if let cache, cache.range.start <= range.start, cache.range.end >= range.end { return }
        // Read a little more than asked, so moving a day or a week does not read again; and grow
        // the read range rather than replace it when the two are near.
        var wide = DateInterval(start: calendar.date(byAdding: .day, value: -7, to: range.start)!,
                                end: calendar.date(byAdding: .day, value: 7, to: range.end)!)
        if let cached = cache?.range {
            let union = DateInterval(start: min(cached.start, wide.start), end: max(cached.end, wide.end))
            if union.duration <= 120 * 86_400 { wide = union }
        }
        let read = try store.occurrencesShowingLimits(from: wide.start, to: wide.end, includingUIDs: false)
        cache = (wide, read.occurrences, try contacts?.contactEntries(from: wide.start, to: wide.end) ?? [],
                 read.unexpanded)
        generation += 1
    }

    private func overlaps(_ o: Occurrence, _ range: DateInterval) -> Bool {
        overlaps(o.start, o.end, range)
    }

    private func overlaps(_ start: Date, _ end: Date, _ range: DateInterval) -> Bool {
        start == end ? (start >= range.start && start < range.end) : (start < range.end && end > range.start)
    }

    func dayRange(_ day: Date) -> DateInterval {
        DateInterval(start: day, end: calendar.date(byAdding: .day, value: 1, to: day)!)
    }

    /// The occurrences of the selected day, in order.
    public func dayOccurrences() -> [Occurrence] {
        occurrences(in: dayRange(selectedDay))
    }

    /// The days the week view shows: the week holding the selected day, from the first weekday.
    public var weekDays: [Date] {
        let start = calendar.dateInterval(of: .weekOfYear, for: selectedDay)!.start
        return (0..<7).map { calendar.date(byAdding: .day, value: $0, to: start)! }
    }

    /// The days the agenda shows: from the selected day, `agendaDays` long.
    private var agendaRange: DateInterval {
        DateInterval(start: selectedDay, end: calendar.date(byAdding: .day, value: agendaDays, to: selectedDay)!)
    }

    /// The agenda's occurrences in order, from the selected day on.
    public func agendaOccurrences() -> [Occurrence] {
        occurrences(in: agendaRange)
    }

    /// The occurrences the selection moves through in the current view: in the agenda, one
    /// entry per day an occurrence touches.
    private func selectable() -> [Occurrence] {
        view == .agenda ? agenda().flatMap(\.occurrences) : dayOccurrences()
    }

    /// The selected occurrence, if any.
    public var selectedOccurrence: Occurrence? {
        let list = selectable()
        guard let selection, selection < list.count else { return nil }
        return list[selection]
    }

    // MARK: - Navigation

    /// Switches the view, keeping the selected day and the selected occurrence: leaving the
    /// agenda, the day of its selected entry becomes the selected day.
    public func show(_ kind: CalendarViewKind) throws {
        let kept = selectedOccurrence
        if view == .agenda, let day = selectedAgendaDay { selectedDay = day }
        view = kind
        if kind == .agenda { agendaDays = 31 }
        try load()
        let list = selectable()
        selection = kept.flatMap { kept in list.firstIndex { $0.id == kept.id } } ?? (list.isEmpty ? nil : 0)
        revealSelection()
    }

    /// The day of the agenda's selected entry.
    private var selectedAgendaDay: Date? {
        guard let selection else { return nil }
        var first = 0
        for day in agenda() {
            if selection < first + day.occurrences.count { return day.date }
            first += day.occurrences.count
        }
        return nil
    }

    // The others read what the new day shows, and select its first occurrence.

    /// The years the calendar goes to, as dates are read and items hold them.
    public static let years = 1...9999

    /// Moves the selected day by `days`; false (nothing moved) past the years 1 to 9999.
    @discardableResult
    public func moveDay(by days: Int) throws -> Bool {
        try moveTo(calendar.date(byAdding: .day, value: days, to: selectedDay))
    }

    /// Moves by the view's period: a day, a week, or (agenda) a month; false past the years.
    @discardableResult
    public func movePeriod(by step: Int) throws -> Bool {
        switch view {
        case .day: return try moveDay(by: step)
        case .week: return try moveDay(by: 7 * step)
        case .agenda: return try moveTo(calendar.date(byAdding: .month, value: step, to: selectedDay))
        }
    }

    private func moveTo(_ day: Date?) throws -> Bool {
        guard let day, Self.years.contains(calendar.component(.year, from: day)) else { return false }
        selectedDay = day
        try resetSelection()
        return true
    }

    public func goToToday() throws {
        selectedDay = calendar.startOfDay(for: clock.now())
        try resetSelection()
    }

    public func go(to date: Date) throws {
        selectedDay = calendar.startOfDay(for: date)
        try resetSelection()
    }

    /// Moves the selection to the next or previous occurrence; in the agenda, reads further
    /// ahead when the end is reached.
    public func moveSelection(by step: Int) throws {
        var list = selectable()
        if view == .agenda, let selection, selection + step >= list.count, agendaDays < 3660 {
            agendaDays *= 2
            try load()
            list = selectable()
        }
        guard !list.isEmpty else {
            selection = nil
            return
        }
        selection = max(0, min(list.count - 1, (selection ?? -1) + step))
        revealSelection()
    }

    /// Moves the time grid's hours to the selected occurrence: up when it starts earlier, down
    /// when it starts below the last hour shown.
    private func revealSelection() {
        if view != .agenda, let o = selectedOccurrence, !o.allDay {
            let hour = calendar.component(.hour, from: max(o.start, selectedDay))
            if hour < firstHour {
                firstHour = hour
            } else if hour >= firstHour + visibleHours {
                firstHour = hour - max(1, visibleHours) + 1
            }
        }
    }

    /// Selects an occurrence by id (a mouse click in the day or week view); false when it is not
    /// selectable here.
    @discardableResult
    public func select(occurrenceID: String) -> Bool {
        guard let index = selectable().firstIndex(where: { $0.id == occurrenceID }) else { return false }
        selection = index
        return true
    }

    /// Selects an entry by its position (a mouse click in the agenda).
    public func select(entry: Int) {
        guard entry >= 0, entry < selectable().count else { return }
        selection = entry
    }

    private func resetSelection() throws {
        if view == .agenda { agendaDays = 31 }
        try load()
        selection = selectable().isEmpty ? nil : 0
    }

    /// The start a new item gets from here: the selected occurrence's end, or the selected day at
    /// the next full hour (today) or 09:00.
    public var newItemStart: Date {
        let now = clock.now()
        if calendar.isDate(selectedDay, inSameDayAs: now) { return dates.nextFullHour(after: now) }
        return calendar.date(bySettingHour: 9, minute: 0, second: 0, of: selectedDay)!
    }

    // MARK: - View state

    /// The ISO 8601 week number of a day.
    public func weekNumber(of day: Date) -> Int {
        iso.component(.weekOfYear, from: day)
    }

    /// The header line: `Saturday 21 November 2026 · week 47`, and the day's weather when a
    /// city is set (`· Berlin: Partly cloudy 7°/2°`); it never waits for the network.
    public var title: String {
        let name = DateText.longWeekdays[calendar.component(.weekday, from: selectedDay) - 1]
        let c = calendar.dateComponents([.day, .month, .year], from: selectedDay)
        let day = "\(name) \(c.day!) \(DateText.longMonths[c.month! - 1]) \(c.year!)"
        switch view {
        case .day:
            let header = "\(day) · week \(weekNumber(of: selectedDay))"
            guard let weather = weather?.summary(for: selectedDay, calendar: calendar) else { return header }
            return "\(header) · \(weather)"
        case .week:
            let days = weekDays
            // A week across the new year names both years.
            let first = calendar.component(.year, from: days[0])
            let last = calendar.component(.year, from: days[6])
            let span = first == last
                ? "\(dates.day(days[0])) - \(dates.day(days[6])) \(last)"
                : "\(dates.day(days[0])) \(first) - \(dates.day(days[6])) \(last)"
            return "Week \(weekNumber(of: selectedDay)) · " + span
        case .agenda: return "Agenda from \(day)"
        }
    }

    /// What the view leaves out, said in the heading: a series that repeats too often to show
    /// whole (every second, every minute for years) stops where a read had to stop expanding
    /// it, and the view would otherwise look as if the series ended there.
    /// `“Ping” repeats too often to show after Sun 6 Dec 08:23`.
    public var notice: String? {
        let shown: DateInterval
        switch view {
        case .day: shown = dayRange(selectedDay)
        case .week: shown = DateInterval(start: weekDays[0], end: dayRange(weekDays[6]).end)
        case .agenda: shown = agendaRange
        }
        let cut = (cache?.unexpanded ?? []).filter { $0.shownUntil < shown.end }
            .sorted { ($0.shownUntil, $0.title) < ($1.shownUntil, $1.title) }
        guard let first = cut.first else { return nil }
        let title = "\u{201C}\(first.title)\u{201D}"
        let who = cut.count == 1 ? "\(title) repeats" : "\(title) and \(cut.count - 1) more repeat"
        return "\(who) too often to show after \(dates.day(first.shownUntil, relativeTo: selectedDay)) \(dates.time(first.shownUntil))"
    }

    /// The weeks the month grid shows: those that hold a day of the selected day's month.
    private var monthGridRange: DateInterval {
        let month = calendar.dateInterval(of: .month, for: selectedDay)!
        let gridStart = calendar.dateInterval(of: .weekOfYear, for: month.start)!.start
        let lastWeek = calendar.dateInterval(of: .weekOfYear, for: month.end.addingTimeInterval(-1))!
        return DateInterval(start: gridStart, end: lastWeek.end)
    }

    public func monthGrid() -> MonthGridState {
        let gridRange = monthGridRange
        let gridStart = gridRange.start
        let dayCount = calendar.dateComponents([.day], from: gridStart, to: gridRange.end).day!
        let starts = dayStarts(from: gridStart, count: dayCount)
        // Every day an occurrence touches is busy.
        var busy = [Bool](repeating: false, count: dayCount)
        for o in occurrences(in: gridRange) {
            guard let days = Self.dayIndexes(of: o, in: starts) else { continue }
            for i in days where !busy[i] { busy[i] = true }
        }
        var contactBusy = [Bool](repeating: false, count: dayCount)
        for entry in contactEntries(in: gridRange) {
            guard let days = Self.dayIndexes(from: entry.start, to: entry.end, in: starts) else { continue }
            for i in days { contactBusy[i] = true }
        }
        let today = calendar.startOfDay(for: clock.now())
        var weeks: [(Int, [MonthDayCell])] = []
        for week in stride(from: 0, to: dayCount, by: 7) {
            var cells: [MonthDayCell] = []
            for i in week..<min(week + 7, dayCount) {
                let day = starts[i]
                cells.append(MonthDayCell(
                    date: day, day: calendar.component(.day, from: day),
                    inMonth: calendar.isDate(day, equalTo: selectedDay, toGranularity: .month),
                    isToday: day == today, isSelected: day == selectedDay, hasEvents: busy[i],
                    hasContactEntries: contactBusy[i]))
            }
            weeks.append((weekNumber(of: starts[week]), cells))
        }
        let c = calendar.dateComponents([.month, .year], from: selectedDay)
        let weekdays = (0..<7).map { i in
            String(DateText.longWeekdays[(calendar.firstWeekday - 1 + i) % 7].prefix(2))
        }
        return MonthGridState(title: "\(DateText.longMonths[c.month! - 1]) \(c.year!)", weekdays: weekdays, weeks: weeks)
    }

    /// The day columns of the day or week view, laid out for rows of `slot` seconds.
    public func columns(slot: TimeInterval = 3600) -> [DayColumnState] {
        let days = view == .week ? weekDays : [selectedDay]
        let today = calendar.startOfDay(for: clock.now())
        return days.map { day in
            let range = dayRange(day)
            let placed = DayLayout.place(occurrences(in: range), contacts: contactEntries(in: range),
                                         dayStart: range.start, dayEnd: range.end, slot: slot)
            let title = view == .week ? String(dates.day(day).split(separator: " ").prefix(2).joined(separator: " "))
                : dates.day(day)
            return DayColumnState(date: day, title: title, isToday: day == today,
                                  isSelected: day == selectedDay, allDay: placed.allDay, timed: placed.timed,
                                  contactAllDay: placed.contactAllDay, contactTimed: placed.contactTimed)
        }
    }

    /// The agenda, grouped by day, an occurrence under every day it touches; days without
    /// occurrences are left out.
    public func agenda() -> [AgendaDay] {
        view == .agenda ? agendaDaysRead : []
    }

    /// Groups the agenda's occurrences by day.
    private func groupAgenda() -> [AgendaDay] {
        let occurrences = agendaOccurrences()
        let starts = dayStarts(from: selectedDay, count: agendaDays)
        var byDay = [[Occurrence]](repeating: [], count: agendaDays)
        for o in occurrences {
            guard let days = Self.dayIndexes(of: o, in: starts) else { continue }
            for i in days { byDay[i].append(o) }
        }
        var contactsByDay = [[ContactCalendarEntry]](repeating: [], count: agendaDays)
        for entry in contactEntries(in: agendaRange) {
            guard let days = Self.dayIndexes(from: entry.start, to: entry.end, in: starts) else { continue }
            for i in days { contactsByDay[i].append(entry) }
        }
        let agenda = byDay.indices.compactMap { i -> AgendaDay? in
            guard !byDay[i].isEmpty || !contactsByDay[i].isEmpty else { return nil }
            // Within a day: all-day and multi-day first, then by start (the store's order).
            let (day, next) = (starts[i], starts[i + 1])
            let whole = byDay[i].filter { $0.allDay || ($0.start <= day && $0.end >= next) }
            let rest = byDay[i].filter { !($0.allDay || ($0.start <= day && $0.end >= next)) }
            let contactWhole = contactsByDay[i].filter { $0.allDay || ($0.start <= day && $0.end >= next) }
            let contactRest = contactsByDay[i].filter { !($0.allDay || ($0.start <= day && $0.end >= next)) }
            return AgendaDay(date: day, title: dates.full(day, withTime: false), occurrences: whole + rest,
                             contacts: contactWhole + contactRest)
        }
        return agenda
    }
}
