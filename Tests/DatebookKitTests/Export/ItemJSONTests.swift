import Foundation
import Testing

@testable import DatebookKit

/// The objects `datebook list --json` prints.
@Suite struct ItemJSONTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    static func object(_ items: [Item]) throws -> [[String: Any]] {
        let data = try ItemJSON.encode(items, timeZone: berlin)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    @Test func everyFieldWithItsValue() throws {
        var item = Fixture.event(1, "Lunch with Ana", at: "2026-11-22 11:30")
        item.times.append(ItemTime(start: Fixture.utc("2026-11-29 11:30")))
        item.place = "Café / Bar"
        item.notes = "Table for two"
        item.priority = 2
        item.category = "Friends"
        item.alarms = [Alarm(minutesBefore: 10, sound: "bell"), Alarm(at: Fixture.now)]
        item.repeatRule = "FREQ=WEEKLY"
        item.attachments = ["/home/ana/menu.pdf"]
        item.status = .completed
        item.statusChangedAt = Fixture.utc("2026-11-22 13:00")
        item.updated = Fixture.utc("2026-11-22 13:00")

        let json = try #require(try Self.object([item]).first)

        #expect(json["id"] as? String == "00000000-0000-0000-0000-000000000001")
        #expect(json["kind"] as? String == "event")
        #expect(json["title"] as? String == "Lunch with Ana")
        #expect(json["start"] as? String == "2026-11-22T12:30:00+01:00")
        #expect(json["end"] as? String == "2026-11-22T13:30:00+01:00")
        #expect(json["due"] is NSNull)
        #expect(json["allDay"] as? Bool == false)
        #expect(json["place"] as? String == "Café / Bar")
        #expect(json["notes"] as? String == "Table for two")
        #expect(json["status"] as? String == "completed")
        #expect(json["statusChangedAt"] as? String == "2026-11-22T14:00:00+01:00")
        #expect(json["priority"] as? Int == 2)
        #expect(json["category"] as? String == "Friends")
        let times = try #require(json["times"] as? [[String: Any]])
        #expect(times.count == 2)
        #expect(times[0]["start"] as? String == "2026-11-22T12:30:00+01:00")
        #expect(times[1]["start"] as? String == "2026-11-29T12:30:00+01:00")
        #expect(times[1]["end"] is NSNull)
        let alarms = try #require(json["alarms"] as? [[String: Any]])
        #expect(alarms.count == 2)
        #expect(alarms.first?["minutesBefore"] as? Int == 10)
        #expect(alarms.first?["sound"] as? String == "bell")
        #expect(alarms.first?["at"] is NSNull)
        #expect(alarms.last?["at"] as? String == json["created"] as? String)
        #expect(alarms.last?["minutesBefore"] is NSNull)
        #expect(json["repeatRule"] as? String == "FREQ=WEEKLY")
        #expect(json["attachments"] as? [String] == ["/home/ana/menu.pdf"])
        #expect(json["created"] as? String == "2026-11-22T10:00:00+01:00")
        #expect(json["updated"] as? String == "2026-11-22T14:00:00+01:00")
    }

    @Test func missingValuesAreNullNotLeftOut() throws {
        let json = try #require(try Self.object([Fixture.task(2, "Undated")]).first)
        let keys: Set<String> = [
            "id", "kind", "title", "start", "end", "due", "allDay", "place", "notes", "status",
            "statusChangedAt", "priority", "category", "times", "alarms", "repeatRule", "attachments",
            "created", "updated", "timeZone", "uid", "recurrenceDates", "recurrencePeriods", "exceptionDates",
            "exceptionDays", "instancesOnly", "overrides", "organizer", "attendees", "moreCategories",
            "extraProperties",
        ]
        #expect(Set(json.keys) == keys)
        #expect(json["uid"] is NSNull)
        #expect(json["organizer"] is NSNull)
        #expect(json["timeZone"] as? String == "UTC")
        #expect((json["alarms"] as? [Any])?.isEmpty == true)
        for key in ["start", "end", "due", "repeatRule", "statusChangedAt"] {
            #expect(json[key] is NSNull, "\(key) should be null")
        }
        #expect(json["status"] as? String == "active")
        #expect((json["times"] as? [Any])?.isEmpty == true)
    }

    @Test func deletedItemsSayDeleted() throws {
        var item = Fixture.task(3, "Gone")
        item.status = .deleted
        #expect(try Self.object([item]).first?["status"] as? String == "deleted")
    }

    @Test func outputIsPrettyWithSortedKeysAndPlainSlashes() throws {
        var withPath = Fixture.task(1, "A")
        withPath.attachments = ["/tmp/a/b.png"]
        let data = try ItemJSON.encode([withPath, Fixture.task(2, "B")], timeZone: Self.berlin)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("[\n  {\n"))
        let keys = text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("    \""), let end = line.dropFirst(5).firstIndex(of: "\"") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 5)..<end])
        }
        let firstObjectKeys = Array(keys.prefix(31))
        #expect(firstObjectKeys == firstObjectKeys.sorted())
        #expect(text.contains("\"/tmp/a/b.png\""))
        let empty = try JSONSerialization.jsonObject(with: try ItemJSON.encode([], timeZone: Self.berlin))
        #expect((empty as? [Any])?.isEmpty == true)
    }
}
