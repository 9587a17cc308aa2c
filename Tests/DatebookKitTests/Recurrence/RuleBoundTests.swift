import Foundation
import Synchronization
import Testing

@testable import DatebookKit

/// A body run on its own thread, failing when it has not finished within `seconds`: a rule
/// that hangs libical makes the test fail instead of blocking the run.
func withinDeadline<T: Sendable>(
    _ seconds: Double, sourceLocation: SourceLocation = #_sourceLocation, _ body: @escaping @Sendable () throws -> T
) throws -> T {
    let result = Mutex<Result<T, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        let outcome = Result { try body() }
        result.withLock { $0 = outcome }
        done.signal()
    }
    guard done.wait(timeout: .now() + seconds) == .success else {
        Issue.record("did not finish within \(seconds) s", sourceLocation: sourceLocation)
        throw DeadlineMissed()
    }
    return try result.withLock { $0! }.get()
}

struct DeadlineMissed: Error {}

/// Repeat rules that libical would walk for hours (found by fuzzing) are refused before it
/// walks them; every expansion is bounded by work done; sparse but finite rules still expand.
@Suite("Rules that never finish")
struct RuleBoundTests {
    /// The rules of the fuzzing report, what is said of each, and whether DTSTART is a date.
    static let hostile: [(rule: String, isDate: Bool, message: String)] = [
        ("FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30", false, "never gives a time"),
        ("FREQ=SECONDLY;BYYEARDAY=366", false, "cannot be expanded"),
        ("FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=30", false, "never gives a time"),
        ("FREQ=SECONDLY;COUNT=2147483647;BYMONTHDAY=31", false, "cannot be expanded"),
        ("FREQ=SECONDLY;COUNT=1000000000", true, "cannot repeat an all-day item"),
        ("FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30", false, "never gives a time"),
        // Days of the Hebrew calendar by the minute: 0.6–1.2 s before its first time (seed 2027,
        // rule input 147773).
        ("FREQ=MINUTELY;COUNT=1;BYYEARDAY=85,344,45;RSCALE=HEBREW", false, "the HEBREW calendar"),
        ("FREQ=MONTHLY;RSCALE=HEBREW;BYMONTHDAY=30;BYDAY=5MO", false, "the HEBREW calendar"),
        // Hourly by Hebrew days that never come: 13.6 s to the year 2582 (rule input 344434).
        ("FREQ=HOURLY;BYSETPOS=7,-1,3,4;BYMONTHDAY=10,2;BYYEARDAY=260;RSCALE=HEBREW", false, "the HEBREW calendar"),
        ("FREQ=DAILY;RSCALE=HEBREW;BYMONTHDAY=1", false, "the HEBREW calendar"),
    ]

    static let start = Fixture.utc("2026-01-01 10:00")

    func item(_ rule: String, isDate: Bool) -> Item {
        let day = Fixture.utc("2026-01-01 00:00")
        return Item(
            id: Fixture.id(1), kind: .event, title: "Hostile",
            times: isDate ? [ItemTime(start: day, end: day.addingTimeInterval(86_400))]
                : [ItemTime(start: Self.start, end: Self.start.addingTimeInterval(3600))],
            allDay: isDate, repeatRule: rule, created: Fixture.now, timeZone: isDate ? .floating : .utc)
    }

    @Test("each rule is refused by validation, with its reason on the Repeat field, in well under a second",
          arguments: hostile)
    func refusedByValidation(_ hostile: (rule: String, isDate: Bool, message: String)) throws {
        let item = item(hostile.rule, isDate: hostile.isDate)
        // Timed in the CPU of the thread that validates (the deadline's own).
        let (issues, seconds) = try withinDeadline(5) { ThreadCPU.measure { item.validate() } }
        #expect(seconds < 1, "\(seconds) s of CPU")
        let issue = try #require(issues.first { $0.field == .repeatRule })
        #expect(issue.message.contains(hostile.message), "\(issue.message)")
    }

    @Test("saving an item with such a rule fails and writes nothing", arguments: hostile)
    func refusedByTheStore(_ hostile: (rule: String, isDate: Bool, message: String)) throws {
        let item = item(hostile.rule, isDate: hostile.isDate)
        let saved = try withinDeadline(5) { () -> [String] in
            let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), timeZone: TimeZone(identifier: "UTC")!)
            var messages: [String] = []
            do {
                try store.save(item)
            } catch let StoreError.invalid(issues) {
                messages = issues.map(\.message)
            }
            #expect(try store.activeItems(offset: 0, limit: 10).isEmpty)
            return messages
        }
        #expect(saved.contains { $0.contains(hostile.message) }, "\(saved)")
    }

    @Test("an import keeps each such item unexpanded, with a note, and export gives its rule back")
    func importKeepsThemUnexpanded() throws {
        let (report, items, found, exported) = try withinDeadline(10) {
            let store = try CalendarFixtures.store(zone: "UTC")
            let report = try CalendarFixtures.importFixture("hostile-rules.ics", into: store)
            let items = try CalendarFixtures.items(store)
            let found = try store.occurrences(from: Fixture.utc("2025-12-01 00:00"), to: Fixture.utc("2026-12-01 00:00"))
            let exported = try ICalendarExporter(reader: store).exportString()
            return (report, items, found.map(\.title), exported)
        }
        #expect(report.added == 7)
        #expect(report.skipped.isEmpty)
        let uids = ["secondly-feb30", "secondly-yearday366", "minutely-feb30", "secondly-count-31st",
                    "secondly-all-day", "hourly-feb30"]
        for (uid, hostile) in zip(uids, Self.hostile) {
            let note = report.warnings.first { $0.uid == "\(uid)@datebook.test" }
            #expect(note?.message.contains(hostile.message) == true, "\(uid): \(String(describing: note))")
            #expect(note?.message.hasSuffix("kept unexpanded: only its first time is shown") == true)
            let item = try #require(items["\(uid)@datebook.test"])
            #expect(item.repeatRule == nil)
            // The rule is kept as libical wrote it, and an export writes it back.
            let kept = try #require(item.extraProperties.first { $0.hasPrefix("RRULE:") })
            #expect(Set(kept.dropFirst(6).split(separator: ";")) == Set(hostile.rule.split(separator: ";")))
            #expect(exported.contains(kept))
            #expect(found.filter { $0 == uid }.count == 1, "\(uid): only its first time")
        }
        #expect(found.filter { $0 == "ordinary" }.count == 3)
        #expect(exported.components(separatedBy: "RRULE:").count - 1 == 7)
    }

    @Test("rules of another calendar (RSCALE) that pick days plainly still expand")
    func otherCalendars() throws {
        for rule in [
            "FREQ=YEARLY;RSCALE=HEBREW;BYMONTH=5L;BYMONTHDAY=8;COUNT=3", "FREQ=MONTHLY;RSCALE=HEBREW;BYMONTHDAY=1;COUNT=3",
            "FREQ=WEEKLY;RSCALE=HEBREW;BYDAY=FR;COUNT=3", "FREQ=YEARLY;RSCALE=CHINESE;BYMONTH=1;BYMONTHDAY=1;COUNT=3",
        ] {
            let iterator = try RecurrenceIterator(
                rule: rule, start: Self.start.timeIntervalSince1970, isDate: false, zone: .utc, zoneDefinition: nil)
            var count = 0
            while iterator.next() != nil { count += 1 }
            #expect(count >= 3, "\(rule)")  // DTSTART comes first when the rule does not give it
        }
    }

    @Test("a secondly, minutely or hourly rule on a date is refused before libical returns the same day for ever")
    func subDailyOnADate() throws {
        for rule in ["FREQ=HOURLY", "FREQ=MINUTELY;COUNT=5", "FREQ=SECONDLY;INTERVAL=3600"] {
            #expect(throws: RecurrenceIterator.Failure.refused(.subDailyOnDate)) {
                try RecurrenceIterator(
                    rule: rule, start: 1_767_225_600, isDate: true, zone: .floating, zoneDefinition: nil)
            }
        }
        #expect((try? RecurrenceIterator(
            rule: "FREQ=DAILY;COUNT=3", start: 1_767_225_600, isDate: true, zone: .floating, zoneDefinition: nil)) != nil)
    }

    @Test("an iterator stops on its work budget and says so; a rule that ends does not")
    func workBudget() throws {
        let start = Self.start.timeIntervalSince1970
        let endless = try RecurrenceIterator(
            rule: "FREQ=SECONDLY", start: start, isDate: false, zone: .utc, zoneDefinition: nil, workBudget: 1000)
        var count = 0
        while endless.next() != nil { count += 1 }
        #expect(count == 500)  // one step and the call's own overhead: 2 units each
        #expect(endless.stoppedOnBudget)

        let short = try RecurrenceIterator(
            rule: "FREQ=DAILY;COUNT=3", start: start, isDate: false, zone: .utc, zoneDefinition: nil)
        count = 0
        while short.next() != nil { count += 1 }
        #expect(count == 3)
        #expect(!short.stoppedOnBudget)

        // A call of libical's that walks far counts the steps it walked, not one.
        let sparse = try RecurrenceIterator(
            rule: "FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=29", start: start, isDate: false, zone: .utc, zoneDefinition: nil,
            stepping: false)
        _ = sparse.next()  // DTSTART
        let leapDay = sparse.next()  // 2028-02-29 00:00, 18,926 hours on
        #expect(sparse.work > 18_000)
        // A walk that hops over the days between (HopsTests) counts an hour.
        let hopping = try RecurrenceIterator(
            rule: "FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=29", start: start, isDate: false, zone: .utc, zoneDefinition: nil)
        _ = hopping.next()
        #expect(hopping.next() == leapDay)
        #expect(hopping.work < 10)
    }

    @Test("a COUNT too long to walk saves at once, its end unknown rather than counted for minutes")
    func longCount() throws {
        let row = try withinDeadline(5) {
            SeriesInstances(
                SeriesDefinition(
                    rule: "FREQ=SECONDLY;COUNT=1000000000", start: Self.start.timeIntervalSince1970, duration: 1,
                    isDate: false, zone: .utc),
                horizon: Fixture.now.timeIntervalSince1970 + 400 * 86_400
            ).row
        }
        #expect(row.end == nil)
    }

    @Test("sparse but finite rules still expand: February 29 by the hour and by the day")
    func sparseButFine() throws {
        let (hourly, daily) = try withinDeadline(10) {
            let store = try SQLiteStore.inMemory(
                clock: .fixed(Fixture.now), ids: .sequential(), timeZone: TimeZone(identifier: "UTC")!)
            for (n, rule) in ["FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=29", "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29"].enumerated() {
                try store.save(
                    Item(
                        id: Fixture.id(n + 1), kind: .event, title: rule,
                        times: [ItemTime(start: Self.start, end: Self.start.addingTimeInterval(60))], repeatRule: rule,
                        created: Fixture.now, timeZone: .utc))
            }
            let leapDay = try store.occurrences(from: Fixture.utc("2028-02-29 00:00"), to: Fixture.utc("2028-03-01 00:00"))
            let years = try store.occurrences(from: Fixture.utc("2026-01-02 00:00"), to: Fixture.utc("2041-01-01 00:00"))
            return (
                leapDay.filter { $0.title.hasPrefix("FREQ=HOURLY") }.map { wallText($0.start, "UTC") },
                years.filter { $0.title.hasPrefix("FREQ=DAILY") }.map { wallText($0.start, "UTC") }
            )
        }
        #expect(hourly == (0..<24).map { String(format: "2028-02-29 %02d:00", $0) })
        #expect(daily == ["2028-02-29 10:00", "2032-02-29 10:00", "2036-02-29 10:00", "2040-02-29 10:00"])
    }

    @Test("the judgement follows libical: what it never matches, and INTERVAL steps that miss or hit BYHOUR",
          arguments: [
              ("FREQ=DAILY;BYMONTHDAY=-1", "never gives a time"),  // libical 3.0 compares -1 with the day
              ("FREQ=HOURLY;BYDAY=1MO", "never gives a time"),  // and 1MO with the weekday
              ("FREQ=MINUTELY;INTERVAL=1440;BYHOUR=9", "never gives a time"),  // always 10:00
              ("FREQ=SECONDLY;BYDAY=MO", "cannot be expanded"),  // six days of seconds between
              ("FREQ=MINUTELY;INTERVAL=1440;BYHOUR=10", nil),
              ("FREQ=MINUTELY;INTERVAL=7;BYHOUR=3", nil),
              ("FREQ=SECONDLY;BYHOUR=3;BYMINUTE=0", "cannot be expanded"),  // 86,340 s between days
              ("FREQ=SECONDLY;BYHOUR=3,9,15,21", nil),
              ("FREQ=SECONDLY", nil),
              ("FREQ=MINUTELY;BYDAY=MO", nil),
              ("FREQ=MONTHLY;BYMONTHDAY=-1", nil),
              ("FREQ=WEEKLY;BYDAY=1MO,FR", nil),
              ("FREQ=SECONDLY;UNTIL=20260102T000000Z;BYMONTH=2", "never gives a time"),
              // A BYSETPOS past what a month or a year holds: libical looked a second for it.
              ("FREQ=MONTHLY;BYDAY=-1FR,-1SU;BYSETPOS=3", "never gives a time"),
              ("FREQ=MONTHLY;BYDAY=MO;BYSETPOS=6", "never gives a time"),
              ("FREQ=YEARLY;BYDAY=1MO;BYSETPOS=-2", "never gives a time"),
              ("FREQ=MONTHLY;BYDAY=MO;BYSETPOS=5", nil),
              ("FREQ=MONTHLY;BYDAY=-1FR,-1SU;BYSETPOS=2", nil),
              ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", nil),
              ("FREQ=YEARLY;BYMONTH=1,7;BYDAY=1MO;BYSETPOS=2", nil),
              // Yearly by month: the days of the months named (a fourth Friday is never the 5th).
              ("FREQ=YEARLY;BYMONTH=10,3,11;BYDAY=4FR;BYMONTHDAY=5", "never gives a time"),
              ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "never gives a time"),
              ("FREQ=YEARLY;BYMONTH=10,3,11;BYDAY=4FR;BYMONTHDAY=25", nil),
              ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=SU", nil),  // 2032, then every 28 years or so
              ("FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29", "never gives a time"),  // 2026, 2030…: none leap
              ("FREQ=YEARLY;INTERVAL=2;BYMONTH=2;BYMONTHDAY=29", nil),  // 2028
              ("FREQ=SECONDLY;UNTIL=20260101T120000Z", nil),
          ] as [(String, String?)])
    func judgement(_ rule: String, _ expected: String?) throws {
        let problem = RecurrenceRule.problem(rule, start: Self.start.timeIntervalSince1970, isDate: false, zone: .utc)
        if let expected {
            #expect(problem?.contains(expected) == true, "\(String(describing: problem))")
        } else {
            #expect(problem == nil)
        }
    }

    // MARK: - Values libical takes and cannot walk (found by fuzzing)

    @Test("a BY value libical 3.0 takes but loops or crashes on is refused, whatever the start; its neighbours are not",
          arguments: [
              ("FREQ=SECONDLY;BYSECOND=60", "BYSECOND=60 is a leap second"),  // looked for in one call, for ever
              ("FREQ=SECONDLY;INTERVAL=6;BYSETPOS=4;BYSECOND=60;BYMONTHDAY=7", "leap second"),
              ("FREQ=DAILY;BYSECOND=0,60", "leap second"),  // libical gives 10:01:00 for it
              ("FREQ=YEARLY;BYMONTH=1,12L,12;BYSETPOS=4,9,2;BYSECOND=41", "BYMONTH=12L is a leap month"),
              ("FREQ=YEARLY;RSCALE=GREGORIAN;BYMONTH=6L", "BYMONTH=6L is a leap month"),
              ("FREQ=YEARLY;BYWEEKNO=-53", "BYWEEKNO needs the days of its weeks"),  // SIGSEGV
              ("FREQ=YEARLY;INTERVAL=7;BYSETPOS=2,10;BYMINUTE=1;BYWEEKNO=31,-53;WKST=TH", "BYWEEKNO needs"),
              // Reads outside libical's table of the year too (valgrind), and gives wrong days.
              ("FREQ=YEARLY;COUNT=20;BYWEEKNO=22,44,42,11", "BYWEEKNO needs the days of its weeks"),
              ("FREQ=SECONDLY;BYSECOND=59", nil),
              ("FREQ=YEARLY;BYMONTH=1,12;BYDAY=MO;BYSETPOS=2", nil),
              ("FREQ=YEARLY;RSCALE=HEBREW;BYMONTH=5L;BYMONTHDAY=8", nil),
              ("FREQ=YEARLY;BYWEEKNO=20;BYDAY=TU", nil),
              ("FREQ=YEARLY;BYWEEKNO=-1;BYDAY=MO,FR", nil),
              ("FREQ=YEARLY;BYWEEKNO=-53;BYDAY=MO", nil),
              ("FREQ=YEARLY;BYWEEKNO=53;BYDAY=SU", nil),
          ] as [(String, String?)])
    func partsLibicalCannotWalk(_ rule: String, _ expected: String?) throws {
        // From the fuzzer's start in the year 1 and from now: the crash and the loops do not
        // depend on the year.
        for start in [-62_135_596_800, Self.start.timeIntervalSince1970] {
            let problem = try withinDeadline(5) {
                RecurrenceRule.problem(rule, start: start, isDate: false, zone: .utc)
            }
            if let expected {
                #expect(problem?.contains(expected) == true, "\(String(describing: problem))")
                #expect(problem?.hasPrefix("The repeat rule cannot be expanded: ") == true)
            } else {
                #expect(problem == nil)
            }
        }
    }

    @Test("BYWEEKNO with BYDAY still expands, on the days recurring-ical-events gives")
    func weekNumbers() throws {
        func starts(_ rule: String) throws -> [String] {
            let iterator = try RecurrenceIterator(
                rule: rule, start: Self.start.timeIntervalSince1970, isDate: false, zone: .utc, zoneDefinition: nil)
            var found: [String] = []
            while found.count < 4, let next = iterator.next() { found.append(wallText(Date(unixSeconds: next), "UTC")) }
            return found
        }
        // DTSTART first, as RFC 5545 says; then the rule's own days.
        #expect(try starts("FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO")
            == ["2026-01-01 10:00", "2026-05-11 10:00", "2027-05-17 10:00", "2028-05-15 10:00"])
        #expect(try starts("FREQ=YEARLY;BYWEEKNO=-1;BYDAY=MO")
            == ["2026-01-01 10:00", "2026-12-28 10:00", "2027-12-27 10:00", "2028-12-25 10:00"])
    }

    /// Lord Howe Island moves its clock by half an hour: 02:00 daylight time becomes 01:30 on
    /// 2027-04-04. libical's walk in the zone went back and forth across it for ever.
    @Test("an hourly or minutely rule in a zone whose clock moves by half an hour is walked on the wall clock",
          arguments: [
              // What recurring-ical-events gives: each wall-clock time once, 01:xx as daylight time.
              ("FREQ=HOURLY;BYDAY=SU", "Australia/Lord_Howe", "2027-04-03 13:00", "2027-04-03 17:00",
               ["13:00", "14:00", "15:30", "16:30"]),
              ("FREQ=MINUTELY;INTERVAL=20;BYDAY=SU;BYHOUR=1,2", "Australia/Lord_Howe", "2027-04-03 13:00",
               "2027-04-03 17:00", ["14:00", "14:20", "14:40", "15:30", "15:50", "16:10"]),
              ("FREQ=HOURLY;BYYEARDAY=94", "Australia/Lord_Howe", "2027-04-03 13:00", "2027-04-03 17:00",
               ["13:00", "14:00", "15:30", "16:30"]),
              // It goes on at 02:00 on 2027-10-03: 02:00 does not exist, and RFC 5545 says to ignore
              // it (recurring-ical-events gives 15:30, the instant after the gap).
              ("FREQ=HOURLY;BYMONTHDAY=3", "Australia/Lord_Howe", "2027-10-02 13:30", "2027-10-02 16:30",
               ["13:30", "14:30", "16:00"]),
              // Berlin's 02:00 of 2026-10-25 comes once, as summer time.
              ("FREQ=HOURLY", "Europe/Berlin", "2026-10-24 22:00", "2026-10-25 03:00",
               ["22:30", "23:30", "00:30", "02:30"]),
          ] as [(String, String, String, String, [String])])
    func halfHourZone(_ rule: String, _ zone: String, _ from: String, _ to: String, _ expected: [String]) throws {
        let found = try withinDeadline(10) { () -> [String] in
            // 20:00 on Lord Howe Island, 11:30 in Berlin.
            let iterator = try RecurrenceIterator(
                rule: rule, start: Fixture.utc("2026-09-01 09:30").unixSeconds, isDate: false, zone: .named(zone),
                zoneDefinition: nil, workBudget: 10_000_000)
            let (from, to) = (Fixture.utc(from).unixSeconds, Fixture.utc(to).unixSeconds)
            var found: [String] = []
            while let next = iterator.next(), next < to {
                if next >= from { found.append(String(wallText(Date(unixSeconds: next), "UTC").suffix(5))) }
            }
            return found
        }
        #expect(found == expected)
    }

    @Test("an UNTIL in UTC ends a wall-clock walk at that instant")
    func untilOnTheWallClock() throws {
        let iterator = try RecurrenceIterator(
            rule: "FREQ=HOURLY;UNTIL=20261122T120000Z", start: Fixture.utc("2026-11-22 09:00").unixSeconds,
            isDate: false, zone: .named("Australia/Lord_Howe"), zoneDefinition: nil)
        var found: [String] = []
        while let next = iterator.next() { found.append(wallText(Date(unixSeconds: next), "UTC")) }
        #expect(found == ["2026-11-22 09:00", "2026-11-22 10:00", "2026-11-22 11:00", "2026-11-22 12:00"])
        #expect(iterator.until == Fixture.utc("2026-11-22 12:00").unixSeconds)
    }
}
