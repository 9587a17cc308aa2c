import DatebookKit
import Foundation

/// Seeds `count` contacts (deterministically) beside the items, as the figures are
/// measured on: names from several scripts, one e-mail and phone each, some birthdays, a few
/// requests and blocked people.
func seedContacts(_ count: Int, into store: SQLiteStore, at now: Date) throws {
    var generator = SplitMix(seed: 7)
    let given = ["Ana", "Ben", "Chloé", "Dmitri", "Émile", "Fatima", "Günter", "Hana", "Iker", "Jana",
                 "Kofi", "Lena", "Mateo", "Nora", "Olu", "Pia", "Quinn", "Ravi", "Sofía", "Tomás",
                 "王芳", "佐藤", "Zoë", "Yusuf"]
    let family = ["Alvarez", "van Dijk", "Bauer", "Okafor", "Smith", "de la Cruz", "Novák", "Øberg",
                  "Kim", "Rossi", "Müller", "Nguyen", "O'Brien", "Sato", "Ivanova", "Lopez"]
    let organisations = ["", "", "Acme", "City Library", "Müller & Söhne", "株式会社", "Open Data Lab"]
    let relations: [ContactRelation] = [.none, .none, .none, .none, .friend, .friend, .requestReceived,
                                        .requestSent, .blocked]
    try store.writeContacts { batch in
        for n in 0..<count {
            let first = given[Int(generator.next() % UInt64(given.count))]
            let last = family[Int(generator.next() % UInt64(family.count))]
            var contact = Contact(
                id: UUID(uuidString: String(format: "00000000-0000-4000-9000-%012X", n))!,
                displayName: "\(first) \(last) \(n)", created: now)
            contact.givenName = first
            contact.familyName = last
            contact.emails = [LabelledValue("\(first.lowercased()).\(n)@example.org", label: "work")]
            contact.phones = [LabelledValue(String(format: "+34 600 %03d %03d", n / 1000 % 1000, n % 1000),
                                            label: "mobile")]
            contact.organisation = organisations[Int(generator.next() % UInt64(organisations.count))]
            if generator.next() % 3 == 0 {
                contact.birthday = Birthday(year: 1950 + Int(generator.next() % 60),
                                            month: 1 + Int(generator.next() % 12), day: 1 + Int(generator.next() % 28))
            }
            contact.relation = relations[Int(generator.next() % UInt64(relations.count))]
            try batch.write(contact)
        }
    }
}
