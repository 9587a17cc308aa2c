import Foundation
import GRDB
import Testing

@testable import DatebookKit

/// Contacts in the search index: every text field found, kept with every contact write and
/// vCard import, deleted ones only with History, blocked ones marked, an older database
/// indexed when opened.
@Suite struct ContactSearchTests {
    let store: SQLiteStore

    init() throws {
        store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
    }

    private func names(_ query: SearchQuery) throws -> [String] {
        try store.search(query, at: Fixture.now).contactHits.map(\.contact.displayName)
    }

    private func names(_ text: String) throws -> [String] {
        try names(SearchQuery(text))
    }

    @discardableResult
    private func add(_ name: String, _ edit: (inout Contact) -> Void = { _ in }) throws -> Contact {
        var contact = Contact(id: UUID(), displayName: name, created: Fixture.now)
        edit(&contact)
        return try store.save(contact)
    }

    @Test func everyTextFieldIsFound() throws {
        try add("Sofía Núñez") { contact in
            contact.givenName = "Sofía"
            contact.familyName = "Núñez"
            contact.nicknames = ["Sofi"]
            contact.emails = [LabelledValue("sofia.n@example.org", label: "work")]
            contact.phones = [LabelledValue("+34 600 123 456", label: "mobile")]
            contact.organisation = "Acme Robotics"
            contact.title = "Engineer"
            contact.address = PostalAddress(street: "Calle Mayor 7", locality: "Zaragoza", country: "España")
            contact.url = "https://sofia.example.net"
            contact.notes = "Met at the harbour festival"
            contact.categories = ["Climbing club"]
        }
        try add("王芳") { $0.emails = [LabelledValue("wang@example.cn")] }
        try add("Unrelated Person")

        for query in ["sofia", "NUNEZ", "núñez", "sofi", "sofia.n@example", "600 123 456", "600123456", "+34 600",
                      "acme", "engineer", "zaragoza", "espana", "calle mayor", "sofia.example.net", "harbour",
                      "climbing"] {
            #expect(try names(query) == ["Sofía Núñez"], "query \(query)")
        }
        #expect(try names("王芳") == ["王芳"])
        #expect(try names("王") == ["王芳"])
        #expect(try names("wang@") == ["王芳"])
    }

    @Test func aRowShowsTheNameAndTheEmailOrPhoneOrWhatMatched() throws {
        try add("Ana Lima") {
            $0.emails = [LabelledValue("ana@example.org")]
            $0.phones = [LabelledValue("+55 11 5555-0000")]
            $0.organisation = "Acme"
        }
        try add("Ben Phone") { $0.phones = [LabelledValue("+44 20 7946 0000")] }
        let ana = try #require(try store.search(SearchQuery("ana"), at: Fixture.now).contactHits.first)
        #expect(ana.detail == "ana@example.org")
        #expect(ana.closeness == .prefix)
        #expect(try store.search(SearchQuery("acme"), at: Fixture.now).contactHits.first?.detail == "Acme")
        #expect(try store.search(SearchQuery("ben"), at: Fixture.now).contactHits.first?.detail == "+44 20 7946 0000")
    }

    @Test func contactsComeAfterTheItemsAndOnlyForTheirKind() throws {
        try store.save(Fixture.event(1, "Lunch with Ana", at: "2026-11-23 12:00"))
        try add("Ana Lima")
        let results = try store.search(SearchQuery("ana"), at: Fixture.now)
        #expect(results.hits.map(\.item.title) == ["Lunch with Ana"])
        #expect(results.contactHits.map(\.contact.displayName) == ["Ana Lima"])
        #expect(try names(SearchQuery("ana", kinds: [.event])).isEmpty)
        #expect(try store.search(SearchQuery("ana", kinds: [.contact]), at: Fixture.now).hits.isEmpty)
        #expect(try names(SearchQuery("ana", kinds: [.contact])) == ["Ana Lima"])
        // Contacts have no dates: a range leaves them out.
        let week = Fixture.utc("2026-11-23 00:00")..<Fixture.utc("2026-11-30 00:00")
        #expect(try names(SearchQuery("ana", range: week)).isEmpty)
    }

    @Test func anEditReplacesTheOldTexts() throws {
        var contact = try add("Old Name") { $0.emails = [LabelledValue("old@example.org")] }
        contact.displayName = "New Name"
        contact.emails = [LabelledValue("new@example.org")]
        try store.save(contact)
        #expect(try names("old").isEmpty)
        #expect(try names("new") == ["New Name"])
        #expect(try names("new@example") == ["New Name"])
    }

    @Test func aDeletedContactIsFoundOnlyWithHistoryAndComesBack() throws {
        let contact = try add("Gone Person")
        try store.deleteContact(id: contact.id)
        #expect(try names("gone").isEmpty)
        let withHistory = try store.search(SearchQuery("gone", includeHistory: true), at: Fixture.now).contactHits
        #expect(withHistory.map(\.contact.displayName) == ["Gone Person"])
        #expect(withHistory.first?.contact.status == .deleted)
        try store.restoreContact(id: contact.id)
        #expect(try names("gone") == ["Gone Person"])
    }

    @Test func aBlockedContactIsFoundAndMarked() throws {
        let contact = try add("Blocked Person")
        try store.setRelation(.blocked, of: contact.id)
        let hit = try #require(try store.search(SearchQuery("blocked"), at: Fixture.now).contactHits.first)
        #expect(hit.isBlocked)
    }

    @Test func aVCardImportIsIndexedInItsTransaction() throws {
        let card = """
            BEGIN:VCARD
            VERSION:3.0
            UID:card-1
            FN:Zoë Kowalski
            EMAIL;TYPE=work:zoe@example.pl
            TEL;TYPE=cell:+48 22 555 0100
            END:VCARD

            """.replacingOccurrences(of: "\n", with: "\r\n")
        _ = try VCardImporter(writer: store).importData(Data(card.utf8))
        #expect(try names("zoe") == ["Zoë Kowalski"])
        #expect(try names("555 0100") == ["Zoë Kowalski"])
    }

    @Test func anOlderDatabaseHasItsContactsIndexedWhenOpened() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let path = folder + "/old.sqlite"
        do {
            let store = try SQLiteStore(path: path, clock: .fixed(Fixture.now), ids: .sequential())
            try store.save(Fixture.event(1, "Dentist", at: "2026-11-23 10:00"))
            var contact = Contact(id: UUID(), displayName: "Hana Sato", created: Fixture.now)
            contact.emails = [LabelledValue("hana@example.jp")]
            try store.save(contact)
            // As a database written before contacts were searched: the index as v11 made it,
            // holding items only, and no v13.
            try store.dbQueue.write { db in
                try db.execute(sql: """
                    DROP TABLE search_rank;
                    DELETE FROM search_text WHERE rowid < 0;
                    DELETE FROM search_word WHERE rowid < 0;
                    DELETE FROM grdb_migrations WHERE identifier = 'v13';
                    """)
            }
        }
        let reopened = try SQLiteStore(path: path, clock: .fixed(Fixture.now), ids: .sequential())
        #expect(try reopened.search(SearchQuery("hana@example"), at: Fixture.now).contactHits
            .map(\.contact.displayName) == ["Hana Sato"])
        #expect(try reopened.search(SearchQuery("dentist"), at: Fixture.now).hits.map(\.item.title) == ["Dentist"])
        let flags = try reopened.dbQueue.read {
            try Int.fetchOne($0, sql: "SELECT count(*) FROM store_value WHERE name LIKE 'rebuild_search%'")
        }
        #expect(flags == 0)
    }
}

/// The first of each kind, chosen while the matches are read, are the ones a full sort gives.
@Suite struct SearchRankingTests {
    @Test func theFirstAreThoseAFullSortGives() {
        var generator = SystemRandomNumberGenerator()
        let entries = (0..<2_000).map { n in
            SearchRanking.Entry(rowID: Int64(n), closeness: Int.random(in: 0...3, using: &generator),
                                sortAt: Double(Int.random(in: 0...500, using: &generator)), sortText: "")
        }
        for limit in [1, 5, 50] {
            var ranking = SearchRanking(limit: limit)
            entries.forEach { ranking.add($0) }
            let expected = entries.sorted(by: SearchRanking.Entry.precedes).prefix(limit).map(\.rowID)
            #expect(ranking.first.map(\.rowID) == Array(expected))
            #expect(ranking.hasMore)
        }
        var few = SearchRanking(limit: 50)
        entries.prefix(3).forEach { few.add($0) }
        #expect(few.first.count == 3)
        #expect(!few.hasMore)
    }
}
