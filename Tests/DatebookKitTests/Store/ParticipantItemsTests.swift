import Foundation
import GRDB
import Testing

@testable import DatebookKit

/// The items a person takes part in, found by their e-mail among organizers and attendees.
@Suite struct ParticipantItemsTests {
    static let now = Date(timeIntervalSince1970: 1_795_256_220)

    static func event(_ title: String, hoursFromNow: Double, organizer: String? = nil, attendees: [String] = [])
        -> Item
    {
        let start = now.addingTimeInterval(hoursFromNow * 3600)
        var item = Item(id: UUID(), kind: .event, title: title,
                        times: [ItemTime(start: start, end: start.addingTimeInterval(3600))], created: now)
        item.organizer = organizer.map { Participant(address: $0) }
        item.attendees = attendees.map { Participant(address: $0) }
        return item
    }

    @Test func itemsAreFoundByOrganizerOrAttendeeAddressCaseIgnoredByDateWithoutTheDeleted() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Self.now), ids: .sequential())
        let later = try store.save(Self.event("Later", hoursFromNow: 48, attendees: ["mailto:bea@x.org", "mailto:Ana@X.org"]))
        let earlier = try store.save(Self.event("Earlier", hoursFromNow: -48, organizer: "MAILTO:ana@x.org"))
        let bare = try store.save(Self.event("Bare address", hoursFromNow: 1, attendees: ["ana@x.org"]))
        _ = try store.save(Self.event("Someone else", hoursFromNow: 2, attendees: ["mailto:carl@x.org"]))
        let deleted = try store.save(Self.event("Deleted", hoursFromNow: 3, attendees: ["mailto:ana@x.org"]))
        try store.delete(id: deleted.id)
        let completed = try store.save(Self.event("Done", hoursFromNow: 4, attendees: ["mailto:ana@x.org"]))
        try store.complete(id: completed.id)

        let found = try store.items(withParticipantEmails: ["ana@x.org"], limit: 10)
        #expect(found.map(\.id) == [earlier.id, bare.id, completed.id, later.id])
        #expect(try store.items(withParticipantEmails: ["ana@x.org"], limit: 2).map(\.id) == [earlier.id, bare.id])
        #expect(try store.items(withParticipantEmails: [], limit: 10).isEmpty)
        #expect(try store.items(withParticipantEmails: ["nobody@x.org"], limit: 10).isEmpty)
    }

    @Test func theLookupUsesTheAddressIndex() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Self.now), ids: .sequential())
        let plan = try store.read { db in
            try Row.fetchAll(db, sql: """
                EXPLAIN QUERY PLAN SELECT item FROM item_participant WHERE address COLLATE NOCASE IN (?, ?)
                """, arguments: ["a", "b"]).map { $0["detail"] as String }
        }
        #expect(plan.contains { $0.contains("item_participant_address") }, "\(plan)")
    }
}
