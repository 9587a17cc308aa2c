import ArgumentParser
import DatebookKit
import DatebookTerminal
import Foundation

/// `datebook inbox`: reads meeting and contact messages others sent (iCalendar files).
struct Inbox: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inbox",
        abstract: "Read meeting invitations, replies, updates and cancels, and contact requests, from iCalendar files.",
        discussion: """
            Each meeting message is applied by its UID and SEQUENCE: an older message never \
            overwrites a newer state, and reading a message twice changes nothing. A contact \
            request makes the sender a contact who asked (or a friend, when you had asked \
            them); an answer settles the request you sent. Prints one line per message; exit \
            status 1 when any file was refused.
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
                let data: Data
                do {
                    data = file == "-"
                        ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
                } catch {
                    throw UnreadableFileError(reason: UnreadableFile.reason(file, error))
                }
                let outcomes = try InboxFile.apply(data, to: database)
                for outcome in outcomes { print("\(name): \(InertText.line(outcome.summary))") }
            } catch {
                Console.error("datebook inbox: \(name): \(InertText.line(String(describing: error)))")
                failed = true
            }
        }
        if failed { throw ExitCode(1) }
    }
}

/// A file `inbox` could not read, said plainly.
private struct UnreadableFileError: Error, CustomStringConvertible {
    let reason: String
    var description: String { "cannot read the file: \(reason)" }
}
