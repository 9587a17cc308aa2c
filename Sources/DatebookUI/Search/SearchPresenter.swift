import DatebookKit
import DatebookTerminal
import Foundation

/// The Search tab's state: the query line, the filters, what the store found for them and the
/// selected result. It searches again whenever the query or a filter changes (`refresh`).
public final class SearchPresenter {
    public private(set) var field = TextField()
    public private(set) var filters = SearchFilters()
    public private(set) var results: SearchResults = .empty
    /// Why the query cannot be searched, or why the store could not answer.
    public private(set) var problem: String?
    /// The selected result, as an index into `results.hits`.
    public private(set) var selection = 0
    /// The first line of results on screen.
    private var firstLine = 0
    /// Lines of results that fit on screen.
    public var viewportHeight = 20
    /// True when the query, a filter or the store changed since the last search.
    private var stale = true

    /// At most this many results of each kind.
    static let limitPerKind = 50

    private let store: SearchStore
    private let clock: Clock
    private let dates: DateText

    public init(store: SearchStore, clock: Clock, dates: DateText) {
        self.store = store
        self.clock = clock
        self.dates = dates
    }

    // MARK: - Query and filters

    /// Applies an editing intent to the query; false for any other intent.
    public func edit(_ intent: Intent) -> Bool {
        guard TextField.edits(intent) else { return false }
        let before = field.text
        field.apply(intent)
        if field.text != before { stale = true }
        return true
    }

    public func cycleKind() {
        filters.cycleKind()
        stale = true
    }

    /// The next preset range of dates; after the last one, the prompt for any two dates.
    public func cycleDates() {
        if filters.cycleDates() {
            stale = true
        } else {
            datePrompt = SearchDatePrompt()
        }
    }

    /// The prompt for two dates, while it is open.
    public private(set) var datePrompt: SearchDatePrompt?

    /// Applies an intent to the open date prompt: typing, Tab between the fields, Enter (on
    /// To, or on From when To is filled) to search those dates, Esc to close it and search any
    /// time. A date that cannot be read keeps the prompt open with the problem under it.
    public func editDatePrompt(_ intent: Intent) -> Bool {
        guard var prompt = datePrompt else { return false }
        switch intent {
        case .back:
            datePrompt = nil
            filters.dates = .anyTime
            stale = true
            return true
        case .nextField, .previousField:
            prompt.focus = prompt.focus == .from ? .to : .from
        case .submit where prompt.focus == .from && prompt.to.text.isEmpty:
            prompt.focus = .to
        case .submit:
            if let range = prompt.range(now: clock.now(), calendar: dates.calendar) {
                datePrompt = nil
                filters.dates = .between(range.lowerBound, range.upperBound)
                stale = true
                return true
            }
        default:
            guard TextField.edits(intent) else { return false }
            prompt.focused.apply(intent)
        }
        datePrompt = prompt
        return true
    }

    public func toggleHistory() {
        filters.includeHistory.toggle()
        stale = true
    }

    /// The store changed: the results may be out of date.
    public func storeDidChange() { stale = true }

    // MARK: - Searching

    /// Searches again if anything changed since the last search; the selected item stays
    /// selected when it is still found.
    public func refresh() throws {
        guard stale else { return }
        stale = false
        let selected = selectedID
        let now = clock.now()
        do {
            results = try store.search(
                filters.query(field.text, now: now, calendar: dates.calendar, limitPerKind: Self.limitPerKind),
                at: now)
            problem = nil
        } catch let error as SearchQueryProblem {
            results = .empty
            problem = error.description
        }
        let ids = results.hits.map(\.item.id) + results.contactHits.map(\.contact.id)
            + results.meetingHits.map(\.meeting.id)
        selection = selected.flatMap { id in ids.firstIndex(of: id) } ?? 0
        firstLine = 0
        scrollToSelection()
    }

    // MARK: - Selection

    /// The selected result when it is an item.
    public var selectedHit: SearchHit? {
        let hits = results.hits
        return hits.indices.contains(selection) ? hits[selection] : nil
    }

    /// The selected result when it is a contact (they come after the items).
    public var selectedContact: ContactHit? {
        let index = selection - results.hits.count
        let contacts = results.contactHits
        return contacts.indices.contains(index) ? contacts[index] : nil
    }

    /// The selected result when it is a meeting (they come after the contacts).
    public var selectedMeeting: MeetingHit? {
        let index = selection - results.hits.count - results.contactHits.count
        let meetings = results.meetingHits
        return meetings.indices.contains(index) ? meetings[index] : nil
    }

    /// The id of the selected item, contact or meeting.
    private var selectedID: UUID? {
        selectedHit?.item.id ?? selectedContact?.contact.id ?? selectedMeeting?.meeting.id
    }

    /// True when the selection is the first result (Up goes back to the query).
    public var isAtTop: Bool { selection == 0 }

    /// Moves the selection; false for an intent that is not a move.
    @discardableResult
    public func move(_ intent: Intent) -> Bool {
        let count = results.count
        switch intent {
        case .moveUp: selection -= 1
        case .moveDown: selection += 1
        case .pageUp: selection -= max(1, viewportHeight - 1)
        case .pageDown: selection += max(1, viewportHeight - 1)
        case .moveTop: selection = 0
        case .moveBottom: selection = count - 1
        default: return false
        }
        selection = max(0, min(selection, count - 1))
        scrollToSelection()
        return true
    }

    /// The lines of results: a heading for each kind, then its rows.
    private var lines: [SearchLine] {
        let now = clock.now()
        var lines: [SearchLine] = []
        var index = 0
        for group in results.groups {
            let count = group.hasMore ? "\(group.hits.count)+" : "\(group.hits.count)"
            lines.append(.heading("\(Self.heading(group.kind)) (\(count))"))
            for hit in group.hits {
                lines.append(.hit(index, SearchRowState(hit: hit, now: now, dates: dates)))
                index += 1
            }
        }
        if let contacts = results.contacts {
            let count = contacts.hasMore ? "\(contacts.hits.count)+" : "\(contacts.hits.count)"
            lines.append(.heading("Contacts (\(count))"))
            for hit in contacts.hits {
                lines.append(.contact(index, SearchContactRowState(hit: hit)))
                index += 1
            }
        }
        if let meetings = results.meetings {
            let count = meetings.hasMore ? "\(meetings.hits.count)+" : "\(meetings.hits.count)"
            lines.append(.heading("Meetings (\(count))"))
            for hit in meetings.hits {
                lines.append(.meeting(index, SearchContactRowState(meeting: hit, now: now, dates: dates)))
                index += 1
            }
        }
        return lines
    }

    private func lineOfSelection(in lines: [SearchLine]) -> Int {
        lines.firstIndex { $0.index == selection } ?? 0
    }

    private func scrollToSelection() {
        let line = lineOfSelection(in: lines)
        // The first result shows its kind's heading too.
        let top = selection == 0 ? 0 : line
        if top < firstLine { firstLine = top }
        if line >= firstLine + viewportHeight { firstLine = line - viewportHeight + 1 }
    }

    static func heading(_ kind: ItemKind) -> String {
        switch kind {
        case .event: "Events"
        case .task: "Tasks"
        case .reminder: "Reminders"
        }
    }

    // MARK: - Drawing

    public func viewState(queryFocused: Bool, height: Int? = nil) -> SearchViewState {
        let all = lines
        let height = height ?? viewportHeight
        let start = max(0, min(firstLine, all.count - height))
        let status: String
        if let problem {
            status = problem
        } else if field.text.trimmingCharacters(in: .whitespaces).isEmpty {
            status = "Type to search events, tasks, reminders, contacts and meetings."
        } else if results.isEmpty {
            status = "No results for \(StatusMessage.quoted(field.text))."
        } else {
            let count = results.count
            status = count == 1 ? "1 result" : "\(count) results"
        }
        return SearchViewState(
            field: field, queryFocused: queryFocused, filters: filters.summary(dates, now: clock.now()),
            datePrompt: datePrompt, status: status,
            isProblem: problem != nil, lines: Array(all.dropFirst(start).prefix(height)),
            selection: queryFocused ? nil : selection)
    }
}
