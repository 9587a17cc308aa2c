import ArgumentParser
import DatebookKit
import DatebookTerminal
import Foundation

/// `datebook account`: the CalDAV/CardDAV accounts the planner syncs with.
struct AccountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "Add, list or remove the CalDAV/CardDAV accounts Datebook syncs with.",
        discussion: """
            The password is never stored: it comes from $DATEBOOK_PASSWORD, from the account's \
            --password-command (its first line of output), or it is asked for.
            """,
        subcommands: [Add.self, ListAccounts.self, Remove.self],
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
                    let state = collection.lastError.map { "error: \($0)" }
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
}

/// What the account and sync commands share.
enum SyncCommandSupport {
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
