import Foundation
import GRDB
import Testing

@testable import DatebookKit

/// An import keeps its series' instances only a few weeks ahead (`SQLiteStore.importHorizon`);
/// whatever reads further ahead (the agenda, the calendar, reminders) still finds every
/// occurrence, and keeps them as it reads.
@Suite("Series imported a few weeks ahead")
struct ImportHorizonTests {
    let store: SQLiteStore

    init() throws {
        store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), timeZone: TimeZone(identifier: "UTC")!)
    }

    /// A Taskwarrior export of one task repeating daily from 23 November 2026, 09:00 UTC.
    static let dailyTask = """
        [{"uuid":"00000000-0000-4000-8000-000000000001","description":"Water plants","status":"recurring",
          "recur":"daily","due":"20261123T090000Z","entry":"20261101T000000Z"}]
        """

    func keptRows() throws -> Int {
        try store.dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM occurrence") } ?? 0
    }

    @Test("a JSON import's larger search-index buffer is set back when it ends: every later write keeps FTS5's own")
    func searchBufferSetBack() throws {
        try ImportFixtures.importText(Self.dailyTask, into: store)
        let sizes = try store.dbQueue.read { db in
            try Int.fetchAll(db, sql: """
                SELECT v FROM search_text_config WHERE k = 'hashsize'
                UNION ALL SELECT v FROM search_word_config WHERE k = 'hashsize'
                """)
        }
        #expect(sizes == [SearchSchema.defaultPendingBytes, SearchSchema.defaultPendingBytes])
    }

    @Test("a repeating task is kept eight weeks ahead at import, and a year ahead reads every day of it")
    func taskwarriorYearAhead() throws {
        try ImportFixtures.importText(Self.dailyTask, into: store)
        // 23 November 2026 to 16 January 2027: 56 days from now (22 November, 09:00), not 400.
        #expect(try keptRows() == 55)
        // What the planner and `datebook import` run afterwards leaves it as it is.
        #expect(try store.extendRecurrenceHorizon() == 0)
        #expect(try keptRows() == 55)

        let from = Fixture.utc("2026-11-23 00:00")
        let year = try store.occurrences(from: from, to: from.addingTimeInterval(365 * 86_400))
        #expect(year.count == 365)
        #expect(year.map(\.start) == (0..<365).map { Fixture.utc("2026-11-23 09:00").addingTimeInterval(Double($0) * 86_400) })
        #expect(year.allSatisfy { $0.title == "Water plants" && $0.isRecurring })
        // Reading the year kept it: rows now reach a year ahead, and the same read finds the same.
        #expect(try keptRows() >= 365)
        #expect(try store.occurrences(from: from, to: from.addingTimeInterval(365 * 86_400)) == year)
    }

    /// Finding 35: each series keeps at most 5,000 rows, but 200 series repeating every second
    /// kept a million. The dense series of an import share `KeptRowBudget`; the rest of each is
    /// read live, and a sparse series keeps its weeks as before.
    @Test("many dense series share the rows an import keeps; every instance still reads")
    func denseSeriesShareKeptRows() throws {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN"]
        for index in 0..<200 {
            lines += [
                "BEGIN:VEVENT", "UID:tick-\(index)@example.com", "DTSTAMP:20261101T000000Z",
                String(format: "DTSTART:20261201T%02d%02d00Z", index / 60, index % 60), "DURATION:PT0S",
                "RRULE:FREQ=SECONDLY", "SUMMARY:Tick \(index)", "END:VEVENT",
            ]
        }
        lines += [
            "BEGIN:VEVENT", "UID:daily@example.com", "DTSTAMP:20261101T000000Z", "DTSTART:20261123T090000Z",
            "DURATION:PT1H", "RRULE:FREQ=DAILY", "SUMMARY:Daily", "END:VEVENT", "END:VCALENDAR",
        ]
        let report = try ImportFixtures.importText(lines.joined(separator: "\r\n") + "\r\n", into: store)
        #expect(report.report.added == 201)
        // At most `whole` series kept whole and the first instance of each other (the work the
        // dense series share may stop a walk sooner, `KeptRowBudget.takeWork`), and the daily
        // one's 55 days.
        let whole = KeptRowBudget.total / SeriesInstances.maximumKept
        let kept = try keptRows()
        #expect(kept <= KeptRowBudget.total + (200 - whole) + 55)
        #expect(kept >= KeptRowBudget.total / 2 + 55)
        // A minute after the last series began: 60 instances of each, kept or live.
        let from = Fixture.utc("2026-12-01 03:20")
        let minute = try store.occurrences(from: from, to: from.addingTimeInterval(60))
        #expect(minute.count == 200 * 60)
        #expect(Dictionary(grouping: minute, by: \.title).values.allSatisfy { $0.count == 60 })
        // The daily series is whole a year ahead.
        let year = try store.occurrences(from: Fixture.utc("2026-11-23 00:00"), to: Fixture.utc("2027-11-23 00:00"))
        #expect(year.filter { $0.title == "Daily" }.count == 365)
    }

    /// Finding 52: nine secondly series whose times are four minutes a day (libical steps
    /// through every second between, inside ICU) took 1.2 s to import, each walk on a whole
    /// budget. The dense series of an import share the work too; what they did not keep is
    /// read live, and every instance still reads.
    @Test("dense series share the work an import spends on them; every instance still reads")
    func denseSeriesShareWork() throws {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN"]
        for index in 0..<9 {
            lines += [
                "BEGIN:VEVENT", "UID:minutes-\(index)@example.com", "DTSTAMP:20261101T000000Z",
                "DTSTART:20261205T183000Z", "DURATION:PT0S", "RRULE:FREQ=SECONDLY;BYHOUR=23,17,22,11;BYMINUTE=38",
                "SUMMARY:Minutes \(index)", "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        let report = try ImportFixtures.importText(lines.joined(separator: "\r\n") + "\r\n", into: store)
        #expect(report.report.added == 9)
        // Their first evening: 22:38 and 23:38, every second, of each series, or the series is
        // said to repeat too often to show (never a time that is not one of the rule's).
        let (evening, unexpanded) = try store.occurrencesShowingLimits(
            from: Fixture.utc("2026-12-05 18:00"), to: Fixture.utc("2026-12-06 00:00"), includingUIDs: false)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        // DTSTART, 18:30, comes first though the rule does not give it (RFC 5545).
        let first = Fixture.utc("2026-12-05 18:30")
        #expect(evening.allSatisfy { $0.start == first || [22, 23].contains(utc.component(.hour, from: $0.start))
            && utc.component(.minute, from: $0.start) == 38 })
        let listed = Dictionary(grouping: evening, by: \.title)
        let short = Set(unexpanded.map(\.title))
        for index in 0..<9 {
            let title = "Minutes \(index)"
            #expect(listed[title]?.count == 121 || short.contains(title), "\(title): \(listed[title]?.count ?? 0)")
        }
        #expect(listed.values.contains { $0.count == 121 })
        // The budget: a sparse series walks on a whole one; dense ones share what is left.
        let budget = KeptRowBudget(totalWork: 150_000)
        #expect(budget.takeWork(density: 1) == RecurrenceBound.maximumWork)
        #expect(budget.takeWork(density: 86_400) == RecurrenceBound.maximumWork)
        #expect(budget.takeWork(density: 86_400) == 50_000)
        #expect(budget.takeWork(density: 86_400) == KeptRowBudget.workFloor)
        budget.giveBackWork(took: 50_000, spent: 20_000, density: 86_400)
        #expect(budget.takeWork(density: 86_400) == 30_000)
    }

    @Test("the thousands of series of an import are kept a year ahead in one bulk write when a year is read")
    func manySeries() throws {
        let count = SQLiteStore.bulkExtension + 50
        let tasks = (0..<count).map { index in
            String(
                format: #"{"uuid":"00000000-0000-4000-8000-%012d","description":"Task %d","status":"recurring","#
                    + #""recur":"%@","due":"20261123T%02d0000Z"}"#, index, index, index % 2 == 0 ? "daily" : "weekly",
                index % 24)
        }
        try ImportFixtures.importText("[\n" + tasks.joined(separator: ",\n") + "\n]", into: store)
        let kept = try keptRows()
        let from = Fixture.utc("2026-11-23 00:00")
        let year = try store.occurrences(from: from, to: from.addingTimeInterval(365 * 86_400))
        // Each daily task every day, each weekly one every seventh (53 times from a Monday on).
        let daily = (count + 1) / 2
        #expect(year.count == daily * 365 + (count - daily) * 53)
        for index in [0, 1, count - 1] {
            let dates = year.filter { $0.title == "Task \(index)" }.map(\.start)
            let first = Fixture.utc("2026-11-23 00:00").addingTimeInterval(Double(index % 24) * 3600)
            let step = index % 2 == 0 ? 86_400.0 : 7 * 86_400.0
            #expect(dates == (0..<dates.count).map { first.addingTimeInterval(Double($0) * step) })
        }
        #expect(try keptRows() > kept)
        #expect(try store.extendRecurrenceHorizon(through: from.addingTimeInterval(365 * 86_400)) == 0)
        #expect(try store.occurrences(from: from, to: from.addingTimeInterval(365 * 86_400)) == year)
    }

    @Test("importing again keeps the series a few weeks ahead again, and reading ahead keeps it once more")
    func reimport() throws {
        try ImportFixtures.importText(Self.dailyTask, into: store)
        let from = Fixture.utc("2026-11-23 00:00")
        _ = try store.occurrences(from: from, to: from.addingTimeInterval(365 * 86_400))
        #expect(try keptRows() >= 365)
        try ImportFixtures.importText(Self.dailyTask, into: store)
        #expect(try keptRows() == 55)
        #expect(try store.occurrences(from: from, to: from.addingTimeInterval(365 * 86_400)).count == 365)
        #expect(try keptRows() >= 365)
    }

    @Test("an imported repeating event's alarm rings months after the import, past what the import kept")
    func remindersAhead() throws {
        let text = """
            BEGIN:VCALENDAR
            VERSION:2.0
            PRODID:-//Datebook tests//EN
            BEGIN:VEVENT
            UID:standup@example.com
            DTSTAMP:20261101T000000Z
            DTSTART:20261123T090000Z
            DURATION:PT15M
            RRULE:FREQ=DAILY
            SUMMARY:Standup
            BEGIN:VALARM
            ACTION:DISPLAY
            DESCRIPTION:Standup
            TRIGGER:-PT10M
            END:VALARM
            END:VEVENT
            END:VCALENDAR
            """.replacingOccurrences(of: "\n", with: "\r\n")
        let report = try ICalendarImporter(writer: store).importData(Data(text.utf8))
        #expect(report.added == 1)
        #expect(try keptRows() == 55)
        let rings = try store.pendingAlarms(after: Fixture.utc("2027-09-01 00:00"), through: Fixture.utc("2027-09-03 00:00"))
        #expect(rings.map(\.ringsAt) == ["2027-09-01 08:50", "2027-09-02 08:50"].map(Fixture.utc))
        #expect(rings.allSatisfy { $0.title == "Standup" })
    }
}
