import Foundation
import Testing

@testable import DatebookKit

/// Past and overdue: an event that ended is past, never overdue; a task or reminder not done
/// by its time is overdue.
@Suite("Past and overdue")
struct ItemTimingTests {
    @Test("an event that ended is past but not overdue; one going on is neither")
    func events() {
        let ended = Fixture.event(1, "Dentist", at: "2026-11-22 07:00")
        #expect(ended.isPast(at: Fixture.now))
        #expect(!ended.isOverdue(at: Fixture.now))
        let going = Fixture.event(2, "Standup", at: "2026-11-22 08:30")
        #expect(!going.isPast(at: Fixture.now))
        #expect(!going.isOverdue(at: Fixture.now))
    }

    @Test("a task past its due date and a reminder whose moment passed are overdue; completed ones are not")
    func tasksAndReminders() {
        let task = Fixture.task(1, "Report", due: "2026-11-20 17:00")
        #expect(task.isOverdue(at: Fixture.now))
        var done = task
        done.status = .completed
        #expect(!done.isOverdue(at: Fixture.now))
        #expect(!Fixture.task(2, "Someday").isOverdue(at: Fixture.now))
        let reminder = Item(
            id: Fixture.id(3), kind: .reminder, title: "Call Ana", times: [ItemTime(start: Fixture.utc("2026-11-22 08:00"))],
            created: Fixture.now)
        #expect(reminder.isOverdue(at: Fixture.now))
    }

    @Test("a task with several times is past only when the last of them is")
    func severalTimes() {
        let task = Item(
            id: Fixture.id(1), kind: .task, title: "Study",
            times: [
                ItemTime(start: Fixture.utc("2026-11-20 09:00"), end: Fixture.utc("2026-11-20 10:00")),
                ItemTime(start: Fixture.utc("2026-11-25 09:00"), end: Fixture.utc("2026-11-25 10:00")),
            ], created: Fixture.now)
        #expect(!task.isPast(at: Fixture.now))
        #expect(!task.isOverdue(at: Fixture.now))
    }

    @Test("a repeating item without its listed occurrence is not judged by its first time")
    func repeatingUnknown() {
        var series = Fixture.event(1, "Standup", at: "2025-01-06 09:00")
        series.repeatRule = "FREQ=WEEKLY"
        #expect(!series.isPast(at: Fixture.now))
    }
}
