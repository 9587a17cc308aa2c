import ArgumentParser
import DatebookKit
import DatebookTerminal
import Foundation

/// `datebook account`: the CalDAV/CardDAV accounts the planner syncs with.
struct AccountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "Add, list or remove the CalDAV/CardDAV accounts Datebook syncs with, and choose their collections.",
        discussion: """
            The password is never stored: it comes from $DATEBOOK_PASSWORD, from the account's \
            --password-command (its first line of output), or it is asked for.
            """,
        subcommands: [Add.self, ListAccounts.self, Remove.self, Collections.self, Select.self],
        defaultSubcommand: ListAccounts.self)

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add an account: find its calendar, address book, inbox and public calendar.",
            discussion: """
                The address may be the server's (https://dav.example.org/), the account's \
                principal or a calendar home; well-known addresses (RFC 6764) are tried too. \
                A calendar, an address book, an inbox and a public calendar are made when the \
                server has none.
                """)

        @OptionGroup var store: StoreOptions

        @Argument(help: ArgumentHelp("A name for the account: letters, digits, - _ .", valueName: "name"))
        var name: String

        @Option(help: ArgumentHelp("The server's address.", valueName: "url"))
        var url: String

        @Option(help: ArgumentHelp("The user name to sign in with.", valueName: "user"))
        var user: String

        @Option(help: ArgumentHelp("A command that prints the password (pass show dav).", valueName: "command"))
        var passwordCommand: String?

        func validate() throws {
            guard SyncAccount.isValidName(name) else {
                throw ValidationError("an account's name is letters, digits, - _ and . (at most 64)")
            }
            guard let address = URL(string: url), ["http", "https"].contains(address.scheme?.lowercased() ?? ""),
                address.host != nil
            else { throw ValidationError("--url must be an http(s) address, such as https://dav.example.org/") }
        }

        func run() throws {
            let database = try store.openStore()
            if try database.syncAccounts().contains(where: { $0.name == name }) {
                Console.fail("datebook account add: an account called \(name) exists already")
            }
            var account = SyncAccount(name: name, url: URL(string: url)!, user: user, passwordCommand: passwordCommand)
            let password = SyncCommandSupport.password(for: account, command: "account add")
            do {
                account.collections = try SyncEngine(store: database).discover(
                    url: account.url, user: user, password: password)
                try database.addSyncAccount(account)
            } catch {
                Console.fail("datebook account add: \(error)")
            }
            print("Added \(name):")
            for collection in account.collections {
                print("  \(collection.kind.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) "
                    + InertText.line(collection.url.absoluteString))
            }
        }
    }

    struct ListAccounts: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the accounts, their collections and how their last sync went.")

        @OptionGroup var store: StoreOptions

        func run() throws {
            let accounts = try store.openStore(creating: false).syncAccounts()
            if accounts.isEmpty {
                print("No accounts. Add one with: datebook account add NAME --url URL --user USER")
                return
            }
            let formatter = ISO8601DateFormatter()
            formatter.timeZone = TimeZone.current
            for account in accounts {
                print(InertText.line("\(account.name)  \(account.user) at \(account.url.absoluteString)"))
                for collection in account.collections {
                    let state = !collection.isSelected ? "left out (datebook account select --off)"
                        : collection.lastError.map { "error: \($0)" }
                        ?? collection.lastSync.map { "synced \(formatter.string(from: $0))" } ?? "not synced yet"
                    print(InertText.line(
                        "  \(collection.kind.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) "
                            + "\(collection.url.absoluteString)  \(state)"))
                }
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove an account; its items stay here, and on the server.")

        @OptionGroup var store: StoreOptions

        @Argument(help: ArgumentHelp("The account's name.", valueName: "name"))
        var name: String

        func run() throws {
            let database = try store.openStore(creating: false)
            guard try database.removeSyncAccount(named: name) else {
                Console.fail("datebook account remove: there is no account called \(name)")
            }
            print("Removed \(name); its items stay here.")
        }
    }

    struct Collections: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the calendars and address books the account has on the server, and which sync.",
            discussion: """
                Marks: * synced, new items or contacts go there; + synced; - left out; blank: not \
                synced. Choose with: datebook account select NAME COLLECTION [--off].
                """)

        @OptionGroup var store: StoreOptions

        @Argument(help: ArgumentHelp("The account's name.", valueName: "name"))
        var name: String

        func run() throws {
            let database = try store.openStore(creating: false)
            let account = try SyncCommandSupport.account(named: name, in: database, command: "account collections")
            let found: [DAVDiscovery.Found]
            do {
                found = try SyncEngine(store: database).collectionsOnServer(
                    of: account, password: SyncCommandSupport.password(for: account, command: "account collections"))
            } catch {
                Console.fail("datebook account collections: \(name): \(error)")
            }
            for collection in found {
                let known = account.collections.first { $0.url.absoluteString == collection.url.absoluteString }
                let mark = known.map { $0.isSelected ? ($0.isDefault ? "*" : "+") : "-" } ?? " "
                let kind = collection.kind.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)
                let label = collection.displayName.isEmpty ? collection.url.lastPathComponent : collection.displayName
                print(InertText.line("\(mark) \(kind) \(label)  \(collection.url.path(percentEncoded: false))"))
            }
        }
    }

    struct Select: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Sync another calendar or address book of the account, or (--off) stop syncing one.",
            discussion: """
                COLLECTION is its name as `datebook account collections` shows it, or its path. \
                New items and contacts keep going to the account's first calendar and address \
                book, which always sync. A collection left out keeps its items here as they are: \
                they sync again when it is selected again.
                """)

        @OptionGroup var store: StoreOptions

        @Argument(help: ArgumentHelp("The account's name.", valueName: "name"))
        var name: String

        @Argument(help: ArgumentHelp("The calendar or address book: its name or its path.", valueName: "collection"))
        var collection: String

        @Flag(help: "Stop syncing it instead.")
        var off = false

        func run() throws {
            let database = try store.openStore(creating: false)
            let account = try SyncCommandSupport.account(named: name, in: database, command: "account select")
            let known = account.collections.filter { $0.kind == .calendar || $0.kind == .addressBook }
            func matches(_ url: URL, _ displayName: String) -> Bool {
                let wanted = collection.lowercased()
                let path = url.path(percentEncoded: false)
                return displayName.lowercased() == wanted || path == collection || path == collection + "/"
                    || url.lastPathComponent.lowercased() == wanted
            }
            do {
                if off {
                    guard let chosen = known.first(where: { matches($0.url, $0.displayName) }) else {
                        Console.fail("datebook account select: \(name) syncs no calendar or address book called \(collection)")
                    }
                    let changed = try database.deselectSyncCollection(account: name, url: chosen.url)
                    let path = chosen.url.path(percentEncoded: false)
                    print(changed ? "\(name) no longer syncs \(path); its items stay here." : "\(name) was not syncing \(path).")
                    return
                }
                let found = try SyncEngine(store: database).collectionsOnServer(
                    of: account, password: SyncCommandSupport.password(for: account, command: "account select"))
                guard let chosen = found.first(where: { matches($0.url, $0.displayName) }) else {
                    let names = found.map { $0.displayName.isEmpty ? $0.url.lastPathComponent : $0.displayName }
                    Console.fail(
                        "datebook account select: \(name) has no calendar or address book called \(collection) on the "
                            + "server; it has: \(names.joined(separator: ", "))")
                }
                let changed = try database.selectSyncCollection(
                    account: name, SyncCollection(url: chosen.url, kind: chosen.kind, displayName: chosen.displayName))
                let path = chosen.url.path(percentEncoded: false)
                print(changed ? "\(name) syncs \(path) from the next sync." : "\(name) syncs \(path) already.")
            } catch {
                Console.fail("datebook account select: \(name): \(error)")
            }
        }
    }
}

/// What the account and sync commands share.
enum SyncCommandSupport {
    /// The account called `name`, or a message on stderr and exit 1.
    static func account(named name: String, in database: SQLiteStore, command: String) throws -> SyncAccount {
        guard let account = try database.syncAccounts().first(where: { $0.name == name }) else {
            Console.fail("datebook \(command): there is no account called \(name)")
        }
        return account
    }

    /// The account's password from the environment or its command, else asked on the terminal;
    /// explains on stderr and exits when there is none.
    static func password(for account: SyncAccount, command: String) -> String {
        do {
            if let password = try SyncPassword.find(for: account, environment: ProcessInfo.processInfo.environment) {
                return password
            }
        } catch {
            Console.fail("datebook \(command): \(account.name): \(error)")
        }
        guard isatty(0) == 1, let typed = getpass("Password for \(account.user) (\(account.name)): ") else {
            Console.fail(
                "datebook \(command): \(account.name): no password; set DATEBOOK_PASSWORD or give the account "
                    + "a --password-command")
        }
        return String(cString: typed)
    }
}
