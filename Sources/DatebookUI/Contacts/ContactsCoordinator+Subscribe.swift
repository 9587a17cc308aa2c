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
                return perform("Subscribed to \(name)'s calendar at \(source)") {
                    try self.store.setSubscription(ContactSubscription(source: source), of: contact.id)
                    self.subscriptionAdded(contact.id)
                }
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
            let expanded = (path as NSString).expandingTildeInPath
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

    /// A contact was just subscribed: their feed is to be read. Reading feeds is the
    /// subscription refresher's; this is where the tab will ask it to read this one at once.
    private func subscriptionAdded(_ id: UUID) {}
}
