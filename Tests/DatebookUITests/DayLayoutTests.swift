import DatebookKit
import DatebookTerminal
import Foundation
import Testing

@testable import DatebookUI

@Suite("Laying out a day")
struct DayLayoutTests {
    let dayStart = Fixtures.date("2026-11-23 00:00")
    let dayEnd = Fixtures.date("2026-11-24 00:00")

    func occurrence(_ title: String, _ start: String, _ end: String, allDay: Bool = false) -> Occurrence {
        Occurrence(itemID: UUID(), kind: .event, title: title, start: Fixtures.date(start), end: Fixtures.date(end),
                   allDay: allDay)
    }

    @Test("events that do not overlap each take the whole width")
    func separate() {
        let (allDay, timed) = DayLayout.place([
            occurrence("A", "2026-11-23 09:00", "2026-11-23 10:00"),
            occurrence("B", "2026-11-23 10:00", "2026-11-23 11:00"),
        ], dayStart: dayStart, dayEnd: dayEnd)
        #expect(allDay.isEmpty)
        #expect(timed.map(\.lane) == [0, 0])
        #expect(timed.map(\.lanes) == [1, 1])
    }

    @Test("overlapping events stand side by side, and a chain of overlaps shares its lane count")
    func sideBySide() {
        let (_, timed) = DayLayout.place([
            occurrence("A", "2026-11-23 09:00", "2026-11-23 11:00"),
            occurrence("B", "2026-11-23 09:30", "2026-11-23 10:00"),
            occurrence("C", "2026-11-23 10:00", "2026-11-23 12:00"),
            occurrence("D", "2026-11-23 11:30", "2026-11-23 12:30"),
            occurrence("E", "2026-11-23 14:00", "2026-11-23 15:00"),
        ], dayStart: dayStart, dayEnd: dayEnd)
        let byTitle = Dictionary(uniqueKeysWithValues: timed.map { ($0.occurrence.title, ($0.lane, $0.lanes)) })
        #expect(byTitle["A"]! == (0, 2))
        #expect(byTitle["B"]! == (1, 2))
        #expect(byTitle["C"]! == (1, 2))  // B's lane is free again at 10:00
        #expect(byTitle["D"]! == (0, 2))  // A ended at 11:00
        #expect(byTitle["E"]! == (0, 1))
    }

    @Test("two short events in one screen row stand side by side")
    func sameRow() {
        let (_, timed) = DayLayout.place([
            occurrence("Standup", "2026-11-23 09:00", "2026-11-23 09:15"),
            occurrence("Dentist", "2026-11-23 09:30", "2026-11-23 10:30"),
        ], dayStart: dayStart, dayEnd: dayEnd, slot: 3600)
        #expect(timed.map(\.lane) == [0, 1])
        #expect(timed.map(\.lanes) == [2, 2])
    }

    @Test("all-day items and spans covering the whole day go to the all-day row")
    func allDayRow() {
        let (allDay, timed) = DayLayout.place([
            occurrence("Holiday", "2026-11-23 00:00", "2026-11-24 00:00", allDay: true),
            occurrence("Conference", "2026-11-22 09:00", "2026-11-25 17:00"),
            occurrence("Talk", "2026-11-23 09:00", "2026-11-23 10:00"),
        ], dayStart: dayStart, dayEnd: dayEnd)
        #expect(allDay.map(\.title) == ["Holiday", "Conference"])
        #expect(timed.map(\.occurrence.title) == ["Talk"])
    }
}

@Suite("Drawing a crowded day")
struct CrowdedDayTests {
    @Test("lanes that do not fit give way to a count on the row where they begin; the selected one still shows")
    func overflow() throws {
        let dayStart = Fixtures.date("2026-11-23 00:00")
        let dayEnd = Fixtures.date("2026-11-24 00:00")
        let crowd = (0..<30).map { n in
            Occurrence(itemID: UUID(), kind: .event, title: "Talk \(n)", start: Fixtures.date("2026-11-23 09:00"),
                       end: Fixtures.date("2026-11-23 10:00"))
        }
        let (_, timed) = DayLayout.place(crowd, dayStart: dayStart, dayEnd: dayEnd, slot: 3600)
        let column = DayColumnState(date: dayStart, title: "Mon 23 Nov", isToday: false, isSelected: true,
                                    allDay: [], timed: timed)
        func draw(selected: String?) -> [String] {
            var grid = Grid(width: 40, height: 16)
            let context = TimeGridView.Context(calendar: Fixtures.calendar, dates: DateText(calendar: Fixtures.calendar),
                                               selectedID: selected, firstHour: 8)
            TimeGridView.render([column], context: context, into: &grid, area: Rect(x: 0, y: 0, width: 40, height: 16))
            return grid.text().components(separatedBy: "\n")
        }
        // 33 columns of events fit 11 lanes of 3: ten of them drawn, twenty in the count.
        let nine = try #require(draw(selected: nil).first { $0.hasPrefix("09:00") })
        #expect(nine.contains("+20"))
        #expect(nine.filter { $0 == "▏" }.count == 10)
        // No marker for blocks too narrow to draw.
        #expect(!draw(selected: nil).dropFirst(2).contains { $0.trimmingCharacters(in: .whitespaces).hasSuffix("v") })
        let hiddenOne = timed.first { $0.lane == 25 }!.occurrence
        let withSelection = try #require(draw(selected: hiddenOne.id).first { $0.hasPrefix("09:00") })
        #expect(!withSelection.contains("+"))
        #expect(withSelection.filter { $0 == "▏" }.count == 11)
    }
}
