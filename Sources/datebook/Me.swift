import ArgumentParser
import DatebookKit
import DatebookTerminal
import Foundation

/// `datebook me`: who "me" is, which tells my meetings from others' and matches replies.
struct MeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "me",
        abstract: "Show or set your name and e-mail address (used by meetings).",
        discussion: "Without options, prints them. Example: datebook me --name \"Ana Lima\" --email ana@example.org")

    @OptionGroup var store: StoreOptions

    @Option(help: "Your name.")
    var name: String?

    @Option(help: "Your e-mail address.")
    var email: String?

    func run() throws {
        let database = try store.openStore(creating: name != nil || email != nil)
        do {
            guard name != nil || email != nil else {
                guard let me = try database.me() else {
                    Console.fail("datebook me: not set yet (datebook me --name NAME --email ADDRESS)")
                }
                print(InertText.line("\(me.name) <\(me.email)>"))
                return
            }
            let current = try database.me()
            guard let newName = name ?? current?.name, let newEmail = email ?? current?.email else {
                Console.fail("datebook me: give both --name and --email the first time")
            }
            try database.setMe(Me(name: newName, email: newEmail))
            print(InertText.line("\(newName) <\(newEmail)>"))
        } catch {
            Console.fail("datebook me: \(error)")
        }
    }
}
