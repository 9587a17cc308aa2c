import ArgumentParser
import DatebookKit
import DatebookTerminal
import Foundation

/// `datebook inbox`: reads meeting messages others sent (iCalendar files with a METHOD).
struct Inbox: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inbox",
        abstract: "Read meeting invitations, replies, updates and cancels from iCalendar files.",
        discussion: """
            Each file is applied by its UID and SEQUENCE: an older message never overwrites a \
            newer state, and reading a message twice changes nothing. Prints one line per \
            message; exit status 1 when any file was refused.
            """)

    @OptionGroup var store: StoreOptions

    @Argument(help: ArgumentHelp("The files (- for standard input).", valueName: "file"))
    var files: [String]

    func run() throws {
        let database = try store.openStore()
        var failed = false
        for file in files {
            let name = file == "-" ? "standard input" : file
            do {
                let data = file == "-"
                    ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
                let messages = try ITIPReader.read(data)
                let outcomes = try database.writeMeetings { batch in
                    try messages.map { try MeetingInbox.apply($0, in: batch) }
                }
                for outcome in outcomes { print("\(name): \(InertText.line(outcome.summary))") }
            } catch {
                Console.error("datebook inbox: \(name): \(InertText.line(String(describing: error)))")
                failed = true
            }
        }
        if failed { throw ExitCode(1) }
    }
}
