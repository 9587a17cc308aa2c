import DatebookKit
import DatebookTerminal
import Foundation

extension NewEntry.ID {
    public static let contact = NewEntry.ID("contact")
}

/// The Contacts tab: the lists (All, Requests, Blocked, Deleted) with their filter, and the
/// screens pushed over them: a contact's profile, the contact form, the question that takes a
/// subscription, and the new-event form an invitation opens.
public final class ContactsCoordinator: TabCoordinator {
    /// What a click in the tab means.
    public enum ClickTarget {
        /// A row of the list, by its index.
        case row(Int)
        /// A field of the contact form.
        case field(ContactDraft.Field)
        /// A field of the item form (an invitation).
        case itemField(ItemFormField)
    }

    /// One screen pushed over the list.
    enum Screen {
        case profile(ContactProfilePresenter)
        case form(ContactFormPresenter)
        /// The question that takes the file or URL to subscribe a contact to.
        case subscribe(Contact, TextField)
    }

    public let list: ContactListPresenter
    /// The new-event form an invitation opens.
    public let flow: ItemFlow
    var screens: [Screen] = []
    /// True while the filter line has the keyboard.
    public private(set) var filtering = false
    /// True when the store changed since the profiles were read.
    private var stale = false
    let store: DatebookStore
    /// Reads a subscription's feed (signed in to the sync accounts' servers).
    let feeds: @Sendable (TimeInterval) -> FeedFetcher
    let clock: Clock
    let ids: IDSource
    let dates: DateText
    var area = Size(width: 80, height: 20)

    public init(context: TabContext) {
        store = context.store
        clock = context.clock
        ids = context.ids
        dates = context.dates
        feeds = context.feeds
        list = ContactListPresenter(store: context.store)
        flow = ItemFlow(store: context.store, clock: context.clock, ids: context.ids, dates: context.dates)
    }

    public var mode: Mode {
        if let mode = flow.mode { return mode }
        switch screens.last {
        case .profile: return .contactProfile
        case .form: return .contactForm
        case .subscribe: return .contactSubscribe
        case nil: break
        }
        if filtering { return .contactFilter }
        switch list.list {
        case .requests: return .contactRequests
        case .deleted: return .deletedContacts
        case .all, .blocked: return .contacts
        }
    }

    /// The profile on top, if one is showing.
    public var profile: ContactProfilePresenter? {
        if case .profile(let page) = screens.last { return page }
        return nil
    }

    /// The contact form on top, if one is showing.
    public var form: ContactFormPresenter? {
        if case .form(let form) = screens.last { return form }
        return nil
    }

    public func startNew(_ entry: NewEntry.ID) -> TabResponse {
        if entry == .contact {
            if flow.isEmpty { openForm(editing: nil) }
            return .handled
        }
        return flow.startNew(entry)
    }

    // MARK: - Reading

    public func storeDidChange(_ changes: StoreChanges) {
        if changes.contacts > 0 || changes.external { list.storeDidChange() }
        stale = true
    }

    public func prepare() -> TabResponse {
        do {
            if stale {
                stale = false
                try flow.reload()
                for case .profile(let page) in screens { try page.reload() }
            }
            try list.refresh()
            return .handled
        } catch {
            return .message(.error("Cannot read the database: \(error)"))
        }
    }

    public func resize(to area: Rect) {
        self.area = Size(width: area.width, height: area.height)
        list.viewportHeight = max(1, area.height - ContactListView.headerHeight)
        for case .profile(let page) in screens { page.area = self.area }
        flow.resize(to: area)
    }

    // MARK: - Intents

    public func handle(_ intent: Intent) -> TabResponse {
        if !flow.isEmpty { return flow.handle(intent) }
        switch screens.last {
        case .profile(let page): return handleProfile(intent, page)
        case .form(let form): return settle(form.handle(intent), of: form)
        case .subscribe(let contact, let field): return handleSubscribe(intent, contact, field)
        case nil: return filtering ? handleFilter(intent) : handleList(intent)
        }
    }

    private func handleFilter(_ intent: Intent) -> TabResponse {
        if list.edit(intent) { return .handled }
        switch intent {
        case .submit:
            filtering = false
        case .back:
            list.clearFilter()
            filtering = false
        default:
            return .ignored
        }
        return .handled
    }

    private func handleList(_ intent: Intent) -> TabResponse {
        if list.move(intent) { return .handled }
        switch intent {
        case .command(.contactFilter): filtering = true
        case .command(.contactClearFilter): list.clearFilter()
        case .command(.contactPreviousList): list.switchList(by: -1)
        case .command(.contactNextList): list.switchList(by: 1)
        case .command(.contactAdd): openForm(editing: nil)
        case .quitOrBack: return .quit
        case .open:
            guard let contact = selectedContact() else { return .ignored }
            return openProfile(of: contact)
        case .command(.contactAccept), .command(.contactDecline):
            guard let contact = selectedContact() else { return .ignored }
            return answerRequest(of: contact, accept: intent == .command(.contactAccept))
        case .command(.contactRestore):
            guard let contact = selectedContact() else { return .ignored }
            return perform("\(StatusMessage.quoted(contact.displayName)) is back in the address book") {
                try self.store.restoreContact(id: contact.id)
            }
        default:
            guard let contact = selectedContact() else { return .ignored }
            return act(intent, on: contact)
        }
        return .handled
    }

    /// Pushes a contact's profile.
    private func openProfile(of contact: Contact) -> TabResponse {
        let page = ContactProfilePresenter(contact: contact, store: store, clock: clock, dates: dates)
        page.area = area
        do {
            try page.reload()
        } catch {
            return .message(.error("Cannot read the database: \(error)"))
        }
        screens.append(.profile(page))
        return .handled
    }

    /// Opens a contact's profile from elsewhere (an activity, a search result); a form open
    /// in the tab stays under it.
    public func reveal(_ id: UUID) -> Bool {
        guard let contact = try? store.contact(id: id) else { return false }
        if case .profile(let page) = screens.last, page.contact.id == id { return true }
        if case .handled = openProfile(of: contact) { return true }
        return false
    }

    private func handleProfile(_ intent: Intent, _ page: ContactProfilePresenter) -> TabResponse {
        switch intent {
        case .back, .quitOrBack: screens.removeLast()
        case .moveDown: page.scroll(by: 1)
        case .moveUp: page.scroll(by: -1)
        case .pageDown: page.scroll(by: max(1, area.height - 2))
        case .pageUp: page.scroll(by: -max(1, area.height - 2))
        case .command(.contactAdd): openForm(editing: nil)
        default: return act(intent, on: page.contact)
        }
        return .handled
    }

    /// The actions on one contact, the same from the list and from its profile.
    func act(_ intent: Intent, on contact: Contact) -> TabResponse {
        let acts: Set<Intent> = [.edit, .delete, .command(.contactBlock), .command(.contactSubscribe),
                                 .command(.contactInvite), .command(.contactRequest)]
        if contact.status == .deleted, acts.contains(intent) {
            return .message(.error("\(StatusMessage.quoted(contact.displayName)) is deleted: u in the Deleted list brings it back."))
        }
        switch intent {
        case .edit:
            openForm(editing: contact)
            return .handled
        case .delete: return askToDelete(contact)
        case .command(.contactBlock): return toggleBlock(contact)
        case .command(.contactSubscribe): return subscribeOrAsk(contact)
        case .command(.contactInvite): return invite(contact)
        case .command(.contactRequest): return send(.request, to: contact)
        default: return .ignored
        }
    }

    /// The selected contact, read whole.
    func selectedContact() -> Contact? {
        guard let id = list.selected?.id else { return nil }
        return try? store.contact(id: id)
    }

    // MARK: - Mouse

    public func mouse(_ event: MouseEvent, on target: ClickTarget?) -> TabResponse {
        if !flow.isEmpty {
            guard case .itemField(let field) = target else { return flow.mouse(event, on: nil) }
            return flow.mouse(event, on: field)
        }
        switch screens.last {
        case .form(let form):
            guard event.action == .click || event.action == .press, case .field(let field) = target else {
                return .ignored
            }
            form.focus(on: field)
            return .handled
        case .profile(let page):
            switch event.action {
            case .wheelUp: page.scroll(by: -3)
            case .wheelDown: page.scroll(by: 3)
            default: return .ignored
            }
            return .handled
        case .subscribe:
            return .ignored
        case nil:
            break
        }
        switch event.action {
        case .wheelUp:
            for _ in 0..<3 { list.move(.moveUp) }
        case .wheelDown:
            for _ in 0..<3 { list.move(.moveDown) }
        case .click, .press, .doubleClick:
            guard case .row(let index) = target else { return .ignored }
            filtering = false
            list.select(index: index)
            if event.action == .doubleClick { return handle(.open) }
        case .release:
            break
        }
        return .handled
    }

    // MARK: - Drawing

    public func render(into grid: inout Grid, area: Rect) -> Drawing<ClickTarget> {
        if !flow.isEmpty { return flow.render(into: &grid, area: area).map(ClickTarget.itemField) }
        switch screens.last {
        case .profile(let page):
            ItemDetailsView.render(page.viewState(), scroll: page.scroll, into: &grid, area: area)
            return Drawing()
        case .form(let form):
            return ContactFormView.render(form.viewState(), into: &grid, area: area).map(ClickTarget.field)
        case .subscribe(let contact, let field):
            return SubscribePromptView.render(name: contact.displayName, field: field, into: &grid, area: area)
                .map { never -> ClickTarget in switch never {} }
        case nil:
            var state = list.viewState(height: area.height - ContactListView.headerHeight)
            state.filtering = filtering
            return ContactListView.render(state, into: &grid, area: area).map(ClickTarget.row)
        }
    }
}
