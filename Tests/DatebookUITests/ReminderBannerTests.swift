import DatebookKit
import DatebookTerminal
import Foundation
import Synchronization
import Testing

@testable import DatebookUI

/// The planner's alarms: the banner over every tab, the bell, snooze and dismiss, and the
/// reminders missed, with a clock the test moves.
@Suite("Reminder banner")
struct ReminderBannerTests {
    /// A clock a test sets.
    final class MovableClock: Sendable {
        let time = Mutex(Fixtures.now)
        var clock: Clock { Clock { [self] in time.withLock { $0 } } }
        func set(_ text: String, plus seconds: TimeInterval = 0) {
            time.withLock { $0 = Fixtures.date(text).addingTimeInterval(seconds) }
        }
    }

    func app(_ items: [Item], at start: String) throws -> (AppCoordinator, SQLiteStore, MovableClock) {
        let moving = MovableClock()
        moving.set(start)
        let store = try SQLiteStore.inMemory(clock: moving.clock, ids: .sequential(), timeZone: Fixtures.calendar.timeZone)
        for item in items { try store.save(item) }
        try store.setAlarmsChecked(until: moving.clock.now())
        let app = AppCoordinator(store: store, clock: moving.clock, ids: .sequential(), calendar: Fixtures.calendar,
                                 reminders: ReminderCheck(store: store))
        return (app, store, moving)
    }

    func event(_ title: String, _ start: String, alarms: [Alarm], place: String = "", n: Int) -> Item {
        var item = Fixtures.event(title, start, start, place: place, n: n)
        item.times = [ItemTime(start: Fixtures.date(start), end: Fixtures.date(start).addingTimeInterval(3600))]
        item.alarms = alarms
        return item
    }

    @Test("a due alarm shows on the next tick with the bell; a silent one shows without it")
    func ringsOnTick() throws {
        let (app, _, clock) = try app([
            event("Dentist", "2026-11-21 11:00", alarms: [Alarm(minutesBefore: 15)], place: "Main St", n: 1),
            event("Quiet", "2026-11-21 12:00", alarms: [Alarm(minutesBefore: 15, sound: "off")], n: 2),
        ], at: "2026-11-21 10:40")
        #expect(app.banner.isEmpty)
        #expect(app.handle(.idle) == .continue)
        #expect(app.banner.isEmpty)
        clock.set("2026-11-21 10:45")
        _ = app.handle(.idle)
        #expect(app.banner.current?.title == "Dentist")
        #expect(app.mode == .reminder)
        #expect(app.render(size: Size(width: 80, height: 24)).bell)
        // The bell rings once, not on every frame after.
        _ = app.handle(.idle)
        #expect(!app.render(size: Size(width: 80, height: 24)).bell)
        app.send(.back)
        #expect(app.banner.isEmpty)
        clock.set("2026-11-21 11:45")
        _ = app.handle(.idle)
        #expect(app.banner.current?.title == "Quiet")
        #expect(!app.render(size: Size(width: 80, height: 24)).bell)
    }

    @Test("several at once queue with a count; each key deals with the one shown")
    func queue() throws {
        let (app, store, clock) = try app([
            event("Dentist", "2026-11-21 11:00", alarms: [Alarm(minutesBefore: 15)], n: 1),
            event("Standup", "2026-11-21 11:00", alarms: [Alarm(minutesBefore: 15)], n: 2),
            event("Lunch", "2026-11-21 11:00", alarms: [Alarm(minutesBefore: 15)], n: 3),
        ], at: "2026-11-21 10:40")
        clock.set("2026-11-21 10:45")
        _ = app.handle(.idle)
        #expect(app.banner.queue.map(\.title) == ["Dentist", "Lunch", "Standup"])
        #expect(app.banner.position == (1, 3))
        let rings = app.banner.queue
        app.send(.back)
        #expect(app.banner.position == (2, 3))
        #expect(try store.state(of: rings[0]) == .dismissed)
        app.send(.open)
        #expect(app.tab(EventsCoordinator.self)?.details?.item.title == "Lunch")
        #expect(app.banner.position == (3, 3))
    }

    @Test("z asks how long; a bad duration is refused and kept; minutes snooze, and it rings again then")
    func snooze() throws {
        let (app, store, clock) = try app([
            event("Dentist", "2026-11-21 11:00", alarms: [Alarm(minutesBefore: 15)], n: 1),
        ], at: "2026-11-21 10:40")
        clock.set("2026-11-21 10:45")
        _ = app.handle(.idle)
        app.send(.pick("z"))
        #expect(app.mode == .reminderSnooze)
        app.type("later")
        app.send(.submit)
        #expect(app.banner.snoozeText == "later")
        #expect(app.banner.snoozeProblem?.contains("later") == true)
        // The field edits as every text field does: Ctrl-U clears it, the cursor moves.
        #expect(KeyTable(tabs: .standard).intent(for: .ctrl("u"), in: .reminderSnooze) == .deleteToStart)
        app.send(.deleteToStart)
        #expect(app.banner.snoozeText == "")
        app.type("0")
        app.send(.cursorHome)
        app.type("1")
        app.send(.submit)
        #expect(app.banner.isEmpty)
        #expect(app.status == StatusMessage("Snoozed \u{201C}Dentist\u{201D} until 10:55"))
        let ring = DueAlarm(itemID: Fixtures.id(1), kind: .event, title: "Dentist", place: "",
                            occurrence: Fixtures.date("2026-11-21 11:00"), ringsAt: Fixtures.date("2026-11-21 10:45"),
                            alarm: Alarm(minutesBefore: 15))
        #expect(try store.state(of: ring) == .snoozed)
        clock.set("2026-11-21 10:54")
        _ = app.handle(.idle)
        #expect(app.banner.isEmpty)
        clock.set("2026-11-21 10:55")
        _ = app.handle(.idle)
        #expect(app.banner.current?.title == "Dentist")
    }

    @Test("typed snooze times: minutes and durations; nothing, zero and words are refused")
    func snoozeDurations() {
        #expect(ReminderBanner.snoozeDuration("5") == 300)
        #expect(ReminderBanner.snoozeDuration("60") == 3600)
        #expect(ReminderBanner.snoozeDuration(" 2h ") == 7200)
        #expect(ReminderBanner.snoozeDuration("1h30m") == 5400)
        #expect(ReminderBanner.snoozeDuration("7d") == 604_800.0)
        // Past a week (or 190,000 years of minutes) is no snooze.
        for bad in ["", "0", "-5", "soon", "5 minutes please", "8d", "10081", "99999999999"] {
            #expect(ReminderBanner.snoozeDuration(bad) == nil, "\(bad)")
        }
    }

    @Test("an alarm more than a day ahead still rings when the planner has been open since")
    func farAhead() throws {
        let (app, _, clock) = try app([
            event("Trip", "2026-11-24 12:00", alarms: [Alarm(minutesBefore: 30)], n: 1),
        ], at: "2026-11-21 10:40")
        _ = app.handle(.idle)
        for hour in ["2026-11-22 10:40", "2026-11-23 10:40", "2026-11-24 10:40", "2026-11-24 11:30"] {
            clock.set(hour)
            _ = app.handle(.idle)
        }
        #expect(app.banner.current?.title == "Trip")
    }

    @Test("the run loop waits no longer than until the next alarm")
    func idleTimeout() throws {
        let (app, _, clock) = try app([
            event("Dentist", "2026-11-21 11:00", alarms: [Alarm(minutesBefore: 15)], n: 1),
        ], at: "2026-11-21 10:44")
        clock.set("2026-11-21 10:44", plus: 59.5)
        _ = app.handle(.idle)
        #expect(app.idleTimeout(longest: 1000) == 500)
        clock.set("2026-11-21 10:30")
        #expect(app.idleTimeout(longest: 1000) == 1000)
        clock.set("2026-11-21 10:50")
        #expect(app.idleTimeout(longest: 1000) == 10)
    }

    @Test("an alarm saved while the planner runs rings without waiting for anything else")
    func savedWhileRunning() throws {
        let (app, store, clock) = try app([], at: "2026-11-21 10:40")
        _ = app.handle(.idle)
        try store.save(event("Call", "2026-11-21 10:50", alarms: [Alarm(minutesBefore: 5)], n: 1))
        clock.set("2026-11-21 10:45")
        _ = app.handle(.idle)
        #expect(app.banner.current?.title == "Call")
    }
}

/// How the banner and the missed list are drawn.
@Suite("Reminder snapshots")
struct ReminderSnapshotTests {
    @Test func bannerOverTheList() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixtures.now), ids: .sequential())
        var dentist = Fixtures.event("Dentist", "2026-11-21 10:30", "2026-11-21 11:30", place: "Main St 4", n: 1)
        dentist.alarms = [Alarm(minutesBefore: 13)]
        var lunch = Fixtures.event("Lunch with Ana", "2026-11-21 10:25", "2026-11-21 11:30", n: 2)
        lunch.alarms = [Alarm(minutesBefore: 8)]
        try store.save(dentist)
        try store.save(lunch)
        try store.setAlarmsChecked(until: Fixtures.date("2026-11-21 10:10"))
        let app = AppCoordinator(store: store, clock: .fixed(Fixtures.now), ids: .sequential(), calendar: Fixtures.calendar,
                                 reminders: ReminderCheck(store: store))
        #expect(app.banner.position == (1, 2))
        for size in ScreenSnapshotTests.sizes {
            assertSnapshot(app.render(size: size).grid, named: "reminder-banner-\(size.width)x\(size.height)")
        }
        app.send(.pick("z"))
        app.type("1")
        assertSnapshot(app.render(size: Size(width: 80, height: 24)).grid, named: "reminder-snooze-80x24")
    }

    @Test func missedAtStart() throws {
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixtures.now), ids: .sequential())
        var dentist = Fixtures.event("Dentist", "2026-11-21 09:00", "2026-11-21 09:30", place: "Main St 4", n: 1)
        dentist.alarms = [Alarm(minutesBefore: 15)]
        var report = Fixtures.task("Report", due: "2026-11-21 10:00", n: 2)
        report.alarms = [Alarm(at: Fixtures.date("2026-11-21 09:40"))]
        try store.save(dentist)
        try store.save(report)
        try store.setAlarmsChecked(until: Fixtures.date("2026-11-21 08:00"))
        let app = AppCoordinator(store: store, clock: .fixed(Fixtures.now), ids: .sequential(), calendar: Fixtures.calendar,
                                 reminders: ReminderCheck(store: store))
        #expect(app.mode == .missedReminders)
        assertSnapshot(app.render(size: Size(width: 80, height: 24)).grid, named: "reminders-missed-80x24")
        app.send(.back)
        #expect(app.mode != .missedReminders)
    }
}
