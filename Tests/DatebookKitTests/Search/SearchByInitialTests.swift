import Foundation
import Testing

@testable import DatebookKit

/// A one-character query read from the titles that begin with it gives exactly what the walk
/// over every match gives: the same first results of each kind, in the same order, and the
/// same "more".
@Suite struct SearchByInitialTests {
    let store: SQLiteStore

    init() throws {
        store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        // Titles beginning with a few letters, dates shuffled, notes that also match, one-letter
        // titles late in time (which still come first), contacts by name and by email.
        let words = ["Review", "review plan", "Ramen", "Office", "sprint", "Standup", "会议", "会", "R", "o",
                     "Dentist", "2nd draft", "Ölwechsel", "Übung"]
        var items: [Item] = []
        for n in 1...240 {
            let word = words[(n * 5) % words.count]
            let day = 1 + (n * 37) % 28
            let hour = 8 + (n * 11) % 10
            let at = String(format: "2026-12-%02d %02d:00", day, hour)
            switch n % 3 {
            case 0:
                var item = Fixture.event(n, "\(word) \(n)", at: at)
                if n % 4 == 0 { item.notes = "room R\(n) on the other floor" }
                items.append(item)
            case 1:
                items.append(Fixture.task(n, word == "R" || word == "o" ? word : "\(word) \(n)", due: at))
            default:
                var item = Fixture.event(n, word == "R" || word == "o" ? word : "\(word) \(n)", at: at)
                item.kind = .reminder
                items.append(item)
            }
        }
        for item in items { try store.save(item) }
        for n in 1...40 {
            let names = ["Rosa Diaz", "Oscar Ortiz", "Sofia Reyes", "Ana Ruiz", "会田 健"]
            var contact = Contact(id: UUID(), displayName: "\(names[n % names.count]) \(n)", created: Fixture.now)
            contact.emails = [LabelledValue("p\(n)@office.example.org", label: "work")]
            try store.save(contact)
        }
    }

    private func summary(_ results: SearchResults) -> [String] {
        results.groups.map { group in
            "\(group.kind): " + group.hits.map { "\($0.item.title)/\($0.closeness)" }.joined(separator: ", ")
                + (group.hasMore ? " +" : "")
        } + [
            "contacts: " + results.contactHits.map(\.contact.displayName).joined(separator: ", ")
                + (results.contacts?.hasMore == true ? " +" : ""),
        ]
    }

    @Test(arguments: ["r", "R", "o", "s", "会", "2", "d", "ö", "u", "x", "a"])
    func givesWhatTheWalkOverEveryMatchGives(_ text: String) throws {
        for limit in [1, 3, 10, 50] {
            let query = SearchQuery(text, limitPerKind: limit)
            let read = try store.search(query, at: Fixture.now, byInitial: true)
            let walked = try store.search(query, at: Fixture.now, byInitial: false)
            #expect(summary(read) == summary(walked), "\(text) with \(limit) of each kind")
        }
    }

    @Test func readsTheKindsWithEnoughTitlesThatBeginWithTheLetterAndLeavesTheRest() throws {
        var rankings = SearchKind.allCases.map { _ in SearchRanking(limit: 3) }
        let left = try store.read { db in
            try SearchByInitial.rank(db, initial: "r", kinds: SearchKind.allCases, limit: 3, into: &rankings)
        }
        // Events, tasks, reminders and contacts have more than three titles that begin with
        // "r"; there are no meetings.
        #expect(left == [.meeting])
        let events = rankings[SearchKind.allCases.firstIndex(of: .event)!]
        #expect(events.hasMore)
        #expect(events.first.count == 3)
        // A one-letter title ranks first whatever its date.
        let reminders = rankings[SearchKind.allCases.firstIndex(of: .reminder)!].first
        #expect(reminders.first?.searchCloseness == .exact)
    }

    @Test func isNotUsedForLongerQueriesHistoryOrDates() {
        #expect(SearchByInitial.initial(of: ["r"], query: SearchQuery("R")) == "r")
        #expect(SearchByInitial.initial(of: ["re"], query: SearchQuery("re")) == nil)
        #expect(SearchByInitial.initial(of: ["r", "d"], query: SearchQuery("r d")) == nil)
        #expect(SearchByInitial.initial(of: ["r"], query: SearchQuery("r", includeHistory: true)) == nil)
        let week = Fixture.now..<Fixture.now.addingTimeInterval(7 * 86_400)
        #expect(SearchByInitial.initial(of: ["r"], query: SearchQuery("r", range: week)) == nil)
        // Symbols are not words: they are looked for anywhere in the texts.
        #expect(SearchByInitial.initial(of: ["#"], query: SearchQuery("#")) == nil)
    }
}
