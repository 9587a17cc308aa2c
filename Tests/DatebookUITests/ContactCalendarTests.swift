import DatebookKit
import DatebookTerminal
import Foundation
import Testing

@testable import DatebookUI

/// Contacts in the Calendar: a subscribed person's busy times and birthdays show in the day,
/// week and agenda views and the month grid, in their own colour and with their name, and
/// never as my items: they are not selected and item keys do not act on them.
@Suite("Contacts in the calendar")
struct ContactCalendarTests {
    /// The calendar sample, Ana subscribed with two busy times on Monday 23 November (one
    /// titled by her feed) and one on Thursday, and Ben's birthday on Tuesday 24 (born 1992).
    static func app(items: [Item] = Fixtures.calendarSample) throws -> (AppCoordinator, SQLiteStore) {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixtures.now), ids: .sequential(),
                                             timeZone: Fixtures.calendar.timeZone)
        for item in items { try store.save(item) }
        let ana = try store.save(Contact(id: Fixtures.id(90), displayName: "Ana", created: Fixtures.now))
        let source = ContactSubscription.Source.file(path: "/feeds/ana.ics")
        try store.setSubscription(ContactSubscription(source: source), of: ana.id)
        try store.keepFeed([
            BusyBlock(start: Fixtures.date("2026-11-23 14:00"), end: Fixtures.date("2026-11-23 15:30")),
            BusyBlock(start: Fixtures.date("2026-11-23 18:30"), end: Fixtures.date("2026-11-23 19:30"), title: "Yoga"),
            BusyBlock(start: Fixtures.date("2026-11-26 10:00"), end: Fixtures.date("2026-11-26 12:00")),
        ], of: ana.id, source: source, readAt: Fixtures.now)
        var ben = Contact(id: Fixtures.id(91), displayName: "Ben", created: Fixtures.now)
        ben.birthday = Birthday(year: 1992, month: 11, day: 24)
        try store.save(ben)
        let app = AppCoordinator(store: store, clock: .fixed(Fixtures.now), ids: .sequential(), calendar: Fixtures.calendar)
        return (app, store)
    }

    static func show(_ app: AppCoordinator, _ day: String, _ view: Command) {
        app.send(.switchTab(.calendar), .command(.goToDate))
        app.type(day)
        app.send(.submit, .command(view))
    }

    @Test("snapshots of busy times and a birthday", arguments: [Command.showDay, .showWeek, .showAgenda])
    func snapshots(view: Command) throws {
        let (app, _) = try Self.app()
        Self.show(app, "2026-11-23", view)
        let name = ["calendar.day": "day", "calendar.week": "week", "calendar.agenda": "agenda"][view.name]!
        for size in [Size(width: 80, height: 24), Size(width: 120, height: 40)] {
            assertSnapshot(app.render(size: size).grid, named: "calendar-contacts-\(name)-\(size.width)x\(size.height)")
        }
    }

    @Test func aDayWithOnlyABirthdayShowsItInTheAllDayRow() throws {
        let (app, _) = try Self.app(items: [])
        Self.show(app, "2026-11-24", .showDay)
        assertSnapshot(app.render(size: Size(width: 80, height: 24)).grid, named: "calendar-contacts-birthday-80x24")
    }

    @Test func busyTimesTakeTheContactsColourNotAnItemsAndShowInTheMonthGrid() throws {
        let (app, _) = try Self.app(items: [])
        Self.show(app, "2026-11-23", .showDay)
        let grid = app.render(size: Size(width: 80, height: 24)).grid
        let lines = grid.text().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let row = try #require(lines.firstIndex { $0.contains("Ana: busy") })
        let column = DisplayWidth.of(String(lines[row].prefix(upTo: lines[row].range(of: "Ana: busy")!.lowerBound)))
        let style = grid[column, row].style
        #expect(style == Theme.contact(Fixtures.id(90)))
        #expect(style.background != Theme.event.background && style.background != .default)
        // The month grid marks the days of Ana's busy times and Ben's birthday with a dot.
        let month = app.calendar.presenter.monthGrid().weeks.flatMap(\.days)
        #expect(month.filter(\.hasContactEntries).map(\.day) == [23, 24, 26])
        // The same contact always takes the same colour.
        #expect(Theme.contact(Fixtures.id(90)) == Theme.contact(UUID(uuidString: Fixtures.id(90).uuidString)!))
    }

    @Test func busyTimesAreNeverSelectedAndItemKeysDoNotActOnThem() throws {
        let (app, store) = try Self.app(items: [])
        Self.show(app, "2026-11-26", .showDay)
        #expect(app.calendar.presenter.dayOccurrences().isEmpty)
        #expect(app.calendar.presenter.selectedOccurrence == nil)
        for intent in [Intent.open, .edit, .delete, .toggleComplete] {
            app.send(.moveDown, intent)
            #expect(app.calendar.flow.isEmpty)
        }
        #expect(app.render(size: Size(width: 80, height: 24)).grid.text().contains("Nothing selected"))
        #expect(try store.activeCount() == 0)
        // The agenda lists them without counting them as entries.
        app.send(.command(.showAgenda))
        let agenda = app.calendar.presenter.agenda()
        #expect(agenda.first?.contacts.map(\.label) == ["Ana: busy"])
        #expect(agenda.allSatisfy { $0.occurrences.isEmpty })
        #expect(app.calendar.presenter.selection == nil)
    }

    @Test func aBlockedContactsBusyTimesAndADeletedContactsBirthdayAreHidden() throws {
        let (app, store) = try Self.app(items: [])
        try store.setRelation(.blocked, of: Fixtures.id(90))
        try store.deleteContact(id: Fixtures.id(91))
        Self.show(app, "2026-11-23", .showWeek)
        let text = app.render(size: Size(width: 120, height: 40)).grid.text()
        #expect(!text.contains("Ana") && !text.contains("Ben"))
    }

    @Test func aFeedsTitleWithAnEscapeSequenceIsDrawnInert() throws {
        let (app, store) = try Self.app(items: [])
        let source = ContactSubscription.Source.file(path: "/feeds/ana.ics")
        try store.keepFeed([BusyBlock(start: Fixtures.date("2026-11-27 09:00"), end: Fixtures.date("2026-11-27 10:00"),
                                      title: "\u{1B}[2JGone\u{7}")], of: Fixtures.id(90), source: source, readAt: Fixtures.now)
        Self.show(app, "2026-11-27", .showDay)
        let text = app.render(size: Size(width: 80, height: 24)).grid.text()
        #expect(text.contains("Ana: ␛[2JGone␇"))
        #expect(!text.contains("\u{1B}"))
    }

    @Test func laneLayoutPutsABusyTimeBesideAnOverlappingEvent() {
        let day = Fixtures.date("2026-11-23 00:00")
        let event = Occurrence(itemID: Fixtures.id(1), kind: .event, title: "Dentist",
                               start: Fixtures.date("2026-11-23 09:30"), end: Fixtures.date("2026-11-23 10:30"))
        let busy = ContactCalendarEntry(contactID: Fixtures.id(90), name: "Ana", start: Fixtures.date("2026-11-23 10:00"),
                                        end: Fixtures.date("2026-11-23 11:00"), allDay: false, kind: .busy(title: nil))
        let placed = DayLayout.place([event], contacts: [busy], dayStart: day, dayEnd: day.addingTimeInterval(86_400))
        #expect(placed.timed.map(\.lane) == [0] && placed.timed.map(\.lanes) == [2])
        #expect(placed.contactTimed.map(\.lane) == [1] && placed.contactTimed.map(\.lanes) == [2])
    }

    /// The Contacts tab's path: subscribe, refresh through the app's store, and the Calendar on
    /// screen shows the busy time once the change feed reaches it.
    @Test func aRefreshRightAfterSubscribingReachesTheCalendarOnScreen() throws {
        let (app, store) = try Self.app(items: [])
        Self.show(app, "2026-11-27", .showDay)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("datebook-ui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let feed = folder.appendingPathComponent("bo.ics")
        try Data("""
            BEGIN:VCALENDAR\r
            BEGIN:VEVENT\r
            UID:c1\r
            SUMMARY:Climbing\r
            DTSTART:20261127T100000Z\r
            DTEND:20261127T113000Z\r
            END:VEVENT\r
            END:VCALENDAR\r

            """.utf8).write(to: feed)
        let bo = try store.save(Contact(id: Fixtures.id(92), displayName: "Bo", created: Fixtures.now))
        try store.setSubscription(ContactSubscription(source: .file(path: feed.path)), of: bo.id)
        #expect(!app.render(size: Size(width: 80, height: 24)).grid.text().contains("Bo: Climbing"))
        let planner: DatebookStore = store
        let result = try SubscriptionRefresher(store: planner, clock: .fixed(Fixtures.now)).refresh(contactID: bo.id)
        #expect(result?.outcome == .read(blocks: 1))
        app.send(.moveDown)
        #expect(app.render(size: Size(width: 80, height: 24)).grid.text().contains("10:00 Bo: Climbing"))
    }
}
