import Foundation
import Testing

@testable import DatebookKit

/// A moment written as `yyyy-MM-dd HH:mm` in a named zone.
func local(_ text: String, _ zone: String) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: zone)!
    return try! DateParser(now: Date(timeIntervalSince1970: 0), calendar: calendar).parse(text).date
}

/// The `yyyy-MM-dd HH:mm` of a moment in a named zone.
func wallText(_ date: Date, _ zone: String) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: zone)!
    return DateText(calendar: calendar).field(date, withTime: true)
}

/// Recurring series expanded by libical: in their own zone across DST, with EXDATEs,
/// overrides, all-day and floating dates, and past the kept instances.
@Suite("Recurrence")
struct RecurrenceTests {
    static let newYork = "America/New_York"

    func store(zone: String = "UTC", now: Date = Fixture.now) throws -> SQLiteStore {
        try SQLiteStore.inMemory(clock: .fixed(now), ids: .sequential(), timeZone: TimeZone(identifier: zone)!)
    }

    func series(_ n: Int, _ title: String, _ start: Date, minutes: Double = 60, rule: String, zone: ItemTimeZone)
        -> Item
    {
        Item(
            id: Fixture.id(n), kind: .event, title: title,
            times: [ItemTime(start: start, end: start.addingTimeInterval(minutes * 60))], repeatRule: rule,
            created: Fixture.now, timeZone: zone)
    }

    @Test("a DTSTART the rule does not give comes first, and the rule's own first start still follows")
    func dtstartOffTheRule() throws {
        let store = try store()
        // A Thursday start for a rule of Mondays: the Monday after it was lost.
        try store.save(series(1, "Mondays", Fixture.utc("2026-01-01 10:00"), rule: "FREQ=WEEKLY;BYDAY=MO;COUNT=3",
                              zone: .utc))
        let found = try store.occurrences(from: Fixture.utc("2026-01-01 00:00"), to: Fixture.utc("2026-02-01 00:00"))
        #expect(found.map { wallText($0.start, "UTC") } == [
            "2026-01-01 10:00", "2026-01-05 10:00", "2026-01-12 10:00", "2026-01-19 10:00",
        ])
    }

    @Test("a weekly 09:00 in Berlin stays 09:00 Berlin time across the end of summer time")
    func dstInBerlin() throws {
        let store = try store(zone: "America/New_York")
        try store.save(series(1, "Standup", local("2026-10-12 09:00", "Europe/Berlin"),
                              rule: "FREQ=WEEKLY;COUNT=4", zone: .named("Europe/Berlin")))
        let found = try store.occurrences(from: Fixture.utc("2026-10-01 00:00"), to: Fixture.utc("2026-12-01 00:00"))
        #expect(found.map { wallText($0.start, "Europe/Berlin") } == [
            "2026-10-12 09:00", "2026-10-19 09:00", "2026-10-26 09:00", "2026-11-02 09:00",
        ])
        // Summer time ends on Sunday 25 October: the UTC hour moves, the Berlin hour does not.
        #expect(found.map { wallText($0.start, "UTC") } == [
            "2026-10-12 07:00", "2026-10-19 07:00", "2026-10-26 08:00", "2026-11-02 08:00",
        ])
        // Seen from New York (which changes a week later), 03:00, 03:00, 04:00, 03:00.
        #expect(found.map { wallText($0.start, Self.newYork) }.map { String($0.suffix(5)) } == [
            "03:00", "03:00", "04:00", "03:00",
        ])
        #expect(found.allSatisfy { $0.isRecurring && $0.recurrenceID == $0.start })
    }

    @Test("RFC 5545's weekly example keeps 09:00 New York time across the DST change of 1997")
    func rfcWeekly() throws {
        let store = try store(now: local("1997-09-01 00:00", Self.newYork))
        try store.save(series(1, "Weekly", local("1997-09-02 09:00", Self.newYork),
                              rule: "FREQ=WEEKLY;COUNT=10", zone: .named(Self.newYork)))
        let found = try store.occurrences(from: Fixture.utc("1997-01-01 00:00"), to: Fixture.utc("1999-01-01 00:00"))
        #expect(found.map { wallText($0.start, Self.newYork) } == [
            "1997-09-02 09:00", "1997-09-09 09:00", "1997-09-16 09:00", "1997-09-23 09:00", "1997-09-30 09:00",
            "1997-10-07 09:00", "1997-10-14 09:00", "1997-10-21 09:00", "1997-10-28 09:00", "1997-11-04 09:00",
        ])
    }

    @Test("RFC 5545's every-other-week example on Monday, Wednesday and Friday until 24 December 1997")
    func rfcEveryOtherWeek() throws {
        let store = try store(now: local("1997-09-01 00:00", Self.newYork))
        try store.save(series(1, "Fortnightly", local("1997-09-01 09:00", Self.newYork),
                              rule: "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR",
                              zone: .named(Self.newYork)))
        let found = try store.occurrences(from: Fixture.utc("1997-01-01 00:00"), to: Fixture.utc("1999-01-01 00:00"))
        let days = found.map { String(wallText($0.start, Self.newYork).prefix(10)) }
        #expect(days == [
            "1997-09-01", "1997-09-03", "1997-09-05", "1997-09-15", "1997-09-17", "1997-09-19", "1997-09-29",
            "1997-10-01", "1997-10-03", "1997-10-13", "1997-10-15", "1997-10-17", "1997-10-27", "1997-10-29",
            "1997-10-31", "1997-11-10", "1997-11-12", "1997-11-14", "1997-11-24", "1997-11-26", "1997-11-28",
            "1997-12-08", "1997-12-10", "1997-12-12", "1997-12-22",
        ])
        #expect(found.allSatisfy { wallText($0.start, Self.newYork).hasSuffix("09:00") })
    }

    @Test("RFC 5545's monthly example on the first Friday")
    func rfcFirstFriday() throws {
        let store = try store(now: local("1997-09-01 00:00", Self.newYork))
        try store.save(series(1, "First Friday", local("1997-09-05 09:00", Self.newYork),
                              rule: "FREQ=MONTHLY;COUNT=10;BYDAY=1FR", zone: .named(Self.newYork)))
        let found = try store.occurrences(from: Fixture.utc("1997-01-01 00:00"), to: Fixture.utc("1999-01-01 00:00"))
        #expect(found.map { String(wallText($0.start, Self.newYork).prefix(10)) } == [
            "1997-09-05", "1997-10-03", "1997-11-07", "1997-12-05", "1998-01-02", "1998-02-06", "1998-03-06",
            "1998-04-03", "1998-05-01", "1998-06-05",
        ])
    }

    @Test("an EXDATE removes its instance and an override moves and renames its own")
    func exceptions() throws {
        let store = try store()
        var item = series(1, "Yoga", Fixture.utc("2026-11-02 18:00"), rule: "FREQ=WEEKLY;COUNT=5", zone: .utc)
        item.exceptionDates = [Fixture.utc("2026-11-09 18:00")]
        item.overrides = [
            RecurrenceOverride(
                recurrenceID: Fixture.utc("2026-11-16 18:00"), start: Fixture.utc("2026-11-17 19:00"),
                end: Fixture.utc("2026-11-17 20:30"), title: "Yoga (Tuesday)", place: "Park")
        ]
        try store.save(item)
        let found = try store.occurrences(from: Fixture.utc("2026-11-01 00:00"), to: Fixture.utc("2026-12-31 00:00"))
        #expect(found.map(\.start) == [
            Fixture.utc("2026-11-02 18:00"), Fixture.utc("2026-11-17 19:00"), Fixture.utc("2026-11-23 18:00"),
            Fixture.utc("2026-11-30 18:00"),
        ])
        #expect(found[1].title == "Yoga (Tuesday)")
        #expect(found[1].place == "Park")
        #expect(found[1].recurrenceID == Fixture.utc("2026-11-16 18:00"))
        #expect(found[1].end == Fixture.utc("2026-11-17 20:30"))
        #expect(found[0].title == "Yoga")
    }

    @Test("a cancelled instance is left out; RDATEs add instances")
    func cancelledAndExtraDates() throws {
        let store = try store()
        var item = series(1, "Class", Fixture.utc("2026-11-02 10:00"), rule: "FREQ=DAILY;COUNT=3", zone: .utc)
        item.overrides = [.cancelled(Fixture.utc("2026-11-03 10:00"))]
        item.recurrenceDates = [Fixture.utc("2026-11-10 15:00")]
        try store.save(item)
        let found = try store.occurrences(from: Fixture.utc("2026-11-01 00:00"), to: Fixture.utc("2026-12-01 00:00"))
        #expect(found.map(\.start) == [
            Fixture.utc("2026-11-02 10:00"), Fixture.utc("2026-11-04 10:00"), Fixture.utc("2026-11-10 15:00"),
        ])
    }

    @Test("a yearly all-day date falls on its day in every zone")
    func allDayYearly() throws {
        for zone in ["Pacific/Auckland", "UTC", "America/Los_Angeles"] {
            let store = try store(zone: zone)
            var item = Item(
                id: Fixture.id(1), kind: .event, title: "Anniversary",
                times: [ItemTime(start: local("1997-11-02 00:00", zone), end: local("1997-11-03 00:00", zone))],
                allDay: true, repeatRule: "FREQ=YEARLY", created: Fixture.now, timeZone: .floating)
            item.categories = ["ANNIVERSARY", "PERSONAL"]
            try store.save(item)
            let found = try store.occurrences(from: local("2026-11-01 00:00", zone), to: local("2026-11-05 00:00", zone))
            #expect(found.count == 1, "in \(zone)")
            #expect(found.first.map { wallText($0.start, zone) } == "2026-11-02 00:00", "in \(zone)")
            #expect(found.first.map { wallText($0.end, zone) } == "2026-11-03 00:00", "in \(zone)")
            #expect(found.first?.allDay == true)
        }
    }

    @Test("a floating weekly 09:00 is at 09:00 wherever the calendar is read")
    func floatingWeekly() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let path = folder + "/datebook.sqlite"
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        try SQLiteStore(path: path, clock: .fixed(Fixture.now), timeZone: tokyo).save(
            series(1, "Piano", local("2026-11-02 09:00", "Asia/Tokyo"), rule: "FREQ=WEEKLY;COUNT=3", zone: .floating))
        for zone in ["Asia/Tokyo", "Europe/Berlin", "America/New_York"] {
            let store = try SQLiteStore(path: path, clock: .fixed(Fixture.now), timeZone: TimeZone(identifier: zone)!)
            let found = try store.occurrences(from: Fixture.utc("2026-10-25 00:00"), to: Fixture.utc("2026-12-01 00:00"))
            #expect(found.map { wallText($0.start, zone) } == ["2026-11-02 09:00", "2026-11-09 09:00", "2026-11-16 09:00"],
                    "in \(zone)")
        }
    }

    @Test("a series that never ends is expanded past its kept instances, and only where asked")
    func pastTheHorizon() throws {
        let store = try store()
        try store.save(series(1, "Daily", Fixture.utc("2026-01-01 07:00"), minutes: 30, rule: "FREQ=DAILY", zone: .utc))
        let kept = try store.dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM occurrence") }
        // From January to 400 days after now (22 November 2026).
        #expect((700...740).contains(kept ?? 0))
        let far = try store.occurrences(from: Fixture.utc("2031-03-01 00:00"), to: Fixture.utc("2031-03-08 00:00"))
        #expect(far.map(\.start) == (1...7).map { Fixture.utc("2031-03-0\($0) 07:00") })
        // A range across the horizon gets both kinds once each.
        let horizon = try store.dbQueue.read { db in try Double.fetchOne(db, sql: "SELECT expanded_until FROM item") }!
        let across = try store.occurrences(
            from: Date(unixSeconds: horizon - 10 * 86_400), to: Date(unixSeconds: horizon + 10 * 86_400))
        #expect(across.count == 20)
        #expect(Set(across.map(\.start)).count == 20)
    }

    @Test("as time passes, series are expanded again so that the weeks ahead stay kept")
    func extendingTheHorizon() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let path = folder + "/datebook.sqlite"
        try SQLiteStore(path: path, clock: .fixed(Fixture.now)).save(
            series(1, "Daily", Fixture.utc("2026-01-01 07:00"), minutes: 30, rule: "FREQ=DAILY", zone: .utc))
        try SQLiteStore(path: path, clock: .fixed(Fixture.now)).save(
            series(2, "Weekly", Fixture.utc("2026-01-05 07:00"), minutes: 30, rule: "FREQ=WEEKLY;COUNT=3", zone: .utc))
        // 200 days on, the daily series is kept 200 days ahead: nothing to do at startup.
        #expect(try SQLiteStore(path: path, clock: .fixed(Fixture.now.addingTimeInterval(200 * 86_400)))
            .extendRecurrenceHorizon() == 0)
        // 380 days on, less than four weeks ahead are kept: it is expanded again, once.
        let later = try SQLiteStore(path: path, clock: .fixed(Fixture.now.addingTimeInterval(380 * 86_400)))
        #expect(try later.extendRecurrenceHorizon() == 1)
        #expect(try later.extendRecurrenceHorizon() == 0)
        let range = (Fixture.utc("2028-10-01 00:00"), Fixture.utc("2028-11-01 00:00"))
        let kept = try later.dbQueue.read { db in
            try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM occurrence WHERE start >= ? AND start < ?",
                arguments: [range.0.timeIntervalSince1970, range.1.timeIntervalSince1970])
        }
        #expect(kept == 31)
        #expect(try later.occurrences(from: range.0, to: range.1).count == 31)
    }

    @Test("reading past the kept instances keeps them, within the horizon, and finds what a live expansion finds")
    func readingKeepsInstances() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let path = folder + "/datebook.sqlite"
        try SQLiteStore(path: path, clock: .fixed(Fixture.now)).save(
            series(1, "Daily", Fixture.utc("2026-01-01 07:00"), minutes: 30, rule: "FREQ=DAILY", zone: .utc))
        let later = try SQLiteStore(path: path, clock: .fixed(Fixture.now.addingTimeInterval(200 * 86_400)))
        let range = (Fixture.utc("2027-12-01 00:00"), Fixture.utc("2028-01-01 00:00"))
        func kept() throws -> Int? {
            try later.dbQueue.read { db in
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM occurrence WHERE start >= ? AND start < ?",
                    arguments: [range.0.timeIntervalSince1970, range.1.timeIntervalSince1970])
            }
        }
        // Kept up to 400 days after it was saved (27 December 2027, 09:00); the rest of December is not.
        #expect(try kept() == 27)
        let found = try later.occurrences(from: range.0, to: range.1)
        #expect(found.map(\.start) == (1...31).map { Fixture.utc(String(format: "2027-12-%02d 07:00", $0)) })
        // The read kept them: the next reads find rows, and nothing is left to extend.
        #expect(try kept() == 31)
        #expect(try later.occurrences(from: range.0, to: range.1) == found)
        #expect(try later.extendRecurrenceHorizon(through: range.1) == 0)
        // Past the horizon nothing more is kept: a read there expands live.
        let far = (Fixture.utc("2031-03-01 00:00"), Fixture.utc("2031-03-08 00:00"))
        #expect(try later.occurrences(from: far.0, to: far.1).count == 7)
        let keptFar = try later.dbQueue.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM occurrence WHERE start >= ?", arguments: [far.0.timeIntervalSince1970])
        }
        #expect(keptFar == 0)
    }

    @Test("a series kept up to the most instances is not written again when the planner opens, and reads past them live")
    func mostKeptIsFinal() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let path = folder + "/datebook.sqlite"
        let start = Fixture.utc("2026-12-05 18:30")
        try SQLiteStore(path: path, clock: .fixed(Fixture.now)).save(
            series(1, "Every second", start, minutes: 0, rule: "FREQ=SECONDLY;COUNT=1000000000", zone: .utc))
        try SQLiteStore(path: path, clock: .fixed(Fixture.now)).save(
            series(2, "Every minute", start, minutes: 0, rule: "FREQ=MINUTELY", zone: .utc))
        // Both keep the most instances, ending within two hours and four days of their start,
        // well before the four weeks ahead an opening keeps: expanding them again from DTSTART
        // keeps the same rows, so an opening leaves them alone.
        let opened = try SQLiteStore(path: path, clock: .fixed(Fixture.now))
        #expect(try opened.extendRecurrenceHorizon() == 0)
        let kept = try opened.dbQueue.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM occurrence")
        }
        #expect(kept == 2 * SeriesInstances.maximumKept)
        // Past them, a read still finds every instance, live, and keeps none.
        let seconds = try opened.occurrences(
            from: start.addingTimeInterval(7_200), to: start.addingTimeInterval(7_200 + 120))
        #expect(seconds.filter { $0.title == "Every second" }.map(\.start)
            == (0..<120).map { start.addingTimeInterval(7_200 + Double($0)) })
        let minutes = try opened.occurrences(
            from: start.addingTimeInterval(86_400 * 5), to: start.addingTimeInterval(86_400 * 5 + 120))
        #expect(minutes.filter { $0.title == "Every minute" }.map(\.start) == [
            start.addingTimeInterval(86_400 * 5), start.addingTimeInterval(86_400 * 5 + 60),
        ])
        #expect(try opened.dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM occurrence") } == kept)
    }

    @Test("hours, minutes and seconds in any order give the same times (libical needs them ascending)")
    func timesOfDayInAnyOrder() throws {
        func starts(_ rule: String, zone: ItemTimeZone = .utc) throws -> [Double] {
            let iterator = try RecurrenceIterator(
                rule: rule, start: Fixture.utc("2026-12-05 18:30").unixSeconds, isDate: false, zone: zone,
                zoneDefinition: nil)
            return (0..<400).compactMap { _ in iterator.next() }
        }
        for (written, sorted) in [
            ("FREQ=MINUTELY;BYHOUR=23,22", "FREQ=MINUTELY;BYHOUR=22,23"),
            ("FREQ=SECONDLY;BYHOUR=23,17,22,11;BYMINUTE=38", "FREQ=SECONDLY;BYHOUR=11,17,22,23;BYMINUTE=38"),
            ("FREQ=MINUTELY;BYMINUTE=45,5,30", "FREQ=MINUTELY;BYMINUTE=5,30,45"),
            ("FREQ=SECONDLY;BYSECOND=50,10;BYMINUTE=59,0", "FREQ=SECONDLY;BYSECOND=10,50;BYMINUTE=0,59"),
        ] {
            for zone in [ItemTimeZone.utc, .named("Europe/Berlin")] {
                let found = try starts(written, zone: zone)
                #expect(found == (try starts(sorted, zone: zone)), "\(written) in \(zone)")
                #expect(found.count > 100, "\(written)")
            }
        }
        // Both hours of the evening, not the later alone.
        let evening = try starts("FREQ=MINUTELY;BYHOUR=23,22").prefix { $0 < Fixture.utc("2026-12-06 00:00").unixSeconds }
        #expect(evening.contains { $0 >= Fixture.utc("2026-12-05 22:00").unixSeconds && $0 < Fixture.utc("2026-12-05 23:00").unixSeconds })
    }

    @Test("a COUNT out of reach of the work budget is not walked to its end")
    func countOutOfReach() throws {
        let far = try RecurrenceIterator(
            rule: "FREQ=SECONDLY;COUNT=1000000000", start: Fixture.utc("2026-12-05 18:30").unixSeconds, isDate: false,
            zone: .utc, zoneDefinition: nil)
        let near = try RecurrenceIterator(
            rule: "FREQ=SECONDLY;COUNT=6000", start: Fixture.utc("2026-12-05 18:30").unixSeconds, isDate: false,
            zone: .utc, zoneDefinition: nil)
        for _ in 0..<SeriesInstances.maximumKept {
            _ = far.next()
            _ = near.next()
        }
        #expect(far.cannotReachCount)
        #expect(!near.cannotReachCount)
        // The series of the first keeps its most instances and no known end, as a walk that
        // ran out of budget would have said; the second is walked to its end.
        let definition = { (rule: String) in
            SeriesDefinition(
                self.series(1, "s", Fixture.utc("2026-12-05 18:30"), minutes: 0, rule: rule, zone: .utc),
                coding: StoredTime(timeZone: TimeZone(identifier: "UTC")!))
        }
        let farSeries = SeriesInstances(definition("FREQ=SECONDLY;COUNT=1000000000"), horizon: .infinity)
        #expect(farSeries.instances.count == SeriesInstances.maximumKept)
        #expect(farSeries.row.end == nil)
        #expect(farSeries.row.keepsNoMore)
        let nearSeries = SeriesInstances(definition("FREQ=SECONDLY;COUNT=6000"), horizon: .infinity)
        #expect(nearSeries.row.end == Fixture.utc("2026-12-05 18:30").unixSeconds + 5_999)
    }

    @Test("an instance ending after the range starts is found; a moment at the range's end is not")
    func overlapAtEdges() throws {
        let store = try store()
        try store.save(series(1, "Night shift", Fixture.utc("2026-11-01 22:00"), minutes: 600,
                              rule: "FREQ=DAILY;COUNT=5", zone: .utc))
        let found = try store.occurrences(from: Fixture.utc("2026-11-03 00:00"), to: Fixture.utc("2026-11-03 22:00"))
        #expect(found.map(\.start) == [Fixture.utc("2026-11-02 22:00")])
    }
}

/// Deleting or changing one instance, and splitting a series, through `RecurrenceEditing`.
@Suite("Editing one occurrence")
struct RecurrenceEditingTests {
    func weekly(count: Int? = nil) throws -> (SQLiteStore, Item) {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential(),
                                             timeZone: TimeZone(identifier: "Europe/Berlin")!)
        let start = local("2026-10-05 09:00", "Europe/Berlin")
        let item = Item(
            id: Fixture.id(100), kind: .event, title: "Standup",
            times: [ItemTime(start: start, end: start.addingTimeInterval(900))],
            repeatRule: "FREQ=WEEKLY" + (count.map { ";COUNT=\($0)" } ?? ""), created: Fixture.now,
            timeZone: .named("Europe/Berlin"))
        return (store, try store.save(item))
    }

    func days(_ store: SQLiteStore) throws -> [String] {
        try store.occurrences(from: Fixture.utc("2026-10-01 00:00"), to: Fixture.utc("2026-11-15 00:00"))
            .map { wallText($0.start, "Europe/Berlin") }
    }

    @Test("deleting this occurrence adds an EXDATE and keeps one series")
    func deleteOne() throws {
        let (store, item) = try weekly()
        let target = local("2026-10-19 09:00", "Europe/Berlin")
        let changed = try store.deleteOccurrence(of: item.id, recurrenceID: target)
        #expect(changed.exceptionDates == [target])
        #expect(try days(store) == [
            "2026-10-05 09:00", "2026-10-12 09:00", "2026-10-26 09:00", "2026-11-02 09:00", "2026-11-09 09:00",
        ])
        #expect(try store.activeCount() == 1)
    }

    @Test("changing this occurrence keeps the change as an override of the same series")
    func changeOne() throws {
        let (store, item) = try weekly()
        let target = local("2026-10-26 09:00", "Europe/Berlin")
        try store.changeOccurrence(
            of: item.id,
            to: RecurrenceOverride(recurrenceID: target, start: local("2026-10-27 11:00", "Europe/Berlin"),
                                   end: local("2026-10-27 11:30", "Europe/Berlin"), title: "Standup (moved)"))
        let found = try store.occurrences(from: Fixture.utc("2026-10-01 00:00"), to: Fixture.utc("2026-11-15 00:00"))
        #expect(found.map { wallText($0.start, "Europe/Berlin") } == [
            "2026-10-05 09:00", "2026-10-12 09:00", "2026-10-19 09:00", "2026-10-27 11:00", "2026-11-02 09:00",
            "2026-11-09 09:00",
        ])
        #expect(found[3].title == "Standup (moved)")
        #expect(found[3].recurrenceID == target)
        // Changing it again replaces the change; deleting it drops it.
        try store.changeOccurrence(
            of: item.id, to: RecurrenceOverride(recurrenceID: target, start: target, end: target.addingTimeInterval(900),
                                                place: "Room 2"))
        #expect(try store.item(id: item.id)?.overrides.count == 1)
        try store.deleteOccurrence(of: item.id, recurrenceID: target)
        let after = try #require(try store.item(id: item.id))
        #expect(after.overrides.isEmpty)
        #expect(after.exceptionDates == [target])
    }

    @Test("completing one occurrence marks only it, keeps its own changes, and setting it back undoes just that")
    func completeOne() throws {
        let (store, item) = try weekly()
        let target = local("2026-10-19 09:00", "Europe/Berlin")
        try store.setOccurrenceCompleted(true, of: item.id, recurrenceID: target)
        func statuses() throws -> [String] {
            try store.occurrences(from: Fixture.utc("2026-10-01 00:00"), to: Fixture.utc("2026-11-01 00:00"))
                .map { "\(wallText($0.start, "Europe/Berlin")) \($0.status.rawValue)" }
        }
        #expect(try statuses() == [
            "2026-10-05 09:00 active", "2026-10-12 09:00 active", "2026-10-19 09:00 completed",
            "2026-10-26 09:00 active",
        ])
        let saved = try #require(try store.item(id: item.id))
        #expect(saved.status == .active)
        #expect(saved.overrides.map(\.recurrenceID) == [target])
        #expect(saved.overrides.first?.completedAt == Fixture.now)

        // Completing a changed occurrence keeps the change; setting it back keeps it too.
        let moved = local("2026-10-26 09:00", "Europe/Berlin")
        try store.changeOccurrence(
            of: item.id, to: RecurrenceOverride(recurrenceID: moved, start: moved, title: "Standup (long)"))
        try store.setOccurrenceCompleted(true, of: item.id, recurrenceID: moved)
        try store.setOccurrenceCompleted(false, of: item.id, recurrenceID: target)
        try store.setOccurrenceCompleted(false, of: item.id, recurrenceID: moved)
        let after = try #require(try store.item(id: item.id))
        #expect(after.overrides.map(\.title) == ["Standup (long)"])
        #expect(after.overrides.allSatisfy { !$0.isCompleted })
        #expect(try statuses().allSatisfy { $0.hasSuffix("active") })
    }

    @Test("this and following: the series ends before the instance and a new one starts with it")
    func splitOpenEnded() throws {
        let (store, item) = try weekly()
        var withException = item
        withException.exceptionDates = [local("2026-11-02 09:00", "Europe/Berlin")]
        try store.save(withException)
        let before = try days(store)
        let split = try store.splitSeries(item.id, at: local("2026-10-26 09:00", "Europe/Berlin"))
        let ended = try #require(split.ended)
        #expect(ended.repeatRule?.contains("UNTIL=20261026T075959Z") == true)
        #expect(ended.exceptionDates.isEmpty)
        #expect(split.following.id != item.id)
        #expect(split.following.start == local("2026-10-26 09:00", "Europe/Berlin"))
        #expect(split.following.exceptionDates == [local("2026-11-02 09:00", "Europe/Berlin")])
        #expect(try days(store) == before)
        #expect(try store.activeCount() == 2)
    }

    @Test("this and following on a series with COUNT shares the count between the two")
    func splitCounted() throws {
        let (store, item) = try weekly(count: 5)
        let before = try days(store)
        let split = try store.splitSeries(item.id, at: local("2026-10-19 09:00", "Europe/Berlin"))
        #expect(split.ended?.repeatRule?.contains("COUNT=2") == true)
        #expect(split.following.repeatRule?.contains("COUNT=3") == true)
        #expect(try days(store) == before)
    }

    @Test("this and following at the first instance is the whole series")
    func splitAtFirst() throws {
        let (store, item) = try weekly()
        let split = try store.splitSeries(item.id, at: item.start!)
        #expect(split.ended == nil)
        #expect(split.following == item)
    }

    @Test("an item that does not repeat or does not exist is refused")
    func refused() throws {
        let (store, _) = try weekly()
        try store.save(Fixture.event(2, "Once", at: "2026-10-05 10:00"))
        #expect(throws: StoreError.self) { try store.deleteOccurrence(of: Fixture.id(2), recurrenceID: Fixture.now) }
        #expect(throws: StoreError.notFound(Fixture.id(9))) {
            try store.deleteOccurrence(of: Fixture.id(9), recurrenceID: Fixture.now)
        }
    }
}
