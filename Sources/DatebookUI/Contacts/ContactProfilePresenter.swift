import DatebookKit
import DatebookTerminal
import Foundation

/// The logic of a contact's profile: every field of the contact, what the planner knows of the
/// person, and the events and tasks they take part in, past and coming. It scrolls as the item
/// details page does, and is drawn by the same view.
public final class ContactProfilePresenter {
    public private(set) var contact: Contact
    /// The items the person takes part in (organizer or attendee), by date.
    public private(set) var items: [Item] = []
    public private(set) var scroll = 0
    /// The size of the page's area, for scrolling.
    var area = Size(width: 80, height: 20)

    /// At most this many items are listed.
    static let itemLimit = 200

    private let store: ContactStore & ParticipantItemStore
    private let clock: Clock
    private let dates: DateText

    public init(contact: Contact, store: ContactStore & ParticipantItemStore, clock: Clock, dates: DateText) {
        self.contact = contact
        self.store = store
        self.clock = clock
        self.dates = dates
    }

    /// Reads the contact and their items again.
    func reload() throws {
        if let fresh = try store.contact(id: contact.id) { contact = fresh }
        items = try store.items(withParticipantEmails: contact.emails.map(\.value), limit: Self.itemLimit)
    }

    public func scroll(by lines: Int) {
        scroll = max(0, min(scroll + lines, ItemDetailsView.maximumScroll(viewState(), area: area)))
    }

    // MARK: - View state

    public func viewState() -> ItemDetailsViewState {
        let now = clock.now()
        var lines: [(String, String)] = []
        func add(_ label: String, _ values: [String]) {
            for (i, value) in values.enumerated() where !value.isEmpty {
                lines.append((i == 0 ? label : "", InertText.line(value)))
            }
        }
        func add(_ label: String, _ value: String) { add(label, [value]) }

        let c = contact
        if c.status == .deleted { add("Status", "Deleted; u in the Deleted list brings it back") }
        let names = [c.namePrefix, c.givenName, c.additionalNames, c.familyName, c.nameSuffix]
            .filter { !$0.isEmpty }.joined(separator: " ")
        if names != c.displayName { add("Names", names) }
        add("Nicknames", c.nicknames.joined(separator: ", "))
        add("E-mail", c.emails.map(Self.labelled))
        add("Phone", c.phones.map(Self.labelled))
        add("Organisation", ([c.organisation] + c.organisationUnits).filter { !$0.isEmpty }.joined(separator: ", "))
        add("Title", c.title)
        if let birthday = c.birthday { add("Birthday", birthdayText(birthday, now: now)) }
        if let address = c.address {
            let text = [address.poBox, address.extended, address.street, address.locality, address.postalCode,
                        address.region, address.country].filter { !$0.isEmpty }.joined(separator: ", ")
            add("Address", address.label.isEmpty ? text : "\(address.label): \(text)")
        }
        add("URL", c.url)
        add("Notes", c.notes.components(separatedBy: "\n"))
        if let photo = c.photo { add("Photo", Self.photoText(photo)) }
        add("Categories", c.categories.joined(separator: ", "))
        add("Relation", Self.relationText(c.relation))
        if let subscription = c.subscription {
            let stopped = c.relation == .blocked ? " (not read while blocked)" : ""
            add("Subscribed", subscription.source.description + stopped)
            add("Last read", subscription.lastRead.map { dates.full($0) } ?? "not yet")
            if let error = subscription.lastError { add("Last error", error) }
        } else {
            add("Subscribed", "no (s subscribes to their calendar)")
        }
        add("Created", dates.full(c.created))
        add("Changed", dates.full(c.changed))

        let (past, coming) = partition(items, now: now)
        add("Coming", coming.isEmpty ? ["nothing"] : coming.map(itemText))
        add("Past", past.isEmpty ? ["nothing"] : past.reversed().map(itemText))
        return ItemDetailsViewState(title: InertText.line(c.displayName), tone: .active, lines: lines,
                                    readOnly: false)
    }

    /// Items whose time is over, and those still to come (or without a date).
    private func partition(_ items: [Item], now: Date) -> (past: [Item], coming: [Item]) {
        var past: [Item] = []
        var coming: [Item] = []
        for item in items {
            let end = item.times.first.map { $0.end ?? $0.start } ?? item.due
            if let end, end < now { past.append(item) } else { coming.append(item) }
        }
        return (past, coming)
    }

    private func itemText(_ item: Item) -> String {
        let when = item.sortDate.map { dates.full($0, withTime: !item.allDay) } ?? "no date"
        let done = item.status == .completed ? " (completed)" : ""
        return "\(when)  \(item.title)\(done)"
    }

    /// `1990-04-23, turns 37 on Fri 23 Apr 2027`, `--04-23, next on …`, `…, 36 today`.
    func birthdayText(_ birthday: Birthday, now: Date) -> String {
        let calendar = dates.calendar
        let today = calendar.startOfDay(for: now)
        let year = calendar.component(.year, from: today)
        var next: Date?
        for candidate in year...(year + 8) {
            // 29 February in a year without it: the person celebrates on 1 March.
            var parts = DateComponents(year: candidate, month: birthday.month, day: birthday.day)
            if birthday.month == 2, birthday.day == 29, Birthday(year: candidate, month: 2, day: 29) == nil {
                parts = DateComponents(year: candidate, month: 3, day: 1)
            }
            if let date = calendar.date(from: parts), date >= today {
                next = date
                break
            }
        }
        guard let next else { return birthday.description }
        let nextYear = calendar.component(.year, from: next)
        if next == today {
            return birthday.age(in: nextYear).map { "\(birthday), \($0) today" } ?? "\(birthday), today"
        }
        let day = dates.full(next, withTime: false)
        return birthday.age(in: nextYear).map { "\(birthday), turns \($0) on \(day)" }
            ?? "\(birthday), next on \(day)"
    }

    static func labelled(_ value: LabelledValue) -> String {
        value.label.isEmpty ? value.value : "\(value.label): \(value.value)"
    }

    static func photoText(_ photo: ContactPhoto) -> String {
        switch photo {
        case .reference(let path):
            return path
        case .inline(let data, let mediaType):
            let kilobytes = max(1, (data.count + 512) / 1024)
            return "inline \(mediaType), \(kilobytes) KB"
        }
    }

    static func relationText(_ relation: ContactRelation) -> String {
        switch relation {
        case .none: "none"
        case .friend: "friend"
        case .requestReceived: "request received (a accepts, d declines, in Requests)"
        case .requestSent: "request sent, pending"
        case .blocked: "blocked (b unblocks)"
        }
    }
}
