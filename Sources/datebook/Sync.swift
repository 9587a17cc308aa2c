import ArgumentParser
import DatebookKit
import DatebookTerminal
import Foundation

/// `datebook sync`: brings the accounts' servers and this database level, both ways.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync with the CalDAV/CardDAV accounts: what changed on either side goes to the other.",
        discussion: """
            A field changed on both sides keeps the server's value; your version is kept and \
            listed by --conflicts, and --take-mine ID puts it back (it goes out next time). \
            An item removed on one side and changed on the other comes back.
            """)

    @OptionGroup var store: StoreOptions

    @Option(help: ArgumentHelp("Sync this account only.", valueName: "name"))
    var account: String?

    @Flag(help: "Say what would be received and sent; change nothing.")
    var dryRun = false

    @Flag(help: "List the conflicts kept: the fields, and both versions.")
    var conflicts = false

    @Option(help: ArgumentHelp("Put my version of a conflict back in place.", valueName: "id"))
    var takeMine: Int64?

    @Option(help: ArgumentHelp("Seconds one request may take (default 30).", valueName: "seconds"))
    var timeout: Double = 30

    func validate() throws {
        guard timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout must be between 0 and 3600 seconds") }
    }

    func run() throws {
        let database = try store.openStore(creating: false)
        if conflicts { return listConflicts(database) }
        if let takeMine {
            do {
                let item = try database.takeMine(conflict: takeMine)
                print(InertText.line("Your version of “\(item.title)” is in place; it goes out with the next sync."))
            } catch {
                Console.fail("datebook sync: \(error)")
            }
            return
        }
        let accounts = try database.syncAccounts().filter { account == nil || $0.name == account }
        if accounts.isEmpty {
            Console.fail(
                account.map { "datebook sync: there is no account called \($0)" }
                    ?? "datebook sync: no accounts; add one with datebook account add NAME --url URL --user USER")
        }
        let engine = SyncEngine(store: database)
        engine.timeout = timeout
        var failed = false
        let showsProgress = isatty(2) == 1
        for account in accounts {
            let password = SyncCommandSupport.password(for: account, command: "sync")
            let outcome = engine.sync(account, password: password, dryRun: dryRun) { step in
                if showsProgress { FileHandle.standardError.write(Data("\r\u{1B}[K\(account.name): \(step)".utf8)) }
            }
            if showsProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            let report = outcome.report
            print(InertText.line("\(account.name): \(dryRun ? "would have " : "")\(report.summary)"))
            for note in report.notes { print(InertText.line("  \(note)")) }
            for key in report.unreadable { Console.error("datebook sync: \(account.name): could not read \(key)") }
            if let error = outcome.error {
                Console.error("datebook sync: \(account.name): \(error); nothing here was lost, the next sync goes on")
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }

    private func listConflicts(_ database: SQLiteStore) {
        do {
            let conflicts = try database.syncConflicts()
            if conflicts.isEmpty {
                print("No conflicts.")
                return
            }
            for conflict in conflicts {
                print(InertText.line("\(conflict.id)  “\(conflict.title)”  \(conflict.fields.joined(separator: ", "))"))
            }
            print("datebook sync --take-mine ID puts your version back.")
        } catch {
            Console.fail("datebook sync: \(error)")
        }
    }
}
