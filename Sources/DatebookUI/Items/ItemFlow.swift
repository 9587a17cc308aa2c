import DatebookKit
import DatebookTerminal
import Foundation

/// The item screens a tab pushes over its own: a details page and a form, with the actions
/// on an item (complete, delete, set back to not completed) that both Events and Calendar offer.
///
/// It writes through the store and reads nothing back for its host: every tab hears of the
/// write from the store's change feed.
public final class ItemFlow {
    /// One pushed screen.
    enum Screen {
        case details(ItemDetailsPresenter)
        case form(ItemFormPresenter)
    }

    private(set) var screens: [Screen] = []
    private let store: DatebookStore
    private let clock: Clock
    private let ids: IDSource
    private let dates: DateText
    /// The item the last intent saved from a form, if it saved one (the host may select it).
    public private(set) var saved: Item? {
        didSet { if let saved { unclaimed = saved } }
    }
    /// The item saved last, until the host takes it (`takeSaved()`): a save answered from a
    /// question happens outside the host's `handle`.
    private var unclaimed: Item?

    /// The item saved since the host last asked, if any, to select it.
    public func takeSaved() -> Item? {
        defer { unclaimed = nil }
        return unclaimed
    }
    /// The size of the area the screens are drawn in (a details page scrolls within it).
    private var area = Size(width: 80, height: 20)
    /// What `o` on a details page opens attachments with (`DATEBOOK_OPEN`, else `xdg-open`).
    public var opener = AttachmentOpener.from(environment: ProcessInfo.processInfo.environment)

    public init(store: DatebookStore, clock: Clock, ids: IDSource, dates: DateText) {
        self.store = store
        self.clock = clock
        self.ids = ids
        self.dates = dates
    }

    /// True when no item screen is showing.
    public var isEmpty: Bool { screens.isEmpty }

    /// The mode of the screen on top, if any.
    public var mode: Mode? {
        switch screens.last {
        case .details(let p): return p.readOnly ? .historyDetails : .details
        case .form: return .form
        case nil: return nil
        }
    }

    /// The form on top, if a form is showing.
    public var form: ItemFormPresenter? {
        if case .form(let p) = screens.last { return p }
        return nil
    }

    /// The details page on top, if one is showing.
    public var details: ItemDetailsPresenter? {
        if case .details(let p) = screens.last { return p }
        return nil
    }

    // MARK: - Opening screens

    /// Opens the item's details; `occurrence` is the one of a series it was opened from.
    public func showDetails(of item: Item, occurrence: Occurrence? = nil) {
        let page = ItemDetailsPresenter(item: item, store: store, clock: clock, dates: dates, occurrence: occurrence)
        page.area = area
        screens.append(.details(page))
    }

    /// The area the screens are drawn in changed size.
    public func resize(to area: Rect) {
        self.area = Size(width: area.width, height: area.height)
        for case .details(let page) in screens { page.area = self.area }
    }

    public func edit(_ item: Item) {
        screens.append(.form(ItemFormPresenter(editing: item, store: store, clock: clock, ids: ids, dates: dates)))
    }

    /// Opens the form that changes one occurrence of a series.
    public func editOccurrence(_ occurrence: Occurrence, of series: Item) {
        // One of a repeating task's later times: the instance is changed from its first.
        let occurrence = occurrence.firstTime(of: series)
        screens.append(.form(ItemFormPresenter(editing: occurrence, of: series, store: store, clock: clock, ids: ids,
                                               dates: dates)))
    }

    /// Asks whether an edit or a delete of a recurring event's occurrence is about this one,
    /// this and the following ones, or all; a single occurrence changed or removed is kept as an
    /// exception of the series, never a copy of it.
    public func askAboutSeries(_ intent: Intent, occurrence: Occurrence, series: Item) -> TabResponse {
        guard let recurrenceID = occurrence.recurrenceID else { return .ignored }
        let deleting = intent == .delete
        let when = dates.full(recurrenceID, withTime: !series.allDay)
        let text = (deleting ? "Delete" : "Change") + " \(StatusMessage.quoted(occurrence.title)) on \(when): which occurrences?"
        return .ask(Question(text, choices: [
            Question.Choice("o", "only this one") { [weak self] in
                guard let self else { return .handled }
                guard deleting else {
                    editOccurrence(occurrence, of: series)
                    return .handled
                }
                return perform("Deleted the occurrence on \(when); the rest of the series stays") {
                    _ = try self.store.deleteOccurrence(of: series.id, recurrenceID: recurrenceID)
                }
            },
            Question.Choice("f", "this and following") { [weak self] in
                guard let self else { return .handled }
                do {
                    let split = try store.splitSeries(series.id, at: recurrenceID)
                    guard deleting else {
                        edit(split.following)
                        return .message(StatusMessage("Changes apply from \(when) on"))
                    }
                    return perform("Deleted the occurrences from \(when) on") {
                        try self.store.delete(id: split.following.id)
                    }
                } catch StoreError.conflict(let conflict) {
                    return .message(.error("Not done: \(ConflictWording(conflict, dates: dates).question)"))
                } catch {
                    return .message(.error("Not done: \(error)"))
                }
            },
            Question.Choice("a", "all") { [weak self] in
                guard let self else { return .handled }
                guard deleting else {
                    edit(series)
                    return .handled
                }
                return perform("Deleted \(StatusMessage.quoted(series.title)); it is in History as not completed") {
                    try self.store.delete(id: series.id)
                }
            },
        ]))
    }

    /// `x` on one occurrence of an active series: a completed one is set back to not completed
    /// at once; otherwise asks whether to complete only this one (kept as a changed instance of
    /// the series, which goes on), this and the following ones (the series is split there and
    /// its second part goes to History), or all of them.
    public func toggleOccurrence(_ occurrence: Occurrence, of series: Item) -> TabResponse {
        guard let recurrenceID = occurrence.recurrenceID else { return complete(series) }
        let when = dates.full(recurrenceID, withTime: !series.allDay)
        let title = StatusMessage.quoted(occurrence.title)
        if occurrence.status == .completed {
            return perform("\(title) on \(when) is not completed") {
                _ = try self.store.setOccurrenceCompleted(false, of: series.id, recurrenceID: recurrenceID)
            }
        }
        return .ask(Question("Complete \(title) on \(when): which occurrences?", choices: [
            Question.Choice("o", "only this one") { [weak self] in
                guard let self else { return .handled }
                return perform("Completed \(title) on \(when); the rest of the series stays") {
                    _ = try self.store.setOccurrenceCompleted(true, of: series.id, recurrenceID: recurrenceID)
                }
            },
            Question.Choice("f", "this and following") { [weak self] in
                guard let self else { return .handled }
                return perform("Completed \(title) from \(when) on; it is in History (h)") {
                    let split = try self.store.splitSeries(series.id, at: recurrenceID)
                    try self.store.complete(id: split.following.id)
                }
            },
            Question.Choice("a", "all") { [weak self] in
                guard let self else { return .handled }
                return complete(series)
            },
        ]))
    }

    /// Opens the form for a new item; `start` prefills its start (the next full hour when nil),
    /// `attendees` are invited to it (an invitation from a contact), `title` prefills its title.
    /// Opens the form a New menu entry for an item asks for (an event, a task, a reminder, a
    /// public event); `.ignored` for an entry that makes no item.
    public func startNew(_ entry: NewEntry.ID, start: Date? = nil) -> TabResponse {
        if entry == .publicEvent {
            startNew(.event, start: start, isPublic: true)
            return .handled
        }
        guard let kind = entry.itemKind else { return .ignored }
        startNew(kind, start: start)
        return .handled
    }

    public func startNew(_ kind: ItemKind, start: Date? = nil, isPublic: Bool = false, attendees: [Participant] = [],
                         title: String = "") {
        let form = ItemFormPresenter(newItemOf: kind, store: store, clock: clock, ids: ids, dates: dates, start: start,
                                     attendees: attendees, title: title)
        form.isPublic = isPublic
        screens.append(.form(form))
    }

    /// Opens the form for a new item with a draft's fields (a quick-add line's), which count as
    /// typed: Esc asks before they are dropped.
    public func startNew(from draft: ItemDraft) {
        screens.append(.form(ItemFormPresenter(newItemFrom: draft, store: store, clock: clock, ids: ids, dates: dates)))
    }

    /// Saves a new item made without a form (a quick-add line), and says so; the host selects it.
    public func saveNew(_ item: Item) -> TabResponse {
        do {
            let stored = try store.save(item)
            saved = stored
            return .message(StatusMessage(ItemFormPresenter.savedMessage(stored)))
        } catch {
            return .message(.error("Not saved: \(error). Your text is still there."))
        }
    }

    /// Rereads the item of every details page.
    func reload() throws {
        for case .details(let p) in screens { try p.reload() }
    }

    /// True when the store changed since the details pages were read.
    private var stale = false

    /// The store changed: the details pages are read again before they are next drawn.
    func storeDidChange() {
        stale = true
    }

    /// Rereads the details pages when the store changed since they were read.
    func reloadIfChanged() throws {
        guard stale else { return }
        stale = false
        try reload()
    }

    // MARK: - Intents

    /// Handles an intent for the screen on top (call only when not empty).
    public func handle(_ intent: Intent) -> TabResponse {
        saved = nil
        switch screens.last {
        case .details(let page): return handleDetails(intent, page)
        case .form(let form): return handleForm(intent, form)
        case nil: return .ignored
        }
    }

    private func handleDetails(_ intent: Intent, _ page: ItemDetailsPresenter) -> TabResponse {
        switch intent {
        case .edit:
            if page.deletedOccurrence != nil {
                return .message(.error("This occurrence is deleted. Press x to bring it back into its series."))
            }
            if page.readOnly {
                return .message(.error("History is read-only. Press x to set it back to not completed."))
            }
            // Opened from one occurrence of a series: this one, the following or all?
            if let occurrence = page.occurrence, occurrence.isRecurring, page.item.isRecurring {
                return askAboutSeries(intent, occurrence: occurrence, series: page.item)
            }
            edit(page.item)
        case .delete:
            if page.deletedOccurrence != nil {
                return .message(.error("This occurrence is deleted already. Press x to bring it back into its series."))
            }
            if page.readOnly { return .message(.error("History is read-only.")) }
            if let occurrence = page.occurrence, occurrence.isRecurring, page.item.isRecurring {
                return askAboutSeries(intent, occurrence: occurrence, series: page.item)
            }
            return askToDelete(page.item)
        case .toggleComplete:
            if let recurrenceID = page.deletedOccurrence, let occurrence = page.occurrence {
                return restore(recurrenceID, titled: occurrence.title, completed: false, of: page.item)
            }
            if page.readOnly { return reopen(page.item) }
            if page.item.isRecurring,
                let occurrence = page.occurrence.flatMap({ $0.isRecurring ? $0 : nil })
                    ?? (try? store.listedOccurrences(of: [page.item.id], at: clock.now()))?[page.item.id]
            {
                // The occurrence the page was opened from, else the one the list shows.
                return toggleOccurrence(occurrence, of: page.item)
            }
            return complete(page.item)
        case .back, .quitOrBack:
            screens.removeLast()
        case .moveDown:
            page.scroll(by: 1)
        case .moveUp:
            page.scroll(by: -1)
        case .pageDown:
            page.scroll(by: max(1, area.height - 2))
        case .pageUp:
            page.scroll(by: -max(1, area.height - 2))
        case .command(.nextAttachment):
            page.selectAttachment(by: 1)
        case .command(.previousAttachment):
            page.selectAttachment(by: -1)
        case .command(.openAttachment):
            return openAttachment(of: page)
        default:
            return .ignored
        }
        return .handled
    }

    /// Opens the page's chosen attachment with `opener`, and says which.
    private func openAttachment(of page: ItemDetailsPresenter) -> TabResponse {
        guard let attachment = page.chosenAttachment else { return .message(.error("This item has no attachments.")) }
        do {
            try opener.open(attachment)
            return .message(StatusMessage("Opening \(attachment.text)"))
        } catch {
            return .message(.error("Cannot open: \(error)"))
        }
    }

    private func handleForm(_ intent: Intent, _ form: ItemFormPresenter) -> TabResponse {
        settle(form.handle(intent), of: form)
    }

    /// Acts on what became of a form's intent or save.
    private func settle(_ outcome: ItemFormOutcome, of form: ItemFormPresenter) -> TabResponse {
        switch outcome {
        case .stay(let message):
            return message.map { .message($0) } ?? .handled
        case .saved(let item):
            screens.removeLast()
            saved = item
            let kept = form.keptFromElsewhere.map(\.name).joined(separator: ", ")
            return .message(StatusMessage(savedMessage(item, occurrence: form.recurrenceID)
                + (kept.isEmpty ? "" : "; kept the changes made elsewhere to \(kept)")))
        case .conflict(let conflict):
            return .ask(question(about: conflict, in: form))
        case .cancel(let changed):
            guard changed else {
                screens.removeLast()
                return .handled
            }
            return .ask(Question("Discard your changes to this \(form.kind.rawValue)?") { [weak self] in
                self?.screens.removeLast()
                return .message(StatusMessage("Changes discarded"))
            })
        }
    }

    /// Asks what to do about a save that met a change made elsewhere: keep mine, take theirs,
    /// or keep both (for a deleted item: bring it back with the changes, or let them go).
    /// Esc leaves the form open as typed.
    private func question(about conflict: ItemConflict, in form: ItemFormPresenter) -> Question {
        let wording = ConflictWording(conflict, dates: dates)
        return Question(wording.question, choices: wording.choices.map { choice in
            Question.Choice(choice.key, choice.label) { [weak self, weak form] in
                guard let self, let form, self.form === form else { return .handled }
                guard let resolution = choice.resolution else {
                    screens.removeLast()
                    return .message(StatusMessage(wording.discarded))
                }
                saved = nil
                let response = settle(form.save(resolving: resolution), of: form)
                if let saved { return .message(StatusMessage(wording.saved(saved, resolution))) }
                return response
            }
        })
    }

    /// What the status line says after a save: one occurrence of a series is named by its own
    /// title and its day.
    private func savedMessage(_ item: Item, occurrence recurrenceID: Date?) -> String {
        guard let recurrenceID else { return ItemFormPresenter.savedMessage(item) }
        let change = item.overrides.first { abs($0.recurrenceID.timeIntervalSince(recurrenceID)) < 0.5 }
        var named = item
        named.title = change?.title ?? item.title
        let when = " on " + dates.full(change?.start ?? recurrenceID, withTime: !item.allDay)
        let message = ItemFormPresenter.savedMessage(named)
        let head = "Saved \u{201C}\(named.title)\u{201D}"
        guard message.hasPrefix(head) else { return message + when }
        return head + when + message.dropFirst(head.count)
    }

    // MARK: - Actions

    /// Asks before deleting an item into History.
    public func askToDelete(_ item: Item) -> TabResponse {
        .ask(Question("Delete \(StatusMessage.quoted(item.title))? It goes to History as not completed.") { [weak self] in
            guard let self else { return .handled }
            return self.perform("Deleted \(StatusMessage.quoted(item.title)); it is in History as not completed") {
                try self.store.delete(id: item.id)
            }
        })
    }

    /// Completes an item: it leaves the list for History.
    public func complete(_ item: Item) -> TabResponse {
        perform("Completed \(StatusMessage.quoted(item.title)); it is in History (h)") {
            try store.complete(id: item.id)
        }
    }

    /// Sets a History item back to not completed: it returns to the list.
    public func reopen(_ item: Item) -> TabResponse {
        perform("\(StatusMessage.quoted(item.title)) is not completed and back in the list") {
            try store.reopen(id: item.id)
        }
    }

    /// `x` on History's row of one occurrence: puts it back in its series (a deleted one with
    /// the changes of its own it had).
    public func restore(_ occurrence: OccurrenceHistoryEntry, of series: Item) -> TabResponse {
        restore(occurrence.recurrenceID, titled: occurrence.title, completed: occurrence.status == .completed, of: series)
    }

    /// Puts one completed or deleted occurrence of `series` back (see `restore(_:of:)`).
    private func restore(_ recurrenceID: Date, titled title: String, completed: Bool, of series: Item) -> TabResponse {
        let when = dates.full(recurrenceID, withTime: !series.allDay)
        let outcome = completed ? "is not completed" : "is back in its series"
        return perform("\(StatusMessage.quoted(title)) on \(when) \(outcome)") {
            try store.restoreOccurrence(of: series.id, recurrenceID: recurrenceID)
        }
    }

    /// Runs a store change, leaves a details page about the changed item, and reports.
    private func perform(_ success: String, _ change: () throws -> Void) -> TabResponse {
        do {
            try change()
        } catch {
            return .message(.error("Not done: \(error)"))
        }
        if details != nil { screens.removeLast() }
        return .message(StatusMessage(success))
    }

    // MARK: - Mouse and drawing

    /// A mouse event on the screen on top: a click on a form's line focuses its field.
    public func mouse(_ event: MouseEvent, on field: ItemFormField?) -> TabResponse {
        guard let form, event.action == .click || event.action == .press, let field else { return .ignored }
        form.focus(on: field)
        return .handled
    }

    /// Draws the screen on top; a form's lines are click areas for their fields.
    public func render(into grid: inout Grid, area: Rect) -> Drawing<ItemFormField> {
        switch screens.last {
        case .details(let p):
            ItemDetailsView.render(p.viewState(), scroll: p.scroll, into: &grid, area: area)
        case .form(let p):
            return ItemFormView.render(p.viewState(), into: &grid, area: area)
        case nil:
            break
        }
        return Drawing()
    }
}
