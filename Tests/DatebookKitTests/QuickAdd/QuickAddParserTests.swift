import Foundation
import Testing

@testable import DatebookKit

/// Quick add: one line read into an item's fields. "Now" is Monday 23 November 2026, 10:00 in Berlin.
@Suite struct QuickAddParserTests {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    static let calendar: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = zone
        return c
    }()
    static let now = date(2026, 11, 23, 10, 0)
    let parser = QuickAddParser(now: QuickAddParserTests.now, calendar: QuickAddParserTests.calendar)
    let dates = DateText(calendar: QuickAddParserTests.calendar)

    static func date(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ min: Int = 0) -> Date {
        calendar.date(from: DateComponents(year: y, month: m, day: d, hour: h, minute: min))!
    }

    func parse(_ line: String) throws -> QuickAddResult { try parser.parse(line) }

    // MARK: - The example

    @Test func theExampleLineFillsEveryField() throws {
        let r = try parse("Lunch with Ana tomorrow 12:30 1h @Cafe Central #work !high")
        #expect(r == QuickAddResult(
            kind: .event, title: "Lunch with Ana", start: Self.date(2026, 11, 24, 12, 30),
            end: Self.date(2026, 11, 24, 13, 30), place: "Cafe Central", categories: ["work"], priority: 1))
    }

    @Test func theExampleBecomesAnItemThroughTheDraft() throws {
        let r = try parse("Lunch with Ana tomorrow 12:30 1h @Cafe Central #work #friends !high remind 10m before")
        let item = try r.item(now: Self.now, dates: dates, newID: { UUID(uuidString: "00000000-0000-0000-0000-000000000001")! })
        #expect(item.kind == .event)
        #expect(item.title == "Lunch with Ana")
        #expect(item.times == [ItemTime(start: Self.date(2026, 11, 24, 12, 30), end: Self.date(2026, 11, 24, 13, 30))])
        #expect(item.place == "Cafe Central")
        #expect(item.categories == ["work", "friends"])
        #expect(item.priority == 1)
        #expect(item.alarms == [Alarm(minutesBefore: 10)])
        #expect(item.allDay == false)
    }

    // MARK: - Dates and times

    @Test(arguments: [
        ("Call Bob 9am tomorrow", date(2026, 11, 24, 9, 0)),
        ("Call Bob tomorrow at 21:00", date(2026, 11, 24, 21, 0)),
        ("Call Bob at 2:30pm on fri", date(2026, 11, 27, 14, 30)),
        ("Call Bob next friday 9am", date(2026, 12, 4, 9, 0)),
        ("Call Bob 2026-12-24 18:00", date(2026, 12, 24, 18, 0)),
        ("Call Bob 24/12 7 pm", date(2026, 12, 24, 19, 0)),
        ("Call Bob tomorrow and bring cake 16:00", date(2026, 11, 24, 16, 0)),
        ("Call Bob 15:00", date(2026, 11, 23, 15, 0)),
        // A time already past today is tomorrow's.
        ("Call Bob 9:00", date(2026, 11, 24, 9, 0)),
        ("Call Bob on sat 11am", date(2026, 11, 28, 11, 0)),
    ])
    func datesAndTimes(line: String, start: Date) throws {
        let r = try parse(line)
        #expect(r.kind == .event)
        #expect(r.start == start)
        #expect(r.allDay == false)
        #expect(r.title.hasPrefix("Call Bob"))
    }

    @Test func inALengthCountsFromNow() throws {
        let later = try parse("Check the oven in 30 minutes")
        #expect(later.title == "Check the oven")
        #expect(later.start == Self.date(2026, 11, 23, 10, 30))
        #expect(later.allDay == false)
        let days = try parse("Renew the visa in 2 weeks")
        #expect(days.start == Self.date(2026, 12, 7))
        #expect(days.allDay)
        #expect(try parse("Meet in room 5").title == "Meet in room 5")
    }

    @Test func wordsBetweenTheDateAndTheTimeStayInTheTitle() throws {
        #expect(try parse("Call Bob tomorrow and bring cake 16:00").title == "Call Bob and bring cake")
    }

    @Test func aDateWithoutATimeIsAnAllDayEvent() throws {
        let r = try parse("Holiday next friday")
        #expect(r.kind == .event)
        #expect(r.allDay)
        #expect(r.start == Self.date(2026, 12, 4))
        #expect(r.end == nil)
        #expect(r.title == "Holiday")
    }

    @Test func aDayRangeIsSeveralDaysAllDay() throws {
        let r = try parse("Conference mon to wed")
        #expect(r.allDay)
        #expect(r.start == Self.date(2026, 11, 23))
        #expect(r.end == Self.date(2026, 11, 25))
        let item = try r.item(now: Self.now, dates: dates, newID: UUID.init)
        #expect(item.times.first?.end == Self.date(2026, 11, 26))  // stored exclusive
    }

    @Test func aLengthInDaysWithoutATimeIsSeveralDays() throws {
        let r = try parse("Trip 3/12 3d")
        #expect(r.allDay)
        #expect(r.start == Self.date(2026, 12, 3))
        #expect(r.end == Self.date(2026, 12, 5))
    }

    @Test(arguments: [
        ("Review tomorrow 13:00 to 14:00", date(2026, 11, 24, 14, 0)),
        ("Review tomorrow 13:00 until 14:30", date(2026, 11, 24, 14, 30)),
        ("Review tomorrow 13:00-15:00", date(2026, 11, 24, 15, 0)),
        ("Review tomorrow 1-3pm", date(2026, 11, 24, 15, 0)),
        ("Review tomorrow 1:00-3PM", date(2026, 11, 24, 15, 0)),
        ("Review tomorrow 13-15:00", date(2026, 11, 24, 15, 0)),
        ("Review tomorrow 13:00-15", date(2026, 11, 24, 15, 0)),
        ("Review tomorrow 13:00 90m", date(2026, 11, 24, 14, 30)),
        ("Review tomorrow 13:00 1h30m", date(2026, 11, 24, 14, 30)),
        ("Review tomorrow 13:00 for 2 hours", date(2026, 11, 24, 15, 0)),
        ("Review tomorrow 13:00 for 1h 15m", date(2026, 11, 24, 14, 15)),
        ("Review tomorrow 22:00 to 01:00", date(2026, 11, 25, 1, 0)),
    ])
    func endsAndLengths(line: String, end: Date) throws {
        let r = try parse(line)
        #expect(r.title == "Review")
        #expect(r.start == Self.date(2026, 11, 24, line.contains("22:00") ? 22 : 13, 0))
        #expect(r.end == end)
    }

    @Test(arguments: [
        ("9-10am", "9am", "10am"), ("11-1pm", "11am", "1pm"), ("1:30-3pm", "1:30pm", "3pm"), ("9-10:30", "9:00", "10:30"),
        ("9:30-10", "9:30", "10:00"), ("14:00-15:30", "14:00", "15:30"), ("10PM-1AM", "10PM", "1AM"),
    ])
    func timeRanges(word: String, start: String, end: String) {
        let range = QuickAddParser.timeRange(word)
        #expect(range?.0 == start)
        #expect(range?.1 == end)
    }

    @Test(arguments: ["14-15", "2026-11-22", "a-b", "9-", "-5", "25:00-26:00", "9-10x"])
    func notTimeRanges(word: String) {
        #expect(QuickAddParser.timeRange(word) == nil)
    }

    @Test func toWithoutAStartIsPartOfTheTitle() throws {
        let r = try parse("Drive to Berlin fri 8:00")
        #expect(r.title == "Drive to Berlin")
        #expect(r.start == Self.date(2026, 11, 27, 8, 0))
    }

    // MARK: - Place, categories, priority

    @Test func thePlaceRunsToTheNextWordThatSaysSomethingElse() throws {
        #expect(try parse("Coffee @Cafe Central #work").place == "Cafe Central")
        #expect(try parse("Coffee @Cafe Central tomorrow 9am").place == "Cafe Central")
        let r = try parse("Coffee @ Main St 4 !low")
        #expect(r.place == "Main St 4")
        #expect(r.priority == 9)
        #expect(r.title == "Coffee")
    }

    @Test func severalTagsAreSeveralCategoriesEachOnce() throws {
        let r = try parse("Plan trip #travel #family, #travel")
        #expect(r.categories == ["travel", "family"])
        #expect(r.title == "Plan trip")
    }

    @Test(arguments: [("!high", 1), ("!med", 5), ("!medium", 5), ("!low", 9), ("!1", 1), ("!3", 3), ("!9", 9), ("!HIGH", 1)])
    func priorities(word: String, value: Int) throws {
        #expect(try parse("Pay rent \(word)").priority == value)
    }

    @Test func markedWordsItCannotReadStayInTheTitle() throws {
        let r = try parse("Shout !urgent # @ tomorrow")
        #expect(r.title == "Shout !urgent # @")
        #expect(r.priority == 0)
        #expect(r.categories.isEmpty)
        #expect(r.place == "")
    }

    @Test func anAddressAtSignInsideAWordIsNoPlace() throws {
        #expect(try parse("Mail ana@example.com").title == "Mail ana@example.com")
    }

    // MARK: - Repeats and reminders

    @Test(arguments: [
        ("Gym every monday 7am", "weekly on mon", date(2026, 11, 23, 7, 0)),
        ("Gym every tue and thu 18:00", "weekly on tue, thu", date(2026, 11, 24, 18, 0)),
        ("Gym every other friday 18:00", "every 2 weeks on fri", date(2026, 11, 27, 18, 0)),
        ("Gym every day 6:30am", "daily", date(2026, 11, 24, 6, 30)),
        ("Gym every 2 weeks tomorrow 9:00", "every 2 weeks", date(2026, 11, 24, 9, 0)),
        ("Gym every weekday 12:00", "weekdays", date(2026, 11, 23, 12, 0)),
        ("Gym monthly on the last fri 17:00", "monthly on the last fri", date(2026, 11, 23, 17, 0)),
        ("Gym weekly 10 times tomorrow 8:00", "weekly 10 times", date(2026, 11, 24, 8, 0)),
    ])
    func repeats(line: String, phrase: String, start: Date) throws {
        let r = try parse(line)
        #expect(r.title == "Gym")
        #expect(r.repeatPhrase == phrase)
        #expect(r.start == start)
        #expect(r.kind == .event)
    }

    @Test func aRepeatWithoutADateStartsTodayAllDay() throws {
        let r = try parse("Water the plants every day")
        #expect(r.repeatPhrase == "daily")
        #expect(r.start == Self.date(2026, 11, 23))
        #expect(r.allDay)
        let item = try r.item(now: Self.now, dates: dates, newID: UUID.init)
        #expect(item.repeatRule == "FREQ=DAILY")
    }

    @Test("a repeat on weekdays without a date starts on the first of them, never on a weekend")
    func weekdaysStartOnAWeekday() throws {
        // Friday evening, Saturday and Sunday: "every weekday" starts on a weekday.
        for (now, first) in [
            (Self.date(2026, 11, 27, 21, 40), Self.date(2026, 11, 27, 9, 30)),
            (Self.date(2026, 11, 28, 8, 0), Self.date(2026, 11, 30, 9, 30)),
            (Self.date(2026, 11, 29, 12, 0), Self.date(2026, 11, 30, 9, 30)),
        ] {
            let parser = QuickAddParser(now: now, calendar: Self.calendar)
            for line in ["Standup every weekday 9:30 until 18/12", "Standup weekdays 9:30"] {
                let r = try parser.parse(line)
                #expect(r.start == first, "\(line) at \(now)")
                #expect(r.title == "Standup")
            }
            #expect(try parser.parse("Standup every weekday").start == Self.calendar.startOfDay(for: first))
        }
        #expect(QuickAddParser.plainWeekdays(of: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR") == [2, 3, 4, 5, 6])
        #expect(QuickAddParser.plainWeekdays(of: "FREQ=MONTHLY;BYDAY=-1FR").isEmpty)
        #expect(QuickAddParser.plainWeekdays(of: "FREQ=WEEKLY;BYDAY=1MO").isEmpty)
        #expect(QuickAddParser.plainWeekdays(of: "FREQ=DAILY").isEmpty)
    }

    @Test("a count after the time still ends the repeat")
    func countAfterTheTime() throws {
        for (line, phrase) in [("Gym every day 7am 10 times", "daily 10 times"),
                               ("Gym every monday 7am 3 times", "weekly on mon 3 times")] {
            let r = try parse(line)
            #expect(r.title == "Gym", "\(line)")
            #expect(r.repeatPhrase == phrase, "\(line)")
        }
        // Without a repeat, "10 times" is the title's.
        #expect(try parse("Say it 10 times tomorrow").title == "Say it 10 times")
    }

    @Test func aRepeatUntilADateEndsThen() throws {
        let r = try parse("Standup every weekday 9:30 until 18/12")
        #expect(r.title == "Standup")
        #expect(r.repeatPhrase == "weekdays until 2026-12-18")
    }

    @Test(arguments: [
        ("remind 10m before", 10), ("remind me 1 hour before", 60), ("remind 1h30m", 90),
        ("alarm 15 minutes", 15), ("remind me 2 days before", 2880),
    ])
    func reminders(phrase: String, minutes: Int) throws {
        let r = try parse("Dentist fri 9:30 \(phrase)")
        #expect(r.alarmMinutes == minutes)
        #expect(r.title == "Dentist")
    }

    @Test func remindWithoutALengthStaysInTheTitle() throws {
        #expect(try parse("remind Ana about the keys tomorrow").title == "remind Ana about the keys")
    }

    // MARK: - Kinds

    @Test func aLineWithoutADateIsATask() throws {
        let r = try parse("Buy milk #home")
        #expect(r.kind == .task)
        #expect(r.start == nil && r.due == nil)
        #expect(r.title == "Buy milk")
    }

    @Test(arguments: ["task: Renew passport fri", "todo Renew passport fri", "TODO: Renew passport fri"])
    func aTaskPrefixMakesADateTheDueDate(line: String) throws {
        let r = try parse(line)
        #expect(r.kind == .task)
        #expect(r.title == "Renew passport")
        #expect(r.due == Self.date(2026, 11, 27))
        #expect(r.dueHasTime == false)
        #expect(r.start == nil)
    }

    @Test func byADateMakesATaskDueThen() throws {
        let r = try parse("Send the report by friday 17:00 !1")
        #expect(r.kind == .task)
        #expect(r.title == "Send the report")
        #expect(r.due == Self.date(2026, 11, 27, 17, 0))
        #expect(r.dueHasTime)
        let item = try r.item(now: Self.now, dates: dates, newID: UUID.init)
        #expect(item.due == Self.date(2026, 11, 27, 17, 0))
        #expect(item.times.isEmpty)
    }

    @Test func byWithoutADateIsPartOfTheTitle() throws {
        #expect(try parse("Stand by me").title == "Stand by me")
    }

    @Test func aReminderPrefixMakesAReminder() throws {
        let r = try parse("reminder: Take the pills 21:00")
        #expect(r.kind == .reminder)
        #expect(r.start == Self.date(2026, 11, 23, 21, 0))
    }

    // MARK: - Text of any kind

    @Test func cjkTitlesAreKept() throws {
        let r = try parse("会议準備 明日 tomorrow 14:00 @東京 #仕事")
        #expect(r.title == "会议準備 明日")
        #expect(r.place == "東京")
        #expect(r.categories == ["仕事"])
        #expect(r.start == Self.date(2026, 11, 24, 14, 0))
    }

    @Test func emojiTitlesAreKept() throws {
        let r = try parse("🎂 Birthday party 🎉 sat 15:00 ")
        #expect(r.title == "🎂 Birthday party 🎉")
        #expect(r.start == Self.date(2026, 11, 28, 15, 0))
    }

    @Test func wordsThatLookLikeDaysOnlyCountAfterOn() throws {
        let r = try parse("Fun in the sun")
        #expect(r.title == "Fun in the sun")
        #expect(r.kind == .task)
    }

    // MARK: - Nothing to save

    @Test(arguments: ["", "   "])
    func anEmptyLineIsAnError(line: String) {
        #expect(throws: QuickAddError.empty) { try parser.parse(line) }
    }

    @Test(arguments: ["tomorrow 12:30", "#work !high @home", "every monday 9am remind 10m before"])
    func aLineWithoutATitleIsAnError(line: String) {
        #expect(throws: QuickAddError.noTitle) { try parser.parse(line) }
    }

    @Test func aDateThatDoesNotExistIsAnError() {
        #expect(throws: QuickAddError.date(.noSuchDay(day: 31, month: 2, year: nil))) { try parser.parse("Party 31/02") }
        #expect(throws: QuickAddError.date(.notATime("25:00"))) { try parser.parse("Party tomorrow 25:00") }
    }

    @Test func aLengthWithoutATimeIsAnError() {
        #expect(throws: QuickAddError.lengthNeedsTime("1h")) { try parser.parse("Nap 1h") }
        #expect(throws: QuickAddError.lengthNeedsTime("2h")) { try parser.parse("Nap fri 2h") }
    }

    @Test func aReminderWithoutATimeIsAnError() {
        #expect(throws: QuickAddError.reminderNeedsTime) { try parser.parse("Call mom remind 10m before") }
        #expect(throws: Never.self) { try parser.parse("Call mom by fri remind 1h before") }
    }

    @Test func theMessagesSayWhatToDo() {
        #expect(QuickAddError.noTitle.description.hasPrefix("Give it a title"))
        #expect(QuickAddError.lengthNeedsTime("1h").description.contains("tomorrow 9:00 1h"))
        #expect(QuickAddError.empty.description.hasPrefix("Type what to add"))
    }

    @Test func anEarlierTimeMoreThanHalfADayOnIsAnEndBeforeTheStart() throws {
        let r = try parse("Lunch tomorrow 12:30 to 11:00")
        #expect(r.end == Self.date(2026, 11, 24, 11, 0))
        #expect(throws: QuickAddError.self) { try r.item(now: Self.now, dates: dates, newID: UUID.init) }
    }

    @Test func anEndBeforeTheStartIsRefusedByTheItemRule() throws {
        let r = try parse("Review 2026-11-27 14:00 to 2026-11-26 13:00")
        #expect(throws: QuickAddError.self) { try r.item(now: Self.now, dates: dates, newID: UUID.init) }
    }

    @Test func nonsenseNeverCrashes() throws {
        for line in ["!!!", "@@@", "###", "every", "to to to", "remind me", "- - -", "9-", "-5", "for",
                     String(repeating: "tomorrow ", count: 300), "\u{1B}[31mred", "12:30-", "every every every"] {
            _ = try? parser.parse(line)
        }
    }

    @Test func anOverlongLineIsRefused() {
        #expect(throws: QuickAddError.self) { try parser.parse(String(repeating: "a", count: 3000)) }
    }

    // MARK: - In words

    @Test func theSummarySaysWhatWillBeSaved() throws {
        let r = try parse("Lunch with Ana tomorrow 12:30 1h @Cafe Central #work #fun !high every tuesday remind 90m before")
        let item = try r.item(now: Self.now, dates: dates, newID: UUID.init)
        let lines = ItemSummary.lines(of: item, dates: dates).map { "\($0.label): \($0.value)" }
        #expect(lines == [
            "kind: event", "title: Lunch with Ana", "when: Tue 24 Nov 2026 12:30 to 13:30", "place: Cafe Central",
            "categories: work, fun", "priority: 1 (high)", "repeat: weekly on tue", "reminder: 1 hour 30 minutes before",
        ])
    }

    @Test func theSummaryOfAllDayAndDueItems() throws {
        let trip = try parse("Trip 3/12 to 5/12").item(now: Self.now, dates: dates, newID: UUID.init)
        #expect(ItemSummary.lines(of: trip, dates: dates).map(\.value).contains("Thu 3 Dec 2026 to Sat 5 Dec 2026, all day"))
        let task = try parse("Report by fri !low").item(now: Self.now, dates: dates, newID: UUID.init)
        #expect(ItemSummary.lines(of: task, dates: dates).map { "\($0.label): \($0.value)" }
            == ["kind: task", "title: Report", "due: Fri 27 Nov 2026", "priority: 9 (low)"])
    }

    @Test func theDraftHoldsWhatTheFormShows() throws {
        let draft = try parse("Lunch tomorrow 12:30 1h @Cafe #work #fun !high remind 10m").draft(dates: dates)
        #expect(draft.kind == .event)
        #expect(draft[.start] == "2026-11-24 12:30")
        #expect(draft[.end] == "2026-11-24 13:30")
        #expect(draft[.place] == "Cafe")
        #expect(draft[.category] == "work, fun")
        #expect(draft[.priority] == "1")
        #expect(draft[.alarm] == "10")
    }
}

/// Long and repetitive lines: each phrase tries a few words at most, and what is said twice
/// stays in the title.
@Suite struct QuickAddParserLimitsTests {
    let parser = QuickAddParser(now: QuickAddParserTests.now, calendar: QuickAddParserTests.calendar)

    @Test(arguments: ["@a ", "tomorrow ", "every ", "#t ", "to ", "remind ", "9-10am ", "@Cafe Central "])
    func repeatedWordsAreRead(word: String) throws {
        let line = "Title " + String(repeating: word, count: 1990 / word.count)
        let result = try parser.parse(line)
        #expect(result.title.hasPrefix("Title"))
        #expect(result.title.count > 1)
    }

    @Test func aRepeatedPlaceKeepsTheFirstAndTheRestInTheTitle() throws {
        let result = try parser.parse("Meet @a @b @c")
        #expect(result.place == "a")
        #expect(result.title == "Meet @b @c")
    }
}

/// Words left unread stay in the title exactly as typed.
@Suite struct QuickAddTitleTests {
    let parser = QuickAddParser(now: QuickAddParserTests.now, calendar: QuickAddParserTests.calendar)

    @Test(arguments: [
        ("Shift 14:00-15:30 9-10AM", "Shift 9-10AM"),
        ("Shift tomorrow 9-10am 14:00-15:30", "Shift 14:00-15:30"),
        ("Shift 14:00-15:30 to 16:00", "Shift to 16:00"),
    ])
    func aTimeRangeLeftUnreadStaysWhole(line: String, title: String) throws {
        #expect(try parser.parse(line).title == title)
    }
}

/// In the Calendar, a time typed without a date is on the day it shows.
@Suite struct QuickAddDefaultDayTests {
    let day = QuickAddParserTests.date(2026, 12, 2, 15, 45)
    var parser: QuickAddParser {
        QuickAddParser(now: QuickAddParserTests.now, calendar: QuickAddParserTests.calendar, defaultDay: day)
    }

    @Test func aTimeAloneIsOnTheDefaultDay() throws {
        #expect(try parser.parse("Standup 9:00").start == QuickAddParserTests.date(2026, 12, 2, 9, 0))
    }

    @Test func aDateTypedStillWins() throws {
        #expect(try parser.parse("Standup tomorrow 9:00").start == QuickAddParserTests.date(2026, 11, 24, 9, 0))
        #expect(try parser.parse("Gym every friday 7am").start == QuickAddParserTests.date(2026, 11, 27, 7, 0))
    }

    @Test func aLineWithoutATimeIsStillATask() throws {
        let result = try parser.parse("Buy milk")
        #expect(result.kind == .task)
        #expect(result.start == nil && result.due == nil)
    }
}
