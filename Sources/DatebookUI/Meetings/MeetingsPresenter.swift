import DatebookKit
import Foundation

/// The Meetings tab's lists: which list shows, what the store holds in it, and the selected
/// row. Rows are read a screenful at a time, coming meetings first, then those out of date.
public final class MeetingsPresenter {
    public private(set) var list: MeetingList = .invitations
    public private(set) var total = 0
    public private(set) var outOfDate = 0
    /// The selected row, as an index into the whole list.
    public private(set) var selection = 0
    /// The first row on screen.
    private var firstRow = 0
    /// The rows on screen, from `firstRow`.
    public private(set) var rows: [MeetingListing] = []
    /// Rows that fit on screen (the "out of date" line takes one when it shows).
    public var viewportHeight = 20
    private var stale = true

    private let store: MeetingStore
    private let clock: Clock

    public init(store: MeetingStore, clock: Clock) {
        self.store = store
        self.clock = clock
    }

    public func storeDidChange() { stale = true }

    /// The selected meeting's row.
    public var selected: MeetingListing? {
        let index = selection - firstRow
        return rows.indices.contains(index) ? rows[index] : nil
    }

    /// The first row below the "out of date" line, when it shows.
    public var firstOutOfDate: Int? { outOfDate > 0 ? total - outOfDate : nil }

    /// Reads the list again when the store, the list or the window changed.
    public func refresh() throws {
        guard stale else { return }
        let now = clock.now()
        let selectedID = selected?.id
        (total, outOfDate) = try store.meetingCount(list, at: now)
        selection = min(selection, max(0, total - 1))
        firstRow = min(firstRow, selection)
        if selection >= firstRow + viewportHeight { firstRow = selection - viewportHeight + 1 }
        rows = try store.meetings(list, at: now, offset: firstRow, limit: viewportHeight)
        // The same meeting stays selected when it moved by a row or two (a new one above it).
        if let selectedID, selected?.id != selectedID, let index = rows.firstIndex(where: { $0.id == selectedID }) {
            selection = firstRow + index
        }
        stale = false
    }

    /// Shows the list before or after this one, from its top.
    public func switchList(by step: Int) {
        let lists = MeetingList.allCases
        let index = lists.firstIndex(of: list)!
        list = lists[(index + step + lists.count) % lists.count]
        selection = 0
        firstRow = 0
        stale = true
    }

    /// Shows `list` with the meeting `id` selected, as after I made it; the list's top when the
    /// meeting is not in it.
    public func reveal(_ id: UUID, in list: MeetingList) throws {
        self.list = list
        selection = 0
        firstRow = 0
        rows = []
        stale = true
        let now = clock.now()
        let pageSize = 500
        var offset = 0
        while true {
            let page = try store.meetings(list, at: now, offset: offset, limit: pageSize)
            if let index = page.firstIndex(where: { $0.id == id }) {
                selection = offset + index
                firstRow = max(0, selection - viewportHeight + 1)
                return
            }
            guard page.count == pageSize else { return }
            offset += pageSize
        }
    }

    /// Moves the selection; false for an intent that does not move it.
    @discardableResult
    public func move(_ intent: Intent) -> Bool {
        let last = max(0, total - 1)
        switch intent {
        case .moveUp: selection = max(0, selection - 1)
        case .moveDown: selection = min(last, selection + 1)
        case .pageUp: selection = max(0, selection - viewportHeight)
        case .pageDown: selection = min(last, selection + viewportHeight)
        case .moveTop: selection = 0
        case .moveBottom: selection = last
        default: return false
        }
        if selection < firstRow || selection >= firstRow + rows.count || rows.count < viewportHeight && firstRow + rows.count < total {
            if selection < firstRow { firstRow = selection }
            if selection >= firstRow + viewportHeight { firstRow = selection - viewportHeight + 1 }
            stale = true
        }
        return true
    }

    /// What the list draws.
    public func viewState(now: Date, dates: DateText) -> MeetingsViewState {
        var lines: [MeetingsViewState.Line] = []
        for (offset, row) in rows.enumerated() {
            let index = firstRow + offset
            if index == firstOutOfDate { lines.append(.outOfDate) }
            lines.append(.row(index, MeetingRowState(row, now: now, dates: dates)))
        }
        let heading = MeetingList.allCases.map { $0 == list ? "[\(Self.title($0))]" : Self.title($0) }
            .joined(separator: "  ")
        let count: String
        switch total {
        case 0: count = Self.empty(list)
        case 1: count = "1 meeting"
        default: count = "\(total) meetings"
        }
        return MeetingsViewState(heading: heading, count: count, lines: lines, selection: total > 0 ? selection : nil)
    }

    static func title(_ list: MeetingList) -> String {
        switch list {
        case .invitations: return "Invitations"
        case .hosting: return "Hosting"
        case .coming: return "Coming"
        }
    }

    static func empty(_ list: MeetingList) -> String {
        switch list {
        case .invitations: return "No invitations. Read one with i (a file someone sent you)."
        case .hosting: return "You host no meetings. n makes one (Group meeting)."
        case .coming: return "No confirmed meetings ahead."
        }
    }
}
