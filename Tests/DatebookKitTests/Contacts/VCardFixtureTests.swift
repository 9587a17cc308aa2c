import Foundation
import Testing

@testable import DatebookKit

/// Cards in the shapes Google, Apple, Thunderbird, Nextcloud, Outlook and khard write, each
/// read field by field.
@Suite struct VCardFixtureTests {
    static func read(_ name: String) throws -> VCardReader.Result {
        let path = CalendarFixtures.path("vcard/\(name)")
        return VCardReader.read(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func only(_ name: String) throws -> VCardReader.Card {
        let result = try read(name)
        #expect(result.skipped.isEmpty, "\(result.skipped)")
        return try #require(result.cards.first)
    }

    @Test func google() throws {
        let result = try Self.read("google-contacts.vcf")
        #expect(result.skipped.isEmpty)
        #expect(result.cards.count == 2)
        let ana = result.cards[0].contact
        #expect(ana.displayName == "Ana Lima")
        #expect(ana.givenName == "Ana" && ana.familyName == "Lima")
        #expect(ana.nicknames == ["Aninha"])
        #expect(ana.emails == [LabelledValue("ana.lima@gmail.com", label: "home"), LabelledValue("ana@acme.example", label: "work")])
        #expect(ana.phones == [LabelledValue("+55 11 91234-5678", label: "mobile"), LabelledValue("+55 11 3333-4444", label: "work")])
        #expect(ana.address == PostalAddress(label: "home", street: "Rua Augusta, 1500", locality: "São Paulo", region: "SP",
                                             postalCode: "01304-001", country: "Brasil"))
        #expect(ana.organisation == "Acme Química" && ana.title == "Chemist")
        #expect(ana.birthday == Birthday(year: 1990, month: 4, day: 23))
        #expect(ana.url == "https://ana.example.org")
        #expect(ana.notes == "Met at the conference\nLikes coffee, strong")
        #expect(ana.categories == ["myContacts", "Friends"])
        #expect(ana.photo == .reference("https://lh3.googleusercontent.com/contacts/ABCdef123"))
        #expect(ana.unknownProperties == ["item1.URL:http\\://www.google.com/profiles/1234567890", "item1.X-ABLabel:PROFILE"])
        #expect(!result.cards[0].hadUID && ana.uid.hasPrefix("datebook-"))
        #expect(result.cards[1].contact.birthday == Birthday(year: nil, month: 11, day: 2))
        #expect(result.cards[1].contact.uid != ana.uid)
    }

    @Test func apple() throws {
        let card = try Self.only("apple-contacts.vcf")
        let john = card.contact
        #expect(john.displayName == "Mr. John Quincy Doe Jr.")
        #expect([john.familyName, john.givenName, john.additionalNames, john.namePrefix, john.nameSuffix]
            == ["Doe", "John", "Quincy", "Mr.", "Jr."])
        #expect(john.organisation == "Example Corp" && john.organisationUnits == ["Marketing"])
        #expect(john.emails == [LabelledValue("john.doe@example.com", label: "work", preferred: true),
                                LabelledValue("johnny@example.net", label: "home")])
        #expect(john.phones == [LabelledValue("+1 (555) 123-4567", label: "mobile", preferred: true),
                                LabelledValue("+1 555 765 4321", label: "Gym")])
        #expect(john.address?.street == "1 Infinite Loop" && john.address?.label == "home")
        #expect(john.url == "https://johndoe.example.com")
        #expect(john.birthday == Birthday(year: nil, month: 7, day: 14))
        guard case let .inline(data, mediaType) = john.photo else { Issue.record("no inline photo"); return }
        #expect(mediaType == "image/jpeg" && data.count == 525 && data.prefix(3) == Data([0xFF, 0xD8, 0xFF]))
        #expect(john.unknownProperties == [
            "item2.X-ABADR:us", "X-SOCIALPROFILE;type=twitter:https://twitter.com/johndoe",
            "item4.X-ABRELATEDNAMES;type=pref:Jane Doe",
            "X-ABUID:5AD380FD-B2DE-4261-BA99-DE1D1DB52FBE:ABPerson", "item4.X-ABLabel:_$!<Spouse>!$_",
        ])
    }

    @Test func thunderbird() throws {
        let kai = try Self.only("thunderbird-contacts.vcf").contact
        #expect(kai.uid == "0c7f5f2a-3b0e-4b9a-9e36-5ac9c0a4f2c1")
        #expect(kai.displayName == "Kai Müller" && kai.nicknames == ["Kaimü"])
        #expect(kai.emails == [LabelledValue("kai.mueller@example.de", preferred: true),
                               LabelledValue("k.mueller@firma.example", label: "work")])
        #expect(kai.phones.map(\.label) == ["mobile", "home"])
        #expect(kai.address?.locality == "Berlin" && kai.address?.label == "work")
        #expect(kai.birthday == Birthday(year: 1985, month: 3, day: 15))
        #expect(kai.organisation == "Firma GmbH" && kai.organisationUnits == ["Entwicklung"])
        #expect(kai.url == "https://kai.example.de" && kai.notes == "Bringt Kuchen mit")
        guard case let .inline(data, mediaType) = kai.photo else { Issue.record("no inline photo"); return }
        #expect(mediaType == "image/png" && data.count == 208)
        #expect(kai.unknownProperties == ["X-MOZILLA-HTML:FALSE"])
    }

    @Test func nextcloud() throws {
        let card = try Self.only("nextcloud-contacts.vcf")
        let li = card.contact
        #expect(li.displayName == "李雷" && li.familyName == "李" && li.givenName == "雷")
        #expect(li.phones == [LabelledValue("+86 10 1234 5678", label: "home")])
        #expect(li.address?.street == "长安街1号" && li.address?.country == "中国")
        #expect(li.categories == ["Family", "同学"])
        #expect(card.revision == Date(timeIntervalSince1970: 1_792_484_100))
        guard case let .inline(_, mediaType) = li.photo else { Issue.record("no inline photo"); return }
        #expect(mediaType == "image/png")
        #expect(li.unknownProperties == ["X-NEXTCLOUD-CONTACT-ID:42"])
    }

    @Test func outlookVCard21() throws {
        let result = try Self.read("outlook-contacts.vcf")
        #expect(result.skipped.isEmpty, "\(result.skipped)")
        #expect(result.cards.count == 2)
        let renee = result.cards[0].contact
        #expect(renee.displayName == "Renée Façon" && renee.familyName == "Façon" && renee.givenName == "Renée")
        #expect(renee.phones == [LabelledValue("(425) 555-0100", label: "work"), LabelledValue("(425) 555-0101", label: "mobile"),
                                 LabelledValue("(425) 555-0102", label: "work fax")])
        #expect(renee.emails == [LabelledValue("renee@contoso.com", preferred: true)])
        #expect(renee.address?.street == "One Microsoft Way" && renee.address?.label == "work")
        #expect(renee.notes == "Café au lait le matin, thé l'après-midi. Très gentille.")
        #expect(renee.unknownProperties.count == 2)
        #expect(renee.unknownProperties[0].hasPrefix("LABEL;WORK;PREF;ENCODING=QUOTED-PRINTABLE:One Microsoft Way=0D=0A"))
        #expect(result.cards[0].revision == Date(timeIntervalSince1970: 1_793_529_000))
        let minh = result.cards[1].contact
        #expect(minh.organisation == "Café “Saigon”")
        guard case let .inline(data, _) = minh.photo else { Issue.record("no inline photo"); return }
        #expect(data.count == 525)
    }

    @Test func khard() throws {
        let elodie = try Self.only("khard-contacts.vcf").contact
        #expect(elodie.displayName == "Élodie de la Cruz" && elodie.familyName == "de la Cruz")
        #expect(elodie.nicknames == ["Lodie", "Élo"])
        #expect(elodie.organisation == "Université Lyon, 2")
        #expect(elodie.emails == [LabelledValue("elodie@univ.example.fr", label: "work", preferred: true)])
        #expect(elodie.phones == [LabelledValue("+33 6 12 34 56 78", label: "mobile"), LabelledValue("+33-4-12-34-56-78", label: "home")])
        #expect(elodie.birthday == Birthday(year: nil, month: 3, day: 15))
        #expect(elodie.notes == "Première ligne\nDeuxième ligne; avec point-virgule")
        #expect(elodie.unknownProperties == ["ANNIVERSARY:20150620"])
        #expect(elodie.section == "E")
    }

    @Test func brokenCardsAreSkippedWithTheirLineAndTheRestRead() throws {
        let result = try Self.read("broken-cards.vcf")
        #expect(result.cards.map(\.contact.displayName) == ["Good One", "Jiwoo Park", "Acme Plumbing", "someone@example.org", "Good Two"])
        #expect(result.skipped.map(\.description) == [
            "line 6, VCARD broken-1: line 10 is not a vCard property: “this line is not a property”",
            "line 28, VCARD nothing-1: it has no name (no FN, N, ORG or EMAIL)",
            "line 33, VCARD unterminated-1: it has no END:VCARD before line 37",
            "line 42, VCARD open-at-end: it has no END:VCARD",
        ])
        #expect(result.cards[1].notes == ["it has no FN; it was named “Jiwoo Park” from its N"])
        #expect(result.cards[2].notes == ["it has no FN; it was named “Acme Plumbing” from its ORG"])
    }
}
