import Foundation
import Testing

@testable import DatebookKit

/// Importing into the store, exporting and importing again; the writer's lines; bad input.
@Suite struct VCardRoundTripTests {
    static let fixtures = ["google-contacts.vcf", "apple-contacts.vcf", "thunderbird-contacts.vcf",
                           "nextcloud-contacts.vcf", "outlook-contacts.vcf", "khard-contacts.vcf"]

    static func store() throws -> SQLiteStore {
        try SQLiteStore.inMemory(clock: .fixed(Date(timeIntervalSince1970: 1_795_000_000.75)))
    }

    static func importFixtures(into store: SQLiteStore) throws -> ContactImportReport {
        var total = ContactImportReport()
        for name in fixtures {
            let report = try VCardImporter(writer: store).importFile(atPath: CalendarFixtures.path("vcard/\(name)"))
            total.added += report.added
            total.updated += report.updated
            total.skipped += report.skipped
        }
        return total
    }

    static func all(_ store: SQLiteStore) throws -> [Contact] {
        try store.contacts(ContactQuery(), offset: 0, limit: 1000).map { try #require(try store.contact(id: $0.id)) }
    }

    @Test(arguments: [VCardWriter.Version.v4, .v3])
    func importExportImportChangesNothing(_ version: VCardWriter.Version) throws {
        let store = try Self.store()
        let report = try Self.importFixtures(into: store)
        #expect(report.added == 8 && report.updated == 0 && report.skipped.isEmpty)
        let before = try Self.all(store)
        let exported = VCardWriter(version: version).write(before)
        // Into the same store: every card matched by UID, nothing changed.
        let again = try VCardImporter(writer: store).importData(Data(exported.utf8))
        #expect(again.added == 0 && again.updated == 8 && again.skipped.isEmpty, "\(again)")
        let after = try Self.all(store)
        for (old, new) in zip(before, after) { #expect(old == new) }
        // Into a new store: the same contacts but for Datebook's ids.
        let other = try Self.store()
        _ = try VCardImporter(writer: other).importData(Data(exported.utf8))
        var elsewhere = try Self.all(other)
        for index in elsewhere.indices { elsewhere[index].id = before[index].id }
        #expect(elsewhere == before)
        // And the export of that is the same text.
        #expect(VCardWriter(version: version).write(try Self.all(other)) == exported)
    }

    @Test func aSecondImportUpdatesAndKeepsWhatThePlannerKnows() throws {
        let store = try Self.store()
        _ = try Self.importFixtures(into: store)
        let kai = try #require(try store.contact(uid: "0c7f5f2a-3b0e-4b9a-9e36-5ac9c0a4f2c1"))
        try store.setRelation(.friend, of: kai.id)
        let subscription = ContactSubscription(source: .file(path: "/tmp/kai.ics"), lastRead: Date(timeIntervalSince1970: 9), lastError: "gone")
        try store.setSubscription(subscription, of: kai.id)
        try store.deleteContact(id: kai.id)
        let card = "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:0c7f5f2a-3b0e-4b9a-9e36-5ac9c0a4f2c1\r\nFN:Kai M.\r\nEND:VCARD\r\n"
        let report = try VCardImporter(writer: store).importData(Data(card.utf8))
        #expect(report.summary == "Imported 1 contact: 0 added, 1 updated, 0 skipped.")
        let updated = try #require(try store.contact(id: kai.id))
        #expect(updated.displayName == "Kai M." && updated.emails.isEmpty && updated.relation == .friend)
        #expect(updated.subscription == subscription && updated.status == .deleted && updated.created == kai.created)
        #expect(try store.contactCount(ContactQuery()) == 7)
    }

    @Test func aFileWithoutCardsIsRefusedAndNothingWritten() throws {
        let store = try Self.store()
        #expect(throws: ContactImportError.notVCard) {
            try VCardImporter(writer: store).importData(Data("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8))
        }
        #expect(throws: ContactImportError.self) { try VCardImporter(writer: store).importFile(atPath: "/nonexistent.vcf") }
    }

    @Test func aFiveMegabytePhotoIsKeptWhole() throws {
        var photo = Data(count: 5 << 20)
        photo.withUnsafeMutableBytes { buffer in
            for index in buffer.indices { buffer[index] = UInt8(truncatingIfNeeded: index &* 31 &+ index >> 8) }
        }
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:big\r\nFN:Big Photo\r\nPHOTO;ENCODING=b;TYPE=JPEG:"
            + photo.base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
                .replacingOccurrences(of: "\r\n", with: "\r\n ")
            + "\r\nEND:VCARD\r\n"
        let store = try Self.store()
        let (report, seconds) = try ThreadCPU.measure { try VCardImporter(writer: store).importData(Data(card.utf8)) }
        #expect(seconds < 10, "\(seconds) s of CPU")
        #expect(report.added == 1)
        let contact = try #require(try store.contact(uid: "big"))
        #expect(contact.photo == .inline(photo, mediaType: "image/jpeg"))
        let written = VCardWriter().write([contact])
        #expect(written.split(separator: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        #expect(VCardReader.read(Data(written.utf8)).cards.first?.contact.photo == contact.photo)
    }

    @Test func theWriterFoldsAt75OctetsWithoutCuttingACharacterAndEscapesControls() throws {
        var contact = Contact(id: UUID(), uid: "w-1", displayName: "Zoë \u{1B}[2J Bell", created: Date(timeIntervalSince1970: 0))
        contact.notes = String(repeating: "日本語のノート、", count: 12) + "\nline two; a, b \\ c\r\nthree\u{7}"
        contact.phones = [LabelledValue("+1 555 0100", label: "Gym")]
        contact.unknownProperties = ["item1.X-ABDATE:2010-01-01", "item1.X-ABLabel:_$!<Anniversary>!$_"]
        let text = VCardWriter().write([contact])
        let lines = text.components(separatedBy: "\r\n").dropLast()
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(text.hasPrefix("BEGIN:VCARD\r\nVERSION:4.0\r\n"))
        #expect(text.contains("FN:Zoë ␛[2J Bell\r\n"))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\r" && $0 != "\n" })
        // A person's own label goes in a group no kept line uses.
        #expect(text.contains("item2.TEL:+1 555 0100\r\nitem2.X-ABLabel:Gym\r\n"))
        let read = try #require(VCardReader.read(Data(text.utf8)).cards.first?.contact)
        #expect(read.notes == String(repeating: "日本語のノート、", count: 12) + "\nline two; a, b \\ c\nthree␇")
        #expect(read.phones == contact.phones && read.unknownProperties == contact.unknownProperties)
        #expect(VCardWriter(version: .v3).write([contact]).contains("N:;;;;\r\n"))
    }

    @Test("a BDAY that is no date is kept with a note; a birthday set later replaces it, never beside it")
    func unreadableBirthdayIsReplacedNotDoubled() throws {
        let card = "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:bd-1\r\nFN:Ana\r\nBDAY:2026-02-31\r\nEND:VCARD\r\n"
        let store = try Self.store()
        let report = try VCardImporter(writer: store).importData(Data(card.utf8))
        #expect(report.notes.map(\.message) == [
            "its BDAY “2026-02-31” is no date Datebook reads; it is kept as written, and a birthday set later replaces it"])
        var contact = try #require(try store.contact(uid: "bd-1"))
        #expect(contact.birthday == nil)
        #expect(VCardWriter().write([contact]).contains("BDAY:2026-02-31\r\n"))
        contact.birthday = Birthday(year: 1990, month: 1, day: 1)
        try store.save(contact)
        let written = VCardWriter().write([try #require(try store.contact(uid: "bd-1"))])
        #expect(written.components(separatedBy: "\r\n").filter { $0.hasPrefix("BDAY") } == ["BDAY:19900101"])
        #expect(VCardWriter.name("item1.bday;VALUE=text:x") == "BDAY")
    }

    @Test func typeInEverySpelling() throws {
        let card = """
            BEGIN:VCARD
            VERSION:3.0
            FN:T
            TEL;TYPE=WORK;TYPE=VOICE:1001
            TEL;type="home,voice":1002
            TEL;TYPE=cell,pref:1003
            TEL;CELL:1004
            TEL;type=Fax;TYPE=work:1005
            EMAIL;INTERNET;HOME:a@example.org
            END:VCARD
            """
        let contact = try #require(VCardReader.read(Data(card.utf8)).cards.first?.contact)
        #expect(contact.phones.map(\.label) == ["work", "home", "mobile", "mobile", "work fax"])
        #expect(contact.phones.map(\.preferred) == [false, false, true, false, false])
        #expect(contact.emails.map(\.label) == ["home"])
    }
}
