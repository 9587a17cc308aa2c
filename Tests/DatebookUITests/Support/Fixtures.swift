import DatebookKit
import DatebookTerminal
import DatebookUI
import Foundation

/// A fixed world for screen tests: Saturday 21 November 2026, 10:17 UTC, sequential IDs.
enum Fixtures {
    static let now = date("2026-11-21 10:17")

    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        calendar.firstWeekday = 2
        return calendar
    }

    /// A date in UTC from `yyyy-MM-dd HH:mm`.
    static func date(_ text: String) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.date(from: text)!
    }

    /// A fresh in-memory store and an app over it.
    static func app(items: [Item] = []) throws -> (AppCoordinator, SQLiteStore) {
        let store = try SQLiteStore.inMemory(clock: .fixed(now), ids: .sequential())
        for item in items { try store.save(item) }
        let app = AppCoordinator(store: store, clock: .fixed(now), ids: .sequential(), calendar: calendar)
        return (app, store)
    }

    static func event(_ title: String, _ start: String, _ end: String, place: String = "", n: Int) -> Item {
        Item(id: id(n), kind: .event, title: title,
             times: [ItemTime(start: date(start), end: date(end))], place: place, created: now)
    }

    static func task(_ title: String, due: String?, n: Int) -> Item {
        Item(id: id(n), kind: .task, title: title, due: due.map(date), created: now)
    }

    static func reminder(_ title: String, at: String, n: Int) -> Item {
        Item(id: id(n), kind: .reminder, title: title, times: [ItemTime(start: date(at))], created: now)
    }

    static func id(_ n: Int) -> UUID {
        UUID(uuidString: String(format: "AAAAAAAA-0000-0000-0000-%012X", n))!
    }

    /// A week of typical items: overdue, CJK, emoji, an escape sequence in a title, a long place.
    static var sample: [Item] {
        [
            event("Dentist", "2026-11-23 09:30", "2026-11-23 10:30", place: "Main St 4", n: 1),
            event("会议准备 with the team 🎉", "2026-11-22 14:00", "2026-11-22 15:30", place: "会议室 3", n: 2),
            task("Send the report", due: "2026-11-20 17:00", n: 3),
            task("Buy milk", due: nil, n: 4),
            reminder("Call Ana", at: "2026-11-24 09:00", n: 5),
            event("Evil \u{1B}[31mtitle\u{07}", "2026-11-25 08:00", "2026-11-25 09:00", n: 6),
            event("Standup", "2026-11-21 09:00", "2026-11-21 09:15", place: "Office, second floor, room with the plants", n: 7),
        ]
    }
}

extension Fixtures {
    /// A busy Monday 23 November: overlapping events, a CJK title, an all-day conference,
    /// plus a reminder and a due task later in the week.
    static var calendarSample: [Item] {
        var conference = Item(id: id(20), kind: .event, title: "Conference", times: [
            ItemTime(start: date("2026-11-22 00:00"), end: date("2026-11-25 00:00")),
        ], allDay: true, created: now)
        conference.place = "Berlin"
        return [
            event("Standup", "2026-11-23 09:00", "2026-11-23 09:15", place: "Office", n: 21),
            event("Dentist", "2026-11-23 09:30", "2026-11-23 10:30", place: "Main St 4", n: 22),
            event("会议准备 🎉", "2026-11-23 10:00", "2026-11-23 11:30", place: "会议室 3", n: 23),
            event("Lunch with Ana", "2026-11-23 12:30", "2026-11-23 13:30", place: "Café Central", n: 24),
            event("Late review", "2026-11-23 18:00", "2026-11-23 19:00", n: 25),
            reminder("Call the plumber", at: "2026-11-24 08:00", n: 26),
            task("Send the report", due: "2026-11-25 17:00", n: 27),
            conference,
        ]
    }
}

extension AppCoordinator {
    /// The Events tab.
    var events: EventsCoordinator { tab(EventsCoordinator.self)! }

    /// The Calendar tab.
    var calendar: CalendarCoordinator { tab(CalendarCoordinator.self)! }

    /// Sends intents one after another, as a person pressing keys would.
    func send(_ intents: Intent...) {
        for intent in intents { _ = send(intent) }
    }

    /// Types text into the focused field.
    func type(_ text: String) {
        for character in text { _ = send(.insert(character)) }
    }

    /// The screen as text at a size.
    func screen(_ width: Int = 80, _ height: Int = 24) -> String {
        render(size: Size(width: width, height: height)).grid.text()
    }
}
