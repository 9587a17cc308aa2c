import ArgumentParser
import DatebookKit
import DatebookTerminal
import Foundation

/// `datebook contacts request|accept|decline|withdraw ADDRESS`: contact requests, sent as
/// messages through the outbox (and the server's inboxes at the next sync).
struct ContactRequestOptions: ParsableArguments {
    @OptionGroup var store: StoreOptions

    @Argument(help: ArgumentHelp("The person's e-mail address.", valueName: "address"))
    var address: String

    /// Sends `kind` to the contact with the address (a request makes the contact when there is
    /// none, named `name`), prints what was done and where the message waits; exits 1 on refusal.
    func send(_ kind: ContactMessage.Kind, command: String, name: String? = nil) throws {
        let email = address.trimmingCharacters(in: .whitespaces)
        guard Contact.isEmailAddress(email) else {
            Console.fail("datebook contacts \(command): “\(address)” is not an e-mail address (name@example.org)")
        }
        let database = try store.openStore()
        do {
            guard let me = try database.me() else { throw MeetingError.noMe }
            // Before a contact is made for it.
            guard MeetingPerson(name: "", email: email).key != me.person.key else {
                throw MeetingError.refused("\(email) is your own address (datebook me)")
            }
            let found = try database.writeContacts { batch -> Contact? in
                if let contact = try batch.contact(email: email) { return contact }
                guard kind == .request else { return nil }
                var contact = Contact(
                    id: batch.newID(), displayName: name ?? String(email.prefix { $0 != "@" }), created: batch.now)
                contact.emails = [LabelledValue(email)]
                return try batch.write(contact)
            }
            guard let contact = found else {
                Console.fail("datebook contacts \(command): no contact has the address \(email)")
            }
            let path = try ContactInbox.send(
                kind, to: contact, as: me, store: database, outbox: database.outbox, now: Console.clock.now())
            let done = try database.contact(id: contact.id)?.relation ?? contact.relation
            print(InertText.line("\(contact.displayName): \(done.rawValue); the message waits in \(path) (datebook sync delivers it)"))
        } catch {
            Console.fail("datebook contacts \(command): \(InertText.line(String(describing: error)))")
        }
    }
}

struct ContactsRequest: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "request",
        abstract: "Ask someone to be your contact.",
        discussion: """
            Marks them request-sent (adding them as a contact when they are not one) and leaves a \
            message for them in the outbox; datebook sync puts it in their inbox on the server. \
            When they had asked you, this accepts instead.
            """)

    @OptionGroup var options: ContactRequestOptions

    @Option(help: ArgumentHelp("Their name, for a contact that is new.", valueName: "name"))
    var name: String?

    func run() throws { try options.send(.request, command: "request", name: name) }
}

struct ContactsAccept: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accept", abstract: "Accept a contact's request: you become friends, and they are told.")

    @OptionGroup var options: ContactRequestOptions

    func run() throws { try options.send(.accept, command: "accept") }
}

struct ContactsDecline: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decline", abstract: "Decline a contact's request: the contact stays, and they are told.")

    @OptionGroup var options: ContactRequestOptions

    func run() throws { try options.send(.decline, command: "decline") }
}

struct ContactsWithdraw: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "withdraw", abstract: "Take back a contact request you sent, and tell them.")

    @OptionGroup var options: ContactRequestOptions

    func run() throws { try options.send(.withdraw, command: "withdraw") }
}
