import DatebookKit
import DatebookTerminal
import Foundation

/// The Meetings tab: the Invitations, Hosting and Coming lists; one meeting's slots, tallies
/// and answers; voting; and the questions it asks (a file to read, who I am).
///
/// Every change goes through `MeetingActions`, which writes the meeting and the messages to
/// send; the status line says where they are and whom to send them to.
public final class MeetingsCoordinator: TabCoordinator {
    /// What a click in the tab means.
    public enum ClickTarget {
        /// A meeting's row, by its index in the list.
        case row(Int)
        /// A field of the form on screen.
        case field(ItemFormField)
        /// A field of the group-meeting form.
        case meetingField(MeetingDraft.Field)
    }

    /// What the tab asks for on its prompt line.
    enum Question: Equatable {
        case inboxFile
        case myName
        case myEmail(name: String)

        var label: String {
            switch self {
            case .inboxFile: return "Read the invitation or reply in file: "
            case .myName: return "Your name (meetings show it to others): "
            case .myEmail: return "Your e-mail address (replies are matched by it): "
            }
        }
    }

    public let presenter: MeetingsPresenter
    /// The item screens (the New menu's forms) pushed over the tab.
    public let flow: ItemFlow
    /// The meeting open, when one is.
    public private(set) var details: MeetingDetailsState?
    /// The area the open meeting's page is drawn in, for a screenful's scroll.
    private var detailsArea = Rect(x: 0, y: 0, width: 80, height: 24)
    /// The group-meeting form, over the list or the meeting, while open.
    public private(set) var form: MeetingFormPresenter?
    private(set) var question: Question?
    private(set) var field = TextField()
    /// What the user was doing when the tab asked who they are (saving the form, voting,
    /// reading a file): done once they have said it, instead of asking for the key again.
    private var afterIdentity: (() -> TabResponse)?
    private let store: DatebookStore
    private let clock: Clock
    private let dates: DateText
    private var stale = false

    public init(context: TabContext) {
        store = context.store
        clock = context.clock
        dates = context.dates
        presenter = MeetingsPresenter(store: context.store, clock: context.clock)
        flow = ItemFlow(store: context.store, clock: context.clock, ids: context.ids, dates: context.dates)
    }

    public var mode: Mode {
        if let mode = flow.mode { return mode }
        if question != nil { return .meetingPrompt }
        if form != nil { return .meetingForm }
        if let details { return details.votes != nil ? .meetingVote : .meetingDetails }
        return .meetings
    }

    public func startNew(_ entry: NewEntry.ID) -> TabResponse {
        guard entry == .groupMeeting else { return flow.startNew(entry) }
        form = MeetingFormPresenter(store: store, clock: clock, dates: dates)
        return .handled
    }

    // MARK: - Reading

    public func storeDidChange(_ changes: StoreChanges) {
        presenter.storeDidChange()
        stale = true
    }

    public func prepare() -> TabResponse {
        do {
            if stale {
                try flow.reload()
                if let open = details {
                    if let meeting = try store.meeting(id: open.meeting.id) {
                        details?.meeting = meeting
                        details?.cursor = min(open.cursor, max(0, meeting.slots.count - 1))
                    } else {
                        details = nil
                    }
                }
                stale = false
            }
            try presenter.refresh()
            return .handled
        } catch {
            return .message(.error("Cannot read the database: \(error)"))
        }
    }

    public func resize(to area: Rect) {
        detailsArea = area
        presenter.viewportHeight = max(1, area.height - MeetingsView.headerHeight - 1)
        flow.resize(to: area)
    }

    public func reveal(_ id: UUID) -> Bool {
        guard let meeting = try? store.meeting(id: id) else { return false }
        question = nil
        let cursor = meeting.slots.firstIndex { $0.id == (meeting.confirmedSlot?.id ?? MeetingTally(meeting).best) } ?? 0
        details = MeetingDetailsState(meeting: meeting, me: try? store.me(), cursor: cursor)
        return true
    }

    // MARK: - Intents

    public func handle(_ intent: Intent) -> TabResponse {
        if !flow.isEmpty { return flow.handle(intent) }
        if question != nil { return answer(intent) }
        if form != nil { return handleForm(intent) }
        if details?.votes != nil { return handleVote(intent) }
        if details != nil { return handleDetails(intent) }
        return handleList(intent)
    }

    private func handleList(_ intent: Intent) -> TabResponse {
        if presenter.move(intent) { return .handled }
        switch intent {
        case .command(.meetingsPreviousList): presenter.switchList(by: -1)
        case .command(.meetingsNextList): presenter.switchList(by: 1)
        case .open: return open(voting: false)
        case .command(.meetingVote): return open(voting: true)
        case .command(.meetingConfirm):
            let response = open(voting: false)
            guard details != nil else { return response }
            return details?.meeting.hostedByMe == true
                ? .message(StatusMessage("Choose the time with ↑/↓, then press c to confirm it"))
                : .message(.error("Only the host confirms a time"))
        case .command(.meetingRefuse), .command(.meetingAccept), .command(.meetingCancel):
            guard let id = presenter.selected?.id, let meeting = try? store.meeting(id: id) else { return .handled }
            return act(intent, on: meeting, slot: nil)
        case .command(.meetingInbox): ask(.inboxFile)
        case .edit:
            guard let id = presenter.selected?.id, let meeting = try? store.meeting(id: id) else { return .handled }
            return edit(meeting)
        case .command(.meetingMe): ask(.myName, prefill: (try? store.me())?.name ?? "")
        case .quitOrBack: return .quit
        default: return .ignored
        }
        return .handled
    }

    /// Opens the selected meeting (in voting when asked), its cursor on the best slot.
    private func open(voting: Bool) -> TabResponse {
        guard let id = presenter.selected?.id else { return .handled }
        do {
            guard let meeting = try store.meeting(id: id) else { return .handled }
            let me = try store.me()
            let best = MeetingTally(meeting).best
            let cursor = meeting.slots.firstIndex { $0.id == (meeting.confirmedSlot?.id ?? best) } ?? 0
            details = MeetingDetailsState(meeting: meeting, me: me, cursor: cursor)
            if voting { return startVoting() }
            return .handled
        } catch {
            return .message(.error("Cannot read the meeting: \(error)"))
        }
    }

    private func handleDetails(_ intent: Intent) -> TabResponse {
        guard let open = details else { return .ignored }
        if scrollDetails(intent) { return .handled }
        switch intent {
        case .moveUp: details?.cursor = max(0, open.cursor - 1)
        case .moveDown: details?.cursor = min(max(0, open.meeting.slots.count - 1), open.cursor + 1)
        case .back, .quitOrBack: details = nil
        case .command(.meetingVote): return startVoting()
        case .edit: return edit(open.meeting)
        case .command(.meetingRefuse), .command(.meetingAccept), .command(.meetingCancel), .command(.meetingConfirm):
            return act(intent, on: open.meeting, slot: open.slot)
        default: return .ignored
        }
        return .handled
    }

    /// The page of the open meeting: PgDn and PgUp scroll it a screen, and the cursor's slot
    /// shows again once the cursor moves (true when `intent` was one of these).
    private func scrollDetails(_ intent: Intent) -> Bool {
        guard let open = details else { return false }
        switch intent {
        case .moveUp, .moveDown:
            details?.followsCursor = true
            return false
        case .pageDown, .pageUp:
            let (lines, cursor) = MeetingDetailsView.layout(open, dates: dates, now: clock.now(), width: detailsArea.width)
            let first = MeetingDetailsView.firstLine(open, lines: lines.count, cursor: cursor, height: detailsArea.height)
            let page = max(1, detailsArea.height - 2)
            details?.scroll = max(0, first + (intent == .pageDown ? page : -page))
            details?.followsCursor = false
            return true
        default:
            return false
        }
    }

    private func startVoting() -> TabResponse {
        guard let open = details else { return .handled }
        guard open.me != nil else {
            askWhoIAm(then: { [unowned self] in self.startVoting() })
            return .message(StatusMessage("Say who you are first; then you vote"))
        }
        guard open.meeting.state == .polling else {
            return .message(.error(open.meeting.state == .cancelled ? "The meeting was cancelled"
                : "The time is chosen already: accept it with a, or refuse with r"))
        }
        guard let mine = open.meeting.mine(open.me) else {
            return .message(.error(open.meeting.hostedByMe ? "You host this meeting; your invitees vote"
                : "You are not among this meeting's invitees"))
        }
        details?.votes = mine.answer.votes
        return .message(StatusMessage("Space or → changes the vote on a time (y yes, m if need be, n no); Enter saves"))
    }

    private func handleVote(_ intent: Intent) -> TabResponse {
        guard let open = details, let slot = open.slot else { return .ignored }
        if scrollDetails(intent) { return .handled }
        switch intent {
        case .moveUp: details?.cursor = max(0, open.cursor - 1)
        case .moveDown: details?.cursor = min(open.meeting.slots.count - 1, open.cursor + 1)
        case .command(.voteCycle): details?.votes?[slot.id] = open.votes?[slot.id]?.toggled ?? .yes
        case .command(.voteYes): details?.votes?[slot.id] = .yes
        case .command(.voteMaybe): details?.votes?[slot.id] = .maybe
        case .command(.voteNo): details?.votes?[slot.id] = .no
        case .back, .quitOrBack: details?.votes = nil
        case .save:
            let votes = open.votes ?? [:]
            guard !votes.isEmpty else { return .message(.error("Vote on at least one time first (space or y/m/n)")) }
            let response = perform(open.meeting, said: { "Voted on “\($0)”" }) { meeting, me in
                try meeting.vote(votes, by: me.email, at: clock.now())
            }
            if case .message(let message) = response, message.kind == .error { return response }
            details?.votes = nil
            return response
        default: return .ignored
        }
        return .handled
    }

    /// A refusal, an acceptance, a confirmation or a cancel, asked first where it cannot be
    /// taken back.
    private func act(_ intent: Intent, on meeting: Meeting, slot: MeetingSlot?) -> TabResponse {
        let title = InertText.line(meeting.title)
        switch intent {
        case .command(.meetingAccept):
            return perform(meeting, said: { "Going to “\($0)”" }) { meeting, me in try meeting.accept(by: me.email) }
        case .command(.meetingRefuse):
            return .ask(Question_("Refuse “\(title)”?") { [self] in
                perform(meeting, said: { "Refused “\($0)”" }) { meeting, me in try meeting.refuse(by: me.email) }
            })
        case .command(.meetingCancel):
            guard meeting.hostedByMe else { return .message(.error("Only the host cancels a meeting")) }
            guard meeting.state != .cancelled else { return .message(.error("“\(title)” is cancelled already")) }
            return .ask(Question_("Cancel “\(title)” for everyone?") { [self] in
                perform(meeting, said: { "Cancelled “\($0)”" }) { meeting, _ in try meeting.cancel() }
            })
        case .command(.meetingConfirm):
            guard meeting.hostedByMe else { return .message(.error("Only the host confirms a time")) }
            guard meeting.state != .cancelled else {
                return .message(.error("“\(title)” is cancelled: there is no time to confirm"))
            }
            guard let slot else { return .handled }
            let when = dates.day(slot.start) + " " + dates.time(slot.start) + "-" + dates.time(slot.end)
            return .ask(Question_("Confirm “\(title)” on \(when)? It goes into your calendar.") { [self] in
                perform(meeting, said: { "Confirmed “\($0)” on \(when)" }) { meeting, _ in
                    try meeting.confirm(slot: slot.id)
                }
            })
        default:
            return .ignored
        }
    }

    /// Applies a change as me, writes the messages it asks for, and says what to send where.
    private func perform(_ meeting: Meeting, said: (String) -> String,
                         _ change: (inout Meeting, Me) throws -> Void) -> TabResponse {
        do {
            let result = try MeetingActions.perform(on: store, outbox: store.outbox, find: { batch in
                try batch.meeting(id: meeting.id)
            }, now: clock.now(), change)
            details?.meeting = result.meeting
            return .message(StatusMessage(said(InertText.line(result.meeting.title)) + "." + sending(result.sent)))
        } catch MeetingError.noMe {
            ask(.myName)
            return .message(StatusMessage("Say who you are first; then try again"))
        } catch {
            return .message(.error("\(error)"))
        }
    }

    /// What the status line says of the messages a change wrote: with a sync account, that the
    /// next sync delivers them; else the one file and whom it goes to, or how many wait in the
    /// outbox.
    private func sending(_ sent: [(path: String, recipient: MeetingPerson)]) -> String {
        if !sent.isEmpty, let sync = store as? SyncStateStore, !((try? sync.syncAccounts()) ?? []).isEmpty {
            return sent.count == 1 ? " The message to \(sent[0].recipient.email) goes at the next sync (S)."
                : " \(sent.count) messages go at the next sync (S)."
        }
        if sent.count == 1, let (path, recipient) = sent.first { return " Send \(path) to \(recipient.email)." }
        return sent.isEmpty ? "" : " \(sent.count) messages to send are in \(store.outbox.folder)."
    }

    // MARK: - The form

    private func edit(_ meeting: Meeting) -> TabResponse {
        guard meeting.hostedByMe else { return .message(.error("Only the host changes a meeting")) }
        guard meeting.state != .cancelled else { return .message(.error("The meeting was cancelled")) }
        form = MeetingFormPresenter(editing: meeting, store: store, clock: clock, dates: dates)
        return .handled
    }

    private func handleForm(_ intent: Intent) -> TabResponse {
        guard let form else { return .ignored }
        switch intent {
        case .back, .quitOrBack:
            guard form.hasChanges else {
                self.form = nil
                return .handled
            }
            return .ask(Question_("Drop this meeting's changes?") { [self] in
                self.form = nil
                return .handled
            })
        case .save:
            return saveForm(form)
        default:
            form.handle(intent)
            return .handled
        }
    }

    /// Saves the form's meeting as mine and writes its messages; problems stay in the form.
    private func saveForm(_ form: MeetingFormPresenter) -> TabResponse {
        do {
            guard let me = try store.me() else {
                askWhoIAm(then: { [unowned self] in self.form.map(self.saveForm) ?? .handled })
                return .message(StatusMessage("Say who you are first (invitees see it); then the meeting is saved"))
            }
            guard var meeting = form.build(me: me, id: UUID()) else {
                let count = form.problems.count
                return .message(.error(count == 1 ? "Cannot save: \(form.problems.values.first!)"
                    : "Cannot save: \(count) fields need attention"))
            }
            if let original = form.original, meeting != original { meeting.sequence = original.sequence + 1 }
            let isNew = form.original == nil
            let result = try MeetingActions.perform(on: store, outbox: store.outbox, find: { batch in
                try batch.meeting(id: meeting.id) ?? meeting
            }, now: clock.now()) { stored, _ in stored = meeting }
            self.form = nil
            presenter.storeDidChange()
            // A new meeting is shown where it now is: among those I host, selected.
            if isNew && details == nil { try presenter.reveal(result.meeting.id, in: .hosting) }
            if details != nil { details?.meeting = result.meeting }
            let text = (isNew ? "Created" : "Changed") + " “\(InertText.line(result.meeting.title))”."
            return .message(StatusMessage(text + sending(result.sent)))
        } catch {
            return .message(.error("Not saved: \(error). Your text is still in the form."))
        }
    }

    // MARK: - Questions

    private func ask(_ question: Question, prefill: String = "") {
        self.question = question
        field = TextField(prefill)
    }

    /// Asks for my name and address, then goes on with `next`.
    private func askWhoIAm(then next: @escaping () -> TabResponse) {
        afterIdentity = next
        ask(.myName)
    }

    private func answer(_ intent: Intent) -> TabResponse {
        guard let question else { return .ignored }
        switch intent {
        case .back:
            self.question = nil
            afterIdentity = nil
            return .handled
        case .submit:
            let text = field.text.trimmingCharacters(in: .whitespaces)
            switch question {
            case .inboxFile: return readInbox(path: text)
            case .myName:
                guard !text.isEmpty else { return .message(.error("Type your name")) }
                ask(.myEmail(name: text), prefill: (try? store.me())?.email ?? "")
                return .handled
            case .myEmail(let name):
                do {
                    try store.setMe(Me(name: name, email: text))
                    self.question = nil
                    details?.me = try store.me()
                    presenter.storeDidChange()
                    if let next = afterIdentity {
                        afterIdentity = nil
                        return next()
                    }
                    return .message(StatusMessage("You are \(name) <\(text)>"))
                } catch {
                    // What was typed stays, to be corrected.
                    return .message(.error("\(error)"))
                }
            }
        default:
            guard field.apply(intent) else { return .ignored }
            return .handled
        }
    }

    private func readInbox(path: String) -> TabResponse {
        guard !path.isEmpty else { return .message(.error("Type the path of a file someone sent you")) }
        let expanded = HomeFolder.expanding(path)
        do {
            guard try store.me() != nil else {
                askWhoIAm(then: { [unowned self] in self.readInbox(path: path) })
                return .message(StatusMessage("Say who you are first; then the file is read"))
            }
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: expanded))
            } catch {
                return .message(.error("Cannot read \(path): \(UnreadableFile.reason(expanded, error))"))
            }
            let messages = try ITIPReader.read(data)
            let outcomes = try store.writeMeetings { batch in try messages.map { try MeetingInbox.apply($0, in: batch) } }
            question = nil
            presenter.storeDidChange()
            return .message(StatusMessage(outcomes.map(\.summary).joined(separator: "; ")))
        } catch {
            return .message(.error("\(path): \(error)"))
        }
    }

    // MARK: - Drawing

    public func render(into grid: inout Grid, area: Rect) -> Drawing<ClickTarget> {
        if !flow.isEmpty { return flow.render(into: &grid, area: area).map(ClickTarget.field) }
        var drawing: Drawing<ClickTarget>
        if let form {
            drawing = MeetingFormView.render(form, into: &grid, area: area).map(ClickTarget.meetingField)
        } else if let details {
            _ = MeetingDetailsView.render(details, dates: dates, now: clock.now(), into: &grid, area: area)
            drawing = Drawing()
        } else {
            drawing = MeetingsView.render(presenter.viewState(now: clock.now(), dates: dates), into: &grid, area: area)
                .map(ClickTarget.row)
        }
        if let question {
            let y = area.maxY - 1
            grid.fill(Rect(x: area.x, y: y, width: area.width, height: 1))
            let width = grid.put(" " + question.label, x: area.x, y: y, style: Theme.heading, maxWidth: area.width)
            let x = field.render(into: &grid, x: area.x + width, y: y, width: area.width - width - 1,
                                 style: Theme.focusedField)
            drawing.cursor = Point(x: x, y: y)
        }
        return drawing
    }

    public func mouse(_ event: MouseEvent, on target: ClickTarget?) -> TabResponse {
        if !flow.isEmpty {
            guard case .field(let field) = target else { return flow.mouse(event, on: nil) }
            return flow.mouse(event, on: field)
        }
        if let form, question == nil {
            if case .meetingField(let field) = target, event.action == .click || event.action == .press {
                form.focus(on: field)
                return .handled
            }
            return .ignored
        }
        guard details == nil, question == nil else { return .ignored }
        switch event.action {
        case .wheelUp: for _ in 0..<3 { presenter.move(.moveUp) }
        case .wheelDown: for _ in 0..<3 { presenter.move(.moveDown) }
        case .click, .press, .doubleClick:
            guard case .row(let index) = target, index >= 0 else { return .ignored }
            presenter.move(.moveTop)
            for _ in 0..<index { presenter.move(.moveDown) }
            if event.action == .doubleClick { return handle(.open) }
        case .release: break
        }
        return .handled
    }
}

/// The tab-level yes/no question (`TabResponse.ask`), named apart from the tab's own prompts.
typealias Question_ = DatebookUI.Question
