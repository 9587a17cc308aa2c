import ArgumentParser
import DatebookKit
import DatebookTerminal
import Foundation

/// `datebook meeting`: group meetings from scripts.
struct MeetingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meeting",
        abstract: "Create group meetings, vote on their times, confirm, accept or cancel them.",
        discussion: """
            A meeting is named by its id (or its last characters, as `meeting list` shows them) \
            or its UID. Each change writes the messages to send (iCalendar files) into the outbox, \
            a folder beside the database (--out DIR for another), and prints their paths; read \
            what others send with datebook inbox FILE. Slots take the date fields' words: "tue 10-11", "wed 14:00 1h", \
            "2026-12-01 10:00 11:30". Set who you are first: datebook me --name N --email E.
            """,
        subcommands: [
            MeetingNew.self, MeetingList.self, MeetingVote.self, MeetingRefuse.self, MeetingConfirm.self,
            MeetingAccept.self, MeetingCancel.self, MeetingSend.self,
        ])
}

/// What every meeting command that changes one shares: the store, me, and finding the meeting.
struct MeetingTarget: ParsableArguments {
    @OptionGroup var store: StoreOptions

    @Argument(help: ArgumentHelp("The meeting's id (or its last characters) or UID.", valueName: "id"))
    var id: String

    @Option(help: ArgumentHelp("Where to write the messages to send (default: outbox/ beside the database).",
                               valueName: "dir"))
    var out: String?

    /// Opens the store, finds the meeting, applies `change` as me, writes it, prints `said` and
    /// writes the messages to send.
    func change(_ command: String, said: (Meeting) -> String, _ change: (inout Meeting, Me) throws -> Void) {
        let database: SQLiteStore
        do {
            database = try store.openStore()
        } catch {
            Console.fail("datebook meeting \(command): \(error)")
        }
        let outbox = out.map(MeetingOutbox.init(folder:)) ?? MeetingOutbox.beside(database: store.path)
        do {
            let result = try MeetingActions.perform(on: database, outbox: outbox, find: { batch in
                guard let meeting = try Self.find(id, batch: batch) else { throw MeetingError.notFound(id) }
                return meeting
            }, change)
            print(InertText.line(said(result.meeting)))
            for (path, recipient) in result.sent { print(InertText.line("wrote \(path) (send it to \(recipient.email))")) }
        } catch {
            Console.fail("datebook meeting \(command): \(error)")
        }
    }

    /// The meeting `text` names: an id, a UID, or a unique end or start of an id (`meeting list`
    /// shows the last eight characters: ids begin with the time they were made).
    static func find(_ text: String, batch: MeetingBatch) throws -> Meeting? {
        if let id = UUID(uuidString: text), let meeting = try batch.meeting(id: id) { return meeting }
        if let meeting = try batch.meeting(uid: text) { return meeting }
        let prefix = text.lowercased()
        guard prefix.count >= 4 else { return nil }
        let matches = try batch.meetings(idPart: prefix)
        guard matches.count <= 1 else {
            throw MeetingError.invalid(["“\(text)” names \(matches.count) meetings; type more of the id"])
        }
        return matches.first
    }
}

struct MeetingNew: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a meeting I host and print its id; the invitations go into the outbox (their paths on stderr).")

    @OptionGroup var store: StoreOptions

    @Argument(help: "The title.")
    var title: String

    @Option(name: .customLong("slot"), help: ArgumentHelp("A candidate time (repeat for more).", valueName: "time"))
    var slots: [String] = []

    @Option(name: .customLong("invite"), help: ArgumentHelp("An invitee's e-mail address, or \"Name <address>\" (repeat for more).", valueName: "email"))
    var invitees: [String] = []

    @Option(help: "Where it happens.")
    var place: String?

    @Option(help: "Notes.")
    var notes: String?

    @Option(help: ArgumentHelp("How long it lasts when a slot gives only its start.", valueName: "duration"))
    var duration: String = "1h"

    @Option(help: ArgumentHelp("When votes are no longer wanted.", valueName: "date"))
    var deadline: String?

    func run() throws {
        let length: TimeInterval
        do {
            length = try DurationParser.parse(duration).seconds
        } catch {
            Console.fail("datebook meeting new: --duration: \(error)")
        }
        let reader = MeetingSlotText(parser: DateParser(now: Date(), calendar: Console.calendar), duration: length)
        var slots: [MeetingSlot] = []
        for (index, text) in self.slots.enumerated() {
            do {
                let (start, end) = try reader.parse(text)
                slots.append(MeetingSlot(id: index + 1, start: start, end: end))
            } catch {
                Console.fail("datebook meeting new: --slot \(index + 1): \(error)")
            }
        }
        guard !slots.isEmpty else { Console.fail("datebook meeting new: give at least one --slot") }
        let database = try store.openStore()
        do {
            guard let me = try database.me() else { throw MeetingError.noMe }
            let people = invitees.map { MeetingDraft.person($0) ?? MeetingPerson(name: "", email: $0) }
            let meeting = try database.writeMeetings { batch in
                var meeting = Meeting(
                    id: batch.newID(), title: title, host: me.person, hostedByMe: true, slots: slots,
                    invitees: people.map { MeetingInvitee(person: $0) }, created: batch.now)
                meeting.place = place ?? ""
                meeting.notes = notes ?? ""
                meeting.duration = length
                meeting.deadline = deadline.map {
                    MeetingDraft.deadline(Console.date($0, option: "deadline", command: "meeting new"), calendar: Console.calendar)
                }
                return try batch.write(meeting)
            }
            print(meeting.id.uuidString.lowercased())
            // The invitations, as the planner writes them when a meeting is saved.
            let outbox = MeetingOutbox.beside(database: store.path)
            for (message, recipient) in MeetingOutbox.messages(after: meeting, me: me, at: Console.clock.now()) {
                let path = try outbox.write(message, to: recipient)
                // On stderr: standard output is the id alone, for scripts (`id=$(datebook meeting new …)`).
                Console.error(InertText.line("wrote \(path) (send it to \(recipient.email))"))
            }
        } catch {
            Console.fail("datebook meeting new: \(error)")
        }
    }
}

struct MeetingList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List meetings: id, list, state, slots with tallies, answers.")

    @OptionGroup var store: StoreOptions

    @Flag(help: "Print JSON: one object per meeting.")
    var json = false

    func run() throws {
        let database = try store.openStore(creating: false)
        do {
            let me = try database.me()
            let meetings = try database.allMeetings()
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                let objects = meetings.map { MeetingJSON($0, me: me, timeZone: Console.calendar.timeZone) }
                print(String(decoding: try encoder.encode(objects), as: UTF8.self))
                return
            }
            let dates = DateText(calendar: Console.calendar)
            for meeting in meetings {
                let tally = MeetingTally(meeting)
                let lists = DatebookKit.MeetingList.allCases.filter(meeting.lists(for: me).contains).map(\.rawValue)
                let state: String
                switch meeting.state {
                case .polling: state = "polling"
                case let .confirmed(slot): state = "confirmed on slot \(slot)"
                case .cancelled: state = "cancelled"
                }
                print("\(meeting.id.uuidString.lowercased().suffix(8))  \(meeting.mark(for: me).rawValue)  "
                    + "\(InertText.line(meeting.title))  [\(lists.joined(separator: ", "))]  \(state)  \(tally.summary)")
                for slot in meeting.slots {
                    let count = tally.count(of: slot.id)
                    print("    \(slot.id). \(dates.full(slot.start))-\(dates.time(slot.end))  "
                        + "yes \(count?.yes ?? 0) · if need be \(count?.maybe ?? 0) · no \(count?.no ?? 0)"
                        + (slot.id == tally.best ? "  (best)" : ""))
                }
            }
        } catch {
            Console.fail("datebook meeting list: \(error)")
        }
    }
}

struct MeetingVote: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vote", abstract: "Vote on a meeting's slots: --yes 1,3 --maybe 2 --no 4.")

    @OptionGroup var target: MeetingTarget

    @Option(help: ArgumentHelp("Slots I can come to.", valueName: "slots"))
    var yes: String = ""

    @Option(help: ArgumentHelp("Slots I can come to if need be.", valueName: "slots"))
    var maybe: String = ""

    @Option(help: ArgumentHelp("Slots I cannot come to.", valueName: "slots"))
    var no: String = ""

    func run() throws {
        var votes: [Int: SlotVote] = [:]
        for (text, vote) in [(yes, SlotVote.yes), (maybe, .maybe), (no, .no)] {
            for part in text.split(separator: ",") {
                guard let slot = Int(part.trimmingCharacters(in: .whitespaces)) else {
                    Console.fail("datebook meeting vote: “\(part)” is not a slot number")
                }
                guard votes[slot] == nil else { Console.fail("datebook meeting vote: slot \(slot) is given twice") }
                votes[slot] = vote
            }
        }
        guard !votes.isEmpty else { Console.fail("datebook meeting vote: give --yes, --maybe or --no") }
        target.change("vote", said: { "Voted on “\(InertText.line($0.title))”: \(Self.describe(votes))" }) { meeting, me in
            try meeting.vote(votes, by: me.email, at: Date())
        }
    }

    static func describe(_ votes: [Int: SlotVote]) -> String {
        votes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value == .maybe ? "if need be" : $0.value.rawValue)" }
            .joined(separator: ", ")
    }
}

struct MeetingRefuse: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "refuse", abstract: "Say I will not come.")
    @OptionGroup var target: MeetingTarget
    func run() throws {
        target.change("refuse", said: { "Refused “\(InertText.line($0.title))”" }) { meeting, me in
            try meeting.refuse(by: me.email)
        }
    }
}

struct MeetingConfirm: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "confirm", abstract: "Confirm one slot of a meeting I host; it becomes an event in my calendar.")
    @OptionGroup var target: MeetingTarget
    @Argument(help: "The slot's number.") var slot: Int
    func run() throws {
        target.change("confirm", said: { "Confirmed “\(InertText.line($0.title))” on slot \(slot)" }) { meeting, _ in
            try meeting.confirm(slot: slot)
        }
    }
}

struct MeetingAccept: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accept", abstract: "Accept a meeting's confirmed time; it becomes an event in my calendar.")
    @OptionGroup var target: MeetingTarget
    func run() throws {
        target.change("accept", said: { "Going to “\(InertText.line($0.title))”" }) { meeting, me in
            try meeting.accept(by: me.email)
        }
    }
}

struct MeetingCancel: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Cancel a meeting I host.")
    @OptionGroup var target: MeetingTarget
    func run() throws {
        target.change("cancel", said: { "Cancelled “\(InertText.line($0.title))”" }) { meeting, _ in
            try meeting.cancel()
        }
    }
}

struct MeetingSend: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Write the messages of a meeting I host (or my answer to one) into the outbox again.")
    @OptionGroup var target: MeetingTarget
    func run() throws {
        target.change("send", said: { "Messages for “\(InertText.line($0.title))”:" }) { _, _ in }
    }
}
