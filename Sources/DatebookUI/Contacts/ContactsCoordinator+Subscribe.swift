import DatebookKit
import Foundation

/// Subscribing a contact: the question that takes the file or URL, checked, and unsubscribing.
extension ContactsCoordinator {
    /// `s`: asks for the file or URL of a contact's calendar, or, when subscribed, whether to stop.
    func subscribeOrAsk(_ contact: Contact) -> TabResponse {
        let name = StatusMessage.quoted(contact.displayName)
        if let subscription = contact.subscription {
            return .ask(Question("Unsubscribe from \(name)'s calendar (\(subscription.source))?") { [weak self] in
                guard let self else { return .handled }
                return perform("Unsubscribed from \(name)'s calendar") {
                    try self.store.setSubscription(nil, of: contact.id)
                }
            })
        }
        if contact.relation == .blocked {
            return .message(.error("\(name) is blocked: unblock them (b) before subscribing."))
        }
        screens.append(.subscribe(contact, TextField()))
        return .message(StatusMessage("Subscribe to \(name)'s calendar: type a .ics file's path or an http(s) URL"))
    }

    func handleSubscribe(_ intent: Intent, _ contact: Contact, _ field: TextField) -> TabResponse {
        var field = field
        if field.apply(intent) {
            screens[screens.count - 1] = .subscribe(contact, field)
            return .handled
        }
        switch intent {
        case .back:
            screens.removeLast()
            return .message(StatusMessage("Not subscribed"))
        case .submit:
            switch Self.checkSource(field.text) {
            case .failure(let problem):
                return .message(.error(problem.message))
            case .success(let source):
                screens.removeLast()
                let name = StatusMessage.quoted(contact.displayName)
                do {
                    try store.setSubscription(ContactSubscription(source: source), of: contact.id)
                } catch {
                    return .message(.error("Not done: \(error)"))
                }
                return subscriptionAdded(contact.id, name: name)
            }
        default:
            return .ignored
        }
    }

    /// A subscription's source as typed, checked: a local file that exists, or an http(s) URL.
    static func checkSource(_ text: String) -> Result<ContactSubscription.Source, SourceProblem> {
        let typed = text.trimmingCharacters(in: .whitespaces)
        guard !typed.isEmpty else { return .failure(SourceProblem("Type a .ics file's path or an http(s) URL")) }
        guard let source = ContactSubscription.Source(typed) else {
            return .failure(SourceProblem("\(StatusMessage.quoted(typed)) is neither a file path nor an http(s) URL"))
        }
        if case .file(let path) = source {
            let expanded = HomeFolder.expanding(path)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: expanded, isDirectory: &isFolder) else {
                return .failure(SourceProblem("No file at \(expanded)"))
            }
            if isFolder.boolValue { return .failure(SourceProblem("\(expanded) is a folder, not a .ics file")) }
            return .success(.file(path: expanded))
        }
        return .success(source)
    }

    /// Why a subscription's source was refused.
    struct SourceProblem: Error, Equatable {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// A contact was just subscribed: their calendar is read at once (within a short time
    /// limit, so the screen waits seconds at most), and the status line says what came of it.
    private func subscriptionAdded(_ id: UUID, name: String) -> TabResponse {
        let refresher = SubscriptionRefresher(
            store: store, fetcher: feeds(Self.interactiveTimeout), clock: clock)
        do {
            guard let result = try refresher.refresh(contactID: id) else {
                return .message(StatusMessage("Subscribed to \(name)'s calendar"))
            }
            switch result.outcome {
            case let .read(blocks):
                return .message(StatusMessage(
                    "Subscribed to \(name)'s calendar: \(SubscriptionResult.count(blocks)) in the Calendar tab"))
            case let .failed(error, _):
                return .message(.error("Subscribed to \(name)'s calendar, but it cannot be read: \(error). "
                    + "datebook subscriptions refresh tries again"))
            case let .skipped(reason):
                return .message(StatusMessage("Subscribed to \(name)'s calendar; not read: \(reason)"))
            }
        } catch {
            return .message(.error("Subscribed to \(name)'s calendar, but it was not read: \(error)"))
        }
    }

    /// How long the tab waits for a feed it reads right after subscribing.
    static let interactiveTimeout: TimeInterval = 5
}
