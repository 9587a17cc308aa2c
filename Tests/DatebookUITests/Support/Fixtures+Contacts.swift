import DatebookKit
import DatebookUI
import Foundation

extension Fixtures {
    /// An address book of every kind of row: a friend, a received and a sent request, a blocked
    /// and a subscribed contact, names under several letters and `#`, and one deleted.
    static var contacts: [Contact] {
        func contact(_ n: Int, _ name: String, email: String? = nil, phone: String? = nil,
                     relation: ContactRelation = .none) -> Contact {
            var contact = Contact(id: id(1000 + n), displayName: name, created: now)
            contact.emails = email.map { [LabelledValue($0, label: "work")] } ?? []
            contact.phones = phone.map { [LabelledValue($0, label: "mobile")] } ?? []
            contact.relation = relation
            return contact
        }
        var ana = contact(1, "Ana Lima", email: "ana@example.org", phone: "+55 11 5555 0000", relation: .friend)
        ana.nicknames = ["Aninha"]
        ana.organisation = "Lima & Co"
        ana.title = "Architect"
        ana.birthday = Birthday(year: 1990, month: 4, day: 23)
        ana.address = PostalAddress(street: "Rua Augusta 12", locality: "São Paulo", country: "Brazil")
        ana.url = "https://ana.example.org"
        ana.notes = "Met at the conference.\nLikes tea."
        ana.categories = ["work", "friends"]
        var bea = contact(2, "Beatriz Souza", email: "bea@example.net", relation: .requestReceived)
        bea.birthday = Birthday(year: nil, month: 11, day: 30)
        var carl = contact(3, "Carl Berg", phone: "030 1234567")
        carl.subscription = ContactSubscription(
            source: .url(URL(string: "https://cal.example.org/carl.ics")!), lastRead: now.addingTimeInterval(-3600),
            lastError: "The server answered 404")
        var gone = contact(7, "Dora Gone", email: "dora@example.org")
        gone.status = .deleted
        return [
            ana, bea, carl,
            contact(4, "The Doors", email: "doors@example.com", relation: .requestSent),
            contact(5, "Émile Zola", email: "emile@example.fr", relation: .blocked),
            contact(6, "王小明", phone: "+86 10 1234 5678"),
            gone,
        ]
    }

    /// Saves `contacts` into a store, the deleted one deleted.
    static func saveContacts(in store: SQLiteStore, _ contacts: [Contact] = contacts) throws {
        try store.writeContacts { batch in
            for contact in contacts { try batch.write(contact) }
        }
    }
}

extension AppCoordinator {
    /// The Contacts tab.
    var contacts: ContactsCoordinator { tab(ContactsCoordinator.self)! }
}
