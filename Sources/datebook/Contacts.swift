import ArgumentParser
import DatebookKit
import DatebookTerminal
import Foundation

/// `datebook contacts`: the address book from scripts.
struct Contacts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contacts",
        abstract: "Import, export, list and add contacts (vCard).",
        subcommands: [
            ContactsImport.self, ContactsExport.self, ContactsList.self, ContactsAdd.self, ContactsRequest.self,
            ContactsAccept.self, ContactsDecline.self, ContactsWithdraw.self,
        ])
}

/// `datebook contacts import`: reads vCards into the address book.
struct ContactsImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import contacts from a vCard (.vcf) file.",
        discussion: """
            Reads vCard 2.1, 3.0 and 4.0, several cards a file. Cards are matched by UID, so \
            importing a file again updates its contacts; a card without a UID is matched by its \
            content. Properties Datebook does not know are kept and written back on export.

            Prints one summary line on stdout, then each skipped card and each note on stderr \
            with its line and UID (what is said of several cards is said once, naming the first \
            five and counting the rest). Exit status: 0 when every card was imported, 2 when some were \
            skipped, 1 when nothing was imported.
            """)

    @OptionGroup var store: StoreOptions

    @Argument(help: ArgumentHelp("The .vcf file, or - for standard input.", valueName: "file"))
    var file: String

    func run() throws {
        let database = try store.openStore()
        let importer = VCardImporter(writer: database)
        let report = Console.importInput(
            file, command: "contacts import", fromData: importer.importData,
            fromPath: { try importer.importFile(atPath: $0) })
        print(report.summary)
        // The feed says what came in; an import that wrote is not undone when this fails.
        try? database.record(.imported, "\(report.summary) (from \(file == "-" ? "standard input" : (file as NSString).lastPathComponent))")
        for line in report.skipped.printedLines() { Console.error("skipped: \(line)") }
        for line in report.notes.printedLines() { Console.error("note: \(line)") }
        if !report.skipped.isEmpty { throw ExitCode(2) }
    }
}

/// `datebook contacts export`: writes the address book as vCards.
struct ContactsExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export contacts as vCard 4.0 (or 3.0).",
        discussion: """
            Writes every contact of the address book (not the deleted ones). Without --out the \
            cards go to stdout; with it, the file is replaced only once the export is complete.
            """)

    @OptionGroup var store: StoreOptions

    @Option(help: ArgumentHelp("The file to write instead of stdout.", valueName: "file"))
    var out: String?

    @Flag(name: .customLong("vcard3"), help: "Write vCard 3.0 for older readers.")
    var vcard3 = false

    func run() throws {
        let database = try store.openStore(creating: false)
        let writer = VCardWriter(version: vcard3 ? .v3 : .v4)
        var count = 0
        do {
            let contacts = try ContactsList.all(database)
            count = contacts.count
            // Card by card: an address book of photos is never held twice over as text.
            try Export.writeWhole(to: out, fileExtension: "vcf") { handle in
                for contact in contacts {
                    var card = ""
                    writer.write(contact, into: &card)
                    try handle.write(contentsOf: Data(card.utf8))
                }
            }
        } catch {
            Console.fail("datebook contacts export: \(error)")
        }
        if let out {
            Console.error("Exported \(count) contact\(count == 1 ? "" : "s") to \(out)")
        }
    }
}

/// `datebook contacts list`: prints the address book in name order.
struct ContactsList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print the contacts in name order, as text or JSON.",
        discussion: """
            Text: one line per contact, tab-separated: the name, the first e-mail or phone (empty \
            when there is none), and the marks when there are any (the relation, "subscribed", \
            by commas). JSON: an array of objects with id, uid, name, section, emails, \
            phones (each with label, value, preferred), organisation, title, birthday, url, \
            notes, categories, hasPhoto, relation, subscription and status.
            """)

    @OptionGroup var store: StoreOptions

    @Flag(help: "Print JSON.")
    var json = false

    /// Every active contact, whole, in name order.
    static func all(_ database: SQLiteStore) throws -> [Contact] {
        try database.wholeContacts(ContactQuery())
    }

    func run() throws {
        let database = try store.openStore(creating: false)
        do {
            if json {
                Console.write(Array(try ContactJSON.encode(try Self.all(database))))
                return
            }
            var lines = ""
            for listing in try database.contacts(ContactQuery(), offset: 0, limit: Int(Int32.max)) {
                // The marks stay in the third column: an empty second one when there is no
                // e-mail or phone, so scripts can count on the positions.
                var fields = [InertText.line(listing.displayName), InertText.line(listing.primaryContact ?? "")]
                var marks: [String] = []
                if listing.relation != .none { marks.append(listing.relation.rawValue) }
                if listing.isSubscribed { marks.append("subscribed") }
                if !marks.isEmpty { fields.append(marks.joined(separator: ",")) }
                while fields.last == "" { fields.removeLast() }
                lines += fields.joined(separator: "\t") + "\n"
            }
            Console.write(Array(lines.utf8))
        } catch {
            Console.fail("datebook contacts list: \(error)")
        }
    }
}

/// `datebook contacts add`: adds a contact from a script and prints its id.
struct ContactsAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a contact and print its id.",
        discussion: """
            Example: datebook contacts add "Ana Lima" --email ana@example.org --phone "+55 11 5555 0000" --birthday 1990-04-23 \
            --email and --phone may be given more than once. A birthday without a year: --birthday=--04-23.
            """)

    @OptionGroup var store: StoreOptions

    @Argument(help: "The name.")
    var name: String

    @Option(help: ArgumentHelp("An e-mail address.", valueName: "address"))
    var email: [String] = []

    @Option(help: ArgumentHelp("A phone number.", valueName: "number"))
    var phone: [String] = []

    @Option(help: ArgumentHelp("The birthday: a date, or --MM-DD without a year.", valueName: "date"))
    var birthday: String?

    @Option(help: ArgumentHelp("The organisation.", valueName: "name"))
    var organisation: String?

    @Option(help: ArgumentHelp(
        "What you know of the person: none, friend, request-received, request-sent, blocked.",
        valueName: "relation"))
    var relation: String = "none"

    func run() throws {
        guard let relation = ContactRelation(rawValue: relation.lowercased()) else {
            Console.fail("datebook contacts add: --relation: “\(self.relation)” is not one of "
                + ContactRelation.allCases.map(\.rawValue).joined(separator: ", "))
        }
        var contact = Contact(id: IDSource.random.next(), displayName: name.trimmingCharacters(in: .whitespaces), created: Date())
        contact.emails = email.map { LabelledValue($0.trimmingCharacters(in: .whitespaces)) }
        contact.phones = phone.map { LabelledValue($0.trimmingCharacters(in: .whitespaces)) }
        contact.organisation = organisation ?? ""
        contact.relation = relation
        if let birthday {
            contact.birthday = Self.birthday(birthday)
        }
        if let issue = contact.validate().first {
            let option: String
            switch issue.field {
            case .displayName: option = "the name"
            case .email: option = "--email"
            case .phone: option = "--phone"
            default: option = "--" + issue.field.rawValue
            }
            Console.fail("datebook contacts add: \(option): \(issue.message)")
        }
        let database = try store.openStore()
        do {
            let saved = try database.save(contact)
            print(saved.id.uuidString.lowercased())
        } catch {
            Console.fail("datebook contacts add: \(error)")
        }
    }

    /// A birthday as the date fields take it, or `--MM-DD` without a year; explains and exits when not.
    static func birthday(_ text: String) -> Birthday {
        do {
            return try Birthday.parse(text, now: Date(), calendar: Console.calendar)
        } catch {
            Console.fail("datebook contacts add: --birthday: \(error)")
        }
    }
}
