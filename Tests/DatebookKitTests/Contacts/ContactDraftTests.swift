import Foundation
import Testing

@testable import DatebookKit

/// The contact form's rule: texts as typed read into a contact, each problem by its field, and
/// what the form does not show (or did not change) kept as stored.
@Suite struct ContactDraftTests {
    /// Saturday 21 November 2026, 10:17 UTC.
    static let now = Date(timeIntervalSince1970: 1_795_256_220)
    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    static func read(_ texts: [ContactDraft.Field: String], editing original: Contact? = nil)
        -> (contact: Contact, problems: [ContactDraft.Field: String])
    {
        ContactDraft(texts: texts).contact(editing: original, newID: { UUID() }, now: now, calendar: calendar)
    }

    @Test func labelledValuesAreSeparatedByCommasOrSemicolonsWithALabelBeforeAColon() {
        #expect(ContactDraft.labelledValues("work: ana@x.org, home: ana@y.org; ana@z.org") == [
            LabelledValue("ana@x.org", label: "work"), LabelledValue("ana@y.org", label: "home"),
            LabelledValue("ana@z.org"),
        ])
        #expect(ContactDraft.labelledValues("mailto:ana@x.org") == [LabelledValue("mailto:ana@x.org")])
        #expect(ContactDraft.labelledValues(" , ;") == [])
        #expect(ContactDraft.text(of: [LabelledValue("+49 30 1", label: "mobile"), LabelledValue("555")])
            == "mobile: +49 30 1, 555")
    }

    @Test func aBadEmailIsAProblemOfTheEmailFieldAndANameIsRequired() {
        let (_, problems) = Self.read([.emails: "work: ana@x.org, ana@", .phones: "call me"])
        #expect(problems == [
            .displayName: "A name is required",
            .emails: "“ana@” is not an e-mail address (name@example.org)",
            .phones: "“call me” is not a phone number",
        ])
    }

    @Test(arguments: [
        ("1990-04-23", Birthday(year: 1990, month: 4, day: 23)),
        ("23/4/1990", Birthday(year: 1990, month: 4, day: 23)),
        ("apr 23", Birthday(year: nil, month: 4, day: 23)),
        ("--04-23", Birthday(year: nil, month: 4, day: 23)),
        ("29/2", Birthday(year: nil, month: 2, day: 29)),
    ])
    func birthdaysInEveryFormTheDateFieldsTake(_ text: String, _ expected: Birthday?) {
        let (contact, problems) = Self.read([.displayName: "Ana", .birthday: text])
        #expect(problems.isEmpty)
        #expect(contact.birthday == expected)
    }

    @Test(arguments: ["31/2/1990", "someday", "2030-01-01"])
    func aBirthdayThatIsNotOneIsAProblemOfItsField(_ text: String) {
        let (contact, problems) = Self.read([.displayName: "Ana", .birthday: text])
        #expect(problems.keys.sorted { $0.rawValue < $1.rawValue } == [.birthday])
        #expect(contact.birthday == nil)
    }

    @Test func editingKeepsWhatTheFormDoesNotShowOrDidNotChange() {
        var stored = Contact(id: UUID(), displayName: "Ana Lima", created: Self.now)
        stored.emails = [LabelledValue("ana@x.org", label: "work", preferred: true)]
        stored.address = PostalAddress(label: "home", poBox: "PO 7", street: "Rua A 1", locality: "Rio")
        stored.photo = .reference("/photos/ana.jpg")
        stored.unknownProperties = ["X-CUSTOM:1"]
        stored.birthday = Birthday(year: nil, month: 2, day: 29)
        var texts = ContactDraft(stored).texts
        #expect(texts[.address] == "Rua A 1, Rio")
        #expect(texts[.birthday] == "--02-29")
        texts[.emails] = "work: ana@x.org, home: ana@y.org"
        texts[.notes] = "one↵two"
        let (contact, problems) = Self.read(texts, editing: stored)
        #expect(problems.isEmpty)
        #expect(contact.id == stored.id)
        #expect(contact.emails == [LabelledValue("ana@x.org", label: "work", preferred: true),
                                   LabelledValue("ana@y.org", label: "home")])
        #expect(contact.address == stored.address)  // unchanged text: the PO box and label stay
        #expect(contact.photo == stored.photo)
        #expect(contact.unknownProperties == ["X-CUSTOM:1"])
        #expect(contact.birthday == stored.birthday)
        #expect(contact.notes == "one\ntwo")

        texts[.address] = "Rua B 2, Recife, 50000, PE, Brazil"
        let moved = Self.read(texts, editing: stored).contact
        #expect(moved.address == PostalAddress(label: "home", street: "Rua B 2", locality: "Recife", region: "PE",
                                               postalCode: "50000", country: "Brazil"))
    }
}
