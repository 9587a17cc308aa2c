import Foundation
import Testing

@testable import DatebookKit

/// The contact's rules: what a form may save, and the order and sections of the list.
@Suite struct ContactModelTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    static func contact(_ name: String, emails: [String] = [], phones: [String] = []) -> Contact {
        var contact = Contact(id: UUID(), displayName: name, created: now)
        contact.emails = emails.map { LabelledValue($0) }
        contact.phones = phones.map { LabelledValue($0) }
        return contact
    }

    @Test func aNameIsRequiredAndEachEmailAndPhoneIsCheckedInItsField() {
        #expect(Self.contact("Ana", emails: ["ana@example.org"], phones: ["+49 30 1234567", "(555) 123-4567 x12"])
            .validate().isEmpty)
        let issues = Self.contact("  ", emails: ["ana@example.org", "ana@", "a b@example.org"], phones: ["12", "call me"])
            .validate()
        #expect(issues.map(\.field) == [.displayName, .email, .email, .phone, .phone])
        #expect(issues.map(\.index) == [nil, 1, 2, 0, 1])
        #expect(issues[1].message == "“ana@” is not an e-mail address (name@example.org)")
        #expect(issues[3].message == "“12” is not a phone number")
    }

    @Test(arguments: ["plainaddress", "@example.org", "ana@example", "ana@@example.org", "ana@example..org", "ana@.org"])
    func notEmailAddresses(_ text: String) {
        #expect(!Contact.isEmailAddress(text))
    }

    @Test func birthdaysWithAndWithoutAYear() {
        #expect(Birthday(year: nil, month: 2, day: 29) != nil)
        #expect(Birthday(year: 2023, month: 2, day: 29) == nil)
        #expect(Birthday(year: 2024, month: 2, day: 29)?.description == "2024-02-29")
        #expect(Birthday(year: nil, month: 4, day: 23)?.description == "--04-23")
        #expect(Birthday(year: 1990, month: 13, day: 1) == nil)
        #expect(Birthday(year: 1990, month: 4, day: 23)?.age(in: 2026) == 36)
    }

    @Test func caseAccentsAndLeadingParticlesDoNotScatterNames() {
        let names = ["zoë Adams", "The Beatles", "Émile Zola", "van Gogh, Vincent", "emma Stone", "Øystein",
                     "Bob", "de la Cruz", "Ángel", "bob"]
        let sorted = names.sorted { ContactSortKey.key(for: $0) < ContactSortKey.key(for: $1) }
        #expect(sorted == ["Ángel", "The Beatles", "Bob", "bob", "de la Cruz", "Émile Zola", "emma Stone",
                           "van Gogh, Vincent", "Øystein", "zoë Adams"])
        #expect(names.map(ContactSortKey.section(for:)) == ["Z", "B", "E", "G", "E", "O", "B", "C", "A", "B"])
    }

    @Test func cjkAndOtherNamesComeAfterLatinOnesUnderHashInAStableOrder() {
        let names = ["王小明", "Zed", "李雷", "42 Club", "Anna", "山田太郎", "王小明"]
        let sorted = names.sorted { ContactSortKey.key(for: $0) < ContactSortKey.key(for: $1) }
        #expect(Array(sorted.prefix(2)) == ["Anna", "Zed"])
        #expect(Set(sorted.dropFirst(2)) == ["王小明", "李雷", "42 Club", "山田太郎"])
        #expect(sorted == sorted.reversed().sorted { ContactSortKey.key(for: $0) < ContactSortKey.key(for: $1) })
        #expect(["王小明", "42 Club", "!bang", ""].map(ContactSortKey.section(for:)) == ["#", "#", "#", "#"])
        // A particle alone is the name itself.
        #expect(ContactSortKey.section(for: "The") == "T")
    }

    @Test func subscriptionSourcesAreFilesOrWebFeeds() {
        #expect(ContactSubscription.Source("/home/ana/cal.ics") == .file(path: "/home/ana/cal.ics"))
        #expect(ContactSubscription.Source("https://example.org/ana.ics") == .url(URL(string: "https://example.org/ana.ics")!))
        #expect(ContactSubscription.Source("file:///tmp/a.ics") == .file(path: "/tmp/a.ics"))
        #expect(ContactSubscription.Source("ftp://example.org/a.ics") == nil)
        #expect(ContactSubscription.Source("https://") == nil)
        #expect(ContactSubscription.Source("  ") == nil)
    }
}

/// A birthday typed in a form or on the command line.
@Suite struct BirthdayParsingTests {
    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }
    /// Monday 23 November 2026, noon in Berlin.
    static let now = Date(timeIntervalSince1970: 1_795_431_600)

    static func parse(_ text: String) throws(BirthdayError) -> Birthday {
        try Birthday.parse(text, now: now, calendar: calendar)
    }

    @Test func aDateThatNamesItsYearKeepsIt() throws {
        #expect(try Self.parse("1990-04-23") == Birthday(year: 1990, month: 4, day: 23))
        #expect(try Self.parse("23/4/1990") == Birthday(year: 1990, month: 4, day: 23))
        #expect(try Self.parse(" apr 23 1990 ") == Birthday(year: 1990, month: 4, day: 23))
    }

    @Test func aDayAndMonthAloneIsABirthdayWithoutAYear() throws {
        #expect(try Self.parse("23/4") == Birthday(year: nil, month: 4, day: 23))
        #expect(try Self.parse("apr 23") == Birthday(year: nil, month: 4, day: 23))
        #expect(try Self.parse("--04-23") == Birthday(year: nil, month: 4, day: 23))
        #expect(try Self.parse("--0229") == Birthday(year: nil, month: 2, day: 29))
        // 29 February without a year, typed in a year without one (2026).
        #expect(try Self.parse("29/2") == Birthday(year: nil, month: 2, day: 29))
        #expect(try Self.parse("feb 29") == Birthday(year: nil, month: 2, day: 29))
    }

    @Test func wrongTextAndFutureDaysAreRefusedWithAMessage() {
        #expect(throws: BirthdayError(message: "A birthday cannot be in the future")) { try Self.parse("2030-01-01") }
        #expect(throws: BirthdayError(message: "“--13-01” is not a month and day (--MM-DD)")) { try Self.parse("--13-01") }
        #expect(throws: BirthdayError.self) { try Self.parse("someday") }
        #expect(throws: BirthdayError.self) { try Self.parse("2023-02-29") }
    }
}
