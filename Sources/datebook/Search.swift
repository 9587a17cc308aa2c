import ArgumentParser
import DatebookKit
import DatebookTerminal
import Foundation

/// `datebook search`: the items whose texts hold the words of a query, as text or JSON.
struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find items by their title, place, notes, categories or attendees, contacts by any field, and meetings.",
        discussion: """
            Case and accents are ignored; every word must occur somewhere in the item (any \
            characters, CJK included). Results come by kind (events, tasks, reminders, contacts, meetings), \
            the closest first (the title itself, then titles that begin with the query, then \
            titles that hold it, then other texts), then by date: a repeating item by its next \
            occurrence (with --from or --to, by its first one in the range); contacts by name. A contact is found by any of its texts (names, \
            nicknames, e-mails, phones, organisation, title, address, URL, notes, categories); \
            a blocked one is marked, a deleted one is found only with --all; --from and --to \
            leave contacts and meetings out. A meeting is found by its title, place, notes and \
            people; a cancelled one only with --all.
            Text: one result per line, tab-separated: id, kind, date, time, title, place; for a \
            contact: id, "contact", its relation (or "deleted"), "", its name, its e-mail or phone; \
            for a meeting: id, "meeting", its first day, "active" or "cancelled", its title, its place.
            JSON: an array of objects with id, kind, title, place, start, status, closeness, \
            matches (where the query occurs in the title) and match (the other text that holds \
            it, when the title and place do not); a contact's has kind "contact", its name as \
            title, its e-mail or phone as place, no start, its status, and its relation.
            """)

    enum KindOption: String, ExpressibleByArgument, CaseIterable {
        case event, task, reminder, contact, meeting, events, tasks, reminders, contacts, meetings

        var kind: SearchKind {
            switch self {
            case .event, .events: .event
            case .task, .tasks: .task
            case .reminder, .reminders: .reminder
            case .contact, .contacts: .contact
            case .meeting, .meetings: .meeting
            }
        }
    }

    @OptionGroup var store: StoreOptions

    @Argument(help: "The words to find.")
    var query: String

    @Option(name: .long, help: "Only this kind: event, task, reminder, contact or meeting (repeat for more).")
    var kind: [KindOption] = []

    @OptionGroup var range: RangeOptions

    @Flag(name: .long, help: "Include History (completed and deleted items, deleted contacts).")
    var all = false

    @Option(name: .long, parsing: .unconditional, help: "At most this many results of each kind.")
    var limit = 100

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
    }

    func run() throws {
        let database = try store.openStore(creating: false)
        let now = Date()
        let dates = range.range(command: "search")
        var span: Range<Date>?
        if dates.from != nil || dates.to != nil {
            let from = dates.from ?? .distantPast
            let to = dates.to ?? .distantFuture
            guard from < to else { Console.fail("datebook search: --to must be after --from") }
            span = from..<to
        }
        let request = SearchQuery(
            query, kinds: Set(kind.map(\.kind)), range: span, includeHistory: all, limitPerKind: limit)
        let results: SearchResults
        do {
            if try request.terms().isEmpty { throw SearchQueryProblem.empty }
            results = try database.search(request, at: now)
        } catch let problem as SearchQueryProblem {
            Console.fail("datebook search: \(problem)")
        } catch {
            Console.fail("datebook search: \(error)")
        }
        if json {
            FileHandle.standardOutput.write(try SearchJSON.encode(results, timeZone: TimeZone.current))
            FileHandle.standardOutput.write(Data("\n".utf8))
            return
        }
        let text = DateText(calendar: Console.calendar)
        for hit in results.hits {
            let item = hit.item
            let (date, time) = hit.listed.map { text.columns(of: $0, now: now) } ?? text.columns(of: item, now: now)
            print([item.id.uuidString.lowercased(), item.kind.rawValue, date, time, item.title, item.place]
                .map { InertText.line($0) }.joined(separator: "\t"))
        }
        for hit in results.contactHits {
            let contact = hit.contact
            let state = contact.status == .deleted ? "deleted" : contact.relation.rawValue
            print([contact.id.uuidString.lowercased(), "contact", state, "", contact.displayName, hit.detail ?? ""]
                .map { InertText.line($0) }.joined(separator: "\t"))
        }
        for hit in results.meetingHits {
            let meeting = hit.meeting
            let day = meeting.span.map { text.day($0.start, relativeTo: now) } ?? ""
            print([meeting.id.uuidString.lowercased(), "meeting", day, meeting.state == .cancelled ? "cancelled" : "active",
                   meeting.title, meeting.place].map { InertText.line($0) }.joined(separator: "\t"))
        }
    }
}
