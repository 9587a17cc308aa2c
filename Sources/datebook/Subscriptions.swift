import ArgumentParser
import DatebookKit
import DatebookTerminal
import Foundation

/// `datebook subscriptions`: contacts' calendars, read as busy times for the Calendar.
struct Subscriptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "subscriptions",
        abstract: "Subscribe to contacts' calendars (.ics files or http(s) feeds) and read them again.",
        discussion: """
            A subscribed calendar shows in the Calendar tab as the person's busy times, in their \
            own colour and with their name; it is never imported as items of yours, exported or \
            searched. A feed that cannot be read keeps its last copy and says why.
            """,
        subcommands: [SubscriptionsRefresh.self, SubscriptionsList.self, SubscriptionsAdd.self,
                      SubscriptionsRemove.self])

    /// The contact a command names, by name (any case), id or vCard UID; explains and exits when
    /// none or several match.
    static func contact(_ text: String, in database: SQLiteStore, command: String) -> Contact {
        let wanted = text.trimmingCharacters(in: .whitespaces)
        do {
            if let id = UUID(uuidString: wanted), let found = try database.contact(id: id) { return found }
            if let found = try database.contact(uid: wanted) { return found }
            let named = try database.contacts(ContactQuery(.all, filter: wanted), offset: 0, limit: 1000)
                .filter { $0.displayName.compare(wanted, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame }
            guard let first = named.first else {
                Console.fail("datebook subscriptions \(command): no contact named \u{201C}\(wanted)\u{201D}")
            }
            guard named.count == 1 else {
                Console.fail("datebook subscriptions \(command): \(named.count) contacts are named \u{201C}\(wanted)\u{201D}; "
                    + "give the id of one (datebook contacts list --json)")
            }
            guard let found = try database.contact(id: first.id) else {
                Console.fail("datebook subscriptions \(command): no contact named \u{201C}\(wanted)\u{201D}")
            }
            return found
        } catch {
            Console.fail("datebook subscriptions \(command): \(error)")
        }
    }

    /// A refresher over `database` reading each feed within `timeout` seconds.
    static func refresher(_ database: SQLiteStore, timeout: Double) -> SubscriptionRefresher {
        SubscriptionRefresher(
            store: database,
            fetcher: FeedFetcher(timeout: timeout).signingIn(
                to: (try? database.syncAccounts()) ?? [], environment: ProcessInfo.processInfo.environment))
    }
}

/// The `--timeout` of the commands that read feeds.
struct FeedOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Seconds a feed may take to arrive.", valueName: "seconds"))
    var timeout: Double = FeedFetcher.defaultTimeout

    func validate() throws {
        guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout must be between 0 and 600 seconds") }
    }
}

/// `datebook subscriptions refresh`: reads every subscribed calendar again.
struct SubscriptionsRefresh: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Read every subscribed calendar again.",
        discussion: """
            Prints one line per subscribed contact: the name, the source, and how many busy \
            times were read, or why the calendar could not be read (its last copy is kept). \
            Blocked and deleted contacts are not read. Exit status: 0 when every calendar was \
            read, 1 when any could not be.
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var feed: FeedOptions

    func run() throws {
        let database = try store.openStore(creating: false)
        let results: [SubscriptionResult]
        do {
            results = try Subscriptions.refresher(database, timeout: feed.timeout).refreshAll()
        } catch {
            Console.fail("datebook subscriptions refresh: \(error)")
        }
        if results.isEmpty { Console.error("No subscriptions: datebook subscriptions add CONTACT SOURCE adds one") }
        for result in results { print(InertText.line(result.summary)) }
        if results.contains(where: \.failed) { throw ExitCode(1) }
    }
}

/// `datebook subscriptions list`: the subscribed contacts and the state of their calendars.
struct SubscriptionsList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the subscribed contacts and the state of their calendars.",
        discussion: """
            One line per subscribed contact, tab-separated: the name, the source, the busy \
            times kept, when it was last read, and the last error or why it is not read.
            """)

    @OptionGroup var store: StoreOptions

    func run() throws {
        let database = try store.openStore(creating: false)
        let dates = DateText(calendar: Console.calendar)
        do {
            for contact in try database.subscribedContacts() {
                guard let subscription = contact.subscription else { continue }
                var fields = [contact.displayName, subscription.source.description,
                              SubscriptionResult.count(try database.busyBlockCount(of: contact.id))]
                fields.append(subscription.lastRead.map { "read " + dates.full($0) } ?? "never read")
                if contact.status == .deleted {
                    fields.append("not read: the contact is deleted")
                } else if contact.relation == .blocked {
                    fields.append("not read: the contact is blocked")
                } else if let error = subscription.lastError {
                    fields.append("last reading failed: " + error)
                }
                print(fields.map(InertText.line).joined(separator: "\t"))
            }
        } catch {
            Console.fail("datebook subscriptions list: \(error)")
        }
    }
}

/// `datebook subscriptions add`: subscribes a contact to a calendar and reads it.
struct SubscriptionsAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Subscribe a contact to a calendar (.ics file or http(s) address) and read it.",
        discussion: """
            Example: datebook subscriptions add Ana ~/ana.ics \
            The contact is named by its name, id or vCard UID. The calendar is read at once; \
            when it cannot be, the subscription is kept, the reason printed, and the exit \
            status is 2.
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var feed: FeedOptions

    @Argument(help: "The contact: a name, id or vCard UID.")
    var contact: String

    @Argument(help: ArgumentHelp("A .ics file, a file:// URL or an http(s) address.", valueName: "source"))
    var source: String

    func run() throws {
        guard var parsed = ContactSubscription.Source(source) else {
            Console.fail("datebook subscriptions add: \u{201C}\(source)\u{201D} is neither a file nor an http(s) address")
        }
        if case let .file(path) = parsed {
            // Kept whole, so that it reads the same from any folder.
            let expanded = HomeFolder.expanding(path)
            parsed = .file(path: URL(fileURLWithPath: expanded).standardizedFileURL.path)
        }
        let database = try store.openStore()
        let found = Subscriptions.contact(contact, in: database, command: "add")
        let result: SubscriptionResult?
        do {
            try database.setSubscription(ContactSubscription(source: parsed), of: found.id)
            result = try Subscriptions.refresher(database, timeout: feed.timeout).refresh(contactID: found.id)
        } catch {
            Console.fail("datebook subscriptions add: \(error)")
        }
        guard let result else { return }
        print(InertText.line(result.summary))
        if result.failed { throw ExitCode(2) }
    }
}

/// `datebook subscriptions remove`: ends a contact's subscription and forgets its busy times.
struct SubscriptionsRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "End a contact's subscription and forget the busy times read.")

    @OptionGroup var store: StoreOptions

    @Argument(help: "The contact: a name, id or vCard UID.")
    var contact: String

    func run() throws {
        let database = try store.openStore(creating: false)
        let found = Subscriptions.contact(contact, in: database, command: "remove")
        guard found.subscription != nil else {
            Console.fail("datebook subscriptions remove: \(InertText.line(found.displayName)) has no subscription")
        }
        do {
            try database.forgetFeed(of: found.id)
            try database.setSubscription(nil, of: found.id)
        } catch {
            Console.fail("datebook subscriptions remove: \(error)")
        }
        print(InertText.line("Unsubscribed \(found.displayName)"))
    }
}
