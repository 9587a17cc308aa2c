import DatebookKit
import Foundation

/// The logic of the Contacts tab's lists: which list shows, its filter, a window of its rows
/// read from the store, the selection, and the letter sections the rows fall under.
///
/// Only the rows around the screen are read (`ContactStore`'s windowed reads), so a list of
/// 10,000 contacts opens as fast as one of ten. The selected contact stays selected when the
/// store changes, as long as it is still in the list.
public final class ContactListPresenter {
    /// The lists in the order `[` and `]` go through them.
    public static let lists: [ContactQuery.List] = [.all, .requests, .blocked, .deleted]

    public private(set) var list: ContactQuery.List = .all
    public private(set) var filter = TextField()
    /// Contacts the list shows (with the filter).
    public private(set) var count = 0
    /// Contacts in the list without the filter.
    public private(set) var unfilteredCount = 0
    /// The selected row, from 0.
    public private(set) var selection = 0
    /// The first row on screen.
    public private(set) var top = 0
    /// Lines of the list on screen (rows and section headers).
    public var viewportHeight = 20 {
        didSet { scrollToSelection() }
    }

    private let store: ContactStore
    /// The id of the selected contact, kept across the store's changes.
    private var selectedID: UUID?
    private var stale = true
    private var cacheOffset = 0
    private var cache: [ContactListing] = []

    public init(store: ContactStore) {
        self.store = store
    }

    public var query: ContactQuery { ContactQuery(list, filter: filter.text) }

    // MARK: - Reading

    /// The store changed: read again before the next drawing.
    public func storeDidChange() { stale = true }

    /// Reads the counts and the rows on screen if anything changed since the last reading.
    public func refresh() throws(ContactError) {
        guard stale else { return }
        stale = false
        cache = []
        count = try store.contactCount(query)
        unfilteredCount = query.filter.isEmpty ? count : try store.contactCount(ContactQuery(list))
        if let selectedID, let index = try store.contactIndex(of: selectedID, in: query) {
            selection = index
        }
        selection = max(0, min(selection, count - 1))
        try scrollToSelectionReading()
        selectedID = try listing(at: selection)?.id
    }

    /// The selected contact's row, if the list has any.
    public var selected: ContactListing? {
        cached(at: selection)
    }

    private func cached(at index: Int) -> ContactListing? {
        let local = index - cacheOffset
        return local >= 0 && local < cache.count ? cache[local] : nil
    }

    private func listing(at index: Int) throws(ContactError) -> ContactListing? {
        guard index >= 0, index < count else { return nil }
        if let listing = cached(at: index) { return listing }
        let margin = max(64, viewportHeight)
        cacheOffset = max(0, index - margin)
        cache = try store.contacts(query, offset: cacheOffset, limit: 2 * margin + viewportHeight)
        return cached(at: index)
    }

    // MARK: - Filter and lists

    /// Applies an editing intent to the filter; false for any other intent.
    public func edit(_ intent: Intent) -> Bool {
        guard TextField.edits(intent) else { return false }
        let before = filter.text
        filter.apply(intent)
        if filter.text != before { filterChanged() }
        return true
    }

    /// Empties the filter; false when there was none.
    @discardableResult
    public func clearFilter() -> Bool {
        guard !filter.text.isEmpty else { return false }
        filter = TextField()
        filterChanged()
        return true
    }

    private func filterChanged() {
        stale = true
        selection = 0
        top = 0
        selectedID = nil
    }

    /// Shows the list `step` places along (`[` -1, `]` +1), from its top, the filter kept.
    public func switchList(by step: Int) {
        let all = Self.lists
        let index = all.firstIndex(of: list) ?? 0
        show(all[(index + step + all.count) % all.count])
    }

    public func show(_ list: ContactQuery.List) {
        self.list = list
        filterChanged()
    }

    /// Selects a contact by id (one just saved); false when it is not in the list.
    @discardableResult
    public func select(id: UUID) throws(ContactError) -> Bool {
        try refresh()
        guard let index = try store.contactIndex(of: id, in: query) else { return false }
        selection = index
        selectedID = id
        try scrollToSelectionReading()
        return true
    }

    // MARK: - Moving

    /// Moves the selection; false for an intent that is not a move.
    @discardableResult
    public func move(_ intent: Intent) -> Bool {
        switch intent {
        case .moveUp: selection -= 1
        case .moveDown: selection += 1
        case .pageUp: selection -= max(1, viewportHeight - 2)
        case .pageDown: selection += max(1, viewportHeight - 2)
        case .moveTop: selection = 0
        case .moveBottom: selection = count - 1
        default: return false
        }
        selection = max(0, min(selection, count - 1))
        scrollToSelection()
        selectedID = selected?.id
        return true
    }

    /// Selects the row at `index` (a click).
    public func select(index: Int) {
        guard index >= 0, index < count else { return }
        selection = index
        scrollToSelection()
        selectedID = selected?.id
    }

    private func scrollToSelection() {
        try? scrollToSelectionReading()
    }

    /// Moves the first row so the selection shows below its section headers.
    private func scrollToSelectionReading() throws(ContactError) {
        let height = max(2, viewportHeight)
        if selection < top { top = selection }
        if selection - top >= height { top = selection - height + 1 }
        top = max(0, min(top, max(0, count - 1)))
        while top < selection, try linesNeeded(from: top, through: selection) > height { top += 1 }
        _ = try listing(at: top)
        _ = try listing(at: min(count - 1, top + height))
    }

    /// The lines rows `from...through` take on screen, with the headers of their sections.
    private func linesNeeded(from first: Int, through last: Int) throws(ContactError) -> Int {
        var lines = 0
        var section: Character?
        for index in first...last {
            guard let row = try listing(at: index) else { break }
            if row.section != section {
                lines += 1
                section = row.section
            }
            lines += 1
        }
        return lines
    }

    // MARK: - View state

    /// The lines from the first row on: the first row's section header, then rows, with a
    /// header wherever the section changes.
    func lines(height: Int) -> [ContactLine] {
        var lines: [ContactLine] = []
        var section: Character?
        var index = top
        while lines.count < height, let row = cached(at: index) {
            if row.section != section {
                if lines.count + 1 >= height { break }
                lines.append(.section(row.section))
                section = row.section
            }
            lines.append(.row(index, ContactRowState(row)))
            index += 1
        }
        return lines
    }

    public func viewState(height: Int? = nil) -> ContactListViewState {
        let height = height ?? viewportHeight
        let filtering = !filter.text.isEmpty
        var empty: String?
        if count == 0 {
            if filtering {
                empty = "No contact matches \(StatusMessage.quoted(filter.text))."
            } else {
                switch list {
                case .all: empty = "No contacts yet. Press a to add one, or import a vCard: datebook contacts import FILE"
                case .requests: empty = "No requests."
                case .blocked: empty = "Nobody is blocked."
                case .deleted: empty = "No deleted contacts."
                }
            }
        }
        let noun = unfilteredCount == 1 ? "contact" : "contacts"
        let total = filtering ? "\(count) of \(unfilteredCount) \(noun)" : "\(count) \(noun)"
        return ContactListViewState(
            list: list, filter: filter, filtering: false, count: total, lines: lines(height: height),
            selection: count > 0 ? selection : nil, emptyMessage: empty)
    }
}
