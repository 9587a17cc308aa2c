import DatebookKit
import Foundation

/// What the Contacts tab does to a contact: the form, delete, block, answer a request, invite.
extension ContactsCoordinator {
    func openForm(editing contact: Contact?) {
        screens.append(.form(ContactFormPresenter(editing: contact, store: store, clock: clock, ids: ids,
                                                  dates: dates)))
    }

    func settle(_ outcome: ContactFormOutcome, of form: ContactFormPresenter) -> TabResponse {
        switch outcome {
        case .stay(let message):
            return message.map { .message($0) } ?? .handled
        case .saved(let contact):
            screens.removeLast()
            list.storeDidChange()
            if (try? list.select(id: contact.id)) != true, list.list != .all {
                // Saved where this list does not show it: show it in All.
                list.show(.all)
                _ = try? list.select(id: contact.id)
            }
            return .message(StatusMessage("Saved \(StatusMessage.quoted(contact.displayName))"))
        case .cancel(let changed):
            guard changed else {
                screens.removeLast()
                return .handled
            }
            return .ask(Question("Discard your changes to this contact?") { [weak self] in
                self?.screens.removeLast()
                return .message(StatusMessage("Changes discarded"))
            })
        }
    }

    func askToDelete(_ contact: Contact) -> TabResponse {
        let name = StatusMessage.quoted(contact.displayName)
        return .ask(Question("Delete \(name)? It goes to Deleted, where u brings it back.") { [weak self] in
            guard let self else { return .handled }
            let response = perform("Deleted \(name); it is in the Deleted list ( ] )") {
                try self.store.deleteContact(id: contact.id)
            }
            if profile?.contact.id == contact.id { screens.removeLast() }
            return response
        })
    }

    func toggleBlock(_ contact: Contact) -> TabResponse {
        let name = StatusMessage.quoted(contact.displayName)
        if contact.relation == .blocked {
            do {
                let again = try store.unblock(id: contact.id)
                let what: String = switch again {
                case .friend: " (a friend again)"
                case .requestReceived: " (their request waits again)"
                case .requestSent: " (your request is pending again)"
                case .none, .blocked: ""
                }
                return .message(StatusMessage("Unblocked \(name)\(what)"))
            } catch {
                return .message(.error("Not done: \(error)"))
            }
        }
        return perform("Blocked \(name): invitations and requests from them are ignored until you unblock them; nothing of theirs is deleted") {
            try self.store.block(id: contact.id)
        }
    }

    func answerRequest(of contact: Contact, accept: Bool) -> TabResponse {
        switch (contact.relation, accept) {
        case (.requestReceived, true): return send(.accept, to: contact)
        case (.requestReceived, false): return send(.decline, to: contact)
        case (.requestSent, true):
            return .message(.error("\(StatusMessage.quoted(contact.displayName)) has not answered your request yet (pending)."))
        case (.requestSent, false): return send(.withdraw, to: contact)
        default: return .ignored
        }
    }

    /// Sends a contact request or an answer: what I know of them changes, and the message waits
    /// in the outbox for the next sync. Before "me" is set, an answer changes only this database.
    func send(_ kind: ContactMessage.Kind, to contact: Contact) -> TabResponse {
        let name = StatusMessage.quoted(contact.displayName)
        let done: String
        switch kind {
        case .request: done = contact.relation == .requestReceived ? "\(name) is a friend now" : "Asked \(name) to be contacts (pending)"
        case .accept: done = "\(name) is a friend now"
        case .decline: done = "Declined \(name)'s request; the contact stays in All"
        case .withdraw: done = "Withdrew your request to \(name)"
        }
        do {
            let me = try store.me()
            let address = contact.emails.first.map(\.value).flatMap { Contact.isEmailAddress($0) ? $0 : nil }
            if kind != .request, me == nil || address == nil {
                // An answer to a request that came another way: settled here only.
                try store.setRelation(kind == .accept ? .friend : .none, of: contact.id)
                let why = me == nil ? "until you set who you are (datebook me)" : "(no e-mail address)"
                return .message(StatusMessage("\(done); they are not told \(why)"))
            }
            guard let me else {
                return .message(.error("Say who you are first (datebook me --name NAME --email ADDRESS): the request is sent from you"))
            }
            try ContactInbox.send(kind, to: contact, as: me, store: store, outbox: store.outbox, now: clock.now())
        } catch {
            return .message(.error("Not done: \(error)"))
        }
        return .message(StatusMessage("\(done); the message goes at the next sync (S)"))
    }

    /// `i`: the new-event form with the contact as an attendee (their name and first e-mail).
    func invite(_ contact: Contact) -> TabResponse {
        let name = StatusMessage.quoted(contact.displayName)
        if contact.relation == .blocked { return .message(.error("\(name) is blocked: unblock them (b) to invite them.")) }
        guard let email = contact.emails.first?.value else {
            flow.startNew(.event, title: "With \(contact.displayName)")
            return .message(StatusMessage("\(name) has no e-mail address: named in the title, not invited"))
        }
        flow.startNew(.event, attendees: [Participant(address: "mailto:" + email, name: contact.displayName,
                                                      role: "REQ-PARTICIPANT", status: "NEEDS-ACTION")])
        return .handled
    }

    /// Runs a store change and reports it.
    func perform(_ success: String, _ change: () throws -> Void) -> TabResponse {
        do {
            try change()
        } catch {
            return .message(.error("Not done: \(error)"))
        }
        return .message(StatusMessage(success))
    }
}
