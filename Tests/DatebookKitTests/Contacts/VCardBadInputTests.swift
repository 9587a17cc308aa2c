import Foundation
import Testing

@testable import DatebookKit

/// The reader on input no producer writes: cut short anywhere, bytes at random, hostile text.
/// Nothing crashes; what can be read is, and the rest is reported.
@Suite struct VCardBadInputTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: CalendarFixtures.path("vcard/\(name)"))))
    }

    @Test(arguments: VCardRoundTripTests.fixtures)
    func aFileCutShortAnywhereIsReadAsFarAsItGoes(_ name: String) throws {
        let bytes = try Self.fixture(name)
        let whole = VCardReader.read(bytes).cards.count
        for length in stride(from: 0, through: bytes.count, by: 7) {
            let result = VCardReader.read(Array(bytes.prefix(length)))
            #expect(result.cards.count <= whole)
            #expect(result.cards.allSatisfy { !$0.contact.displayName.isEmpty })
        }
    }

    @Test func randomBytesAndBytesInsideACardNeverCrash() {
        var state: UInt64 = 0x5EED
        func next() -> UInt64 {
            state = state &+ 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let alphabet = Array("BEGIN:VCARD\r\nEND:;=,.\"\\ \tQUOTED-PRINTABLE=0D=\r\nTYPE=ENCODING=b:data:ä日".utf8)
        for _ in 0..<300 {
            let length = Int(next() % 400)
            let bytes = (0..<length).map { _ in next() % 3 == 0 ? UInt8(truncatingIfNeeded: next()) : alphabet[Int(next() % UInt64(alphabet.count))] }
            let wrapped = Array("BEGIN:VCARD\r\nFN:x\r\n".utf8) + bytes + Array("\r\nEND:VCARD\r\n".utf8)
            _ = VCardReader.read(bytes)
            let result = VCardReader.read(wrapped)
            #expect(result.cards.count + result.skipped.count >= 1)
        }
    }

    @Test func controlCharactersAndHugeLinesAreKeptHarmlessly() throws {
        let name = "Eve \u{1B}]0;owned\u{7} \u{9B}31m"
        let card = "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:eve\r\nFN:\(name)\r\nNOTE:" + String(repeating: "x", count: 200_000)
            + "\r\nX-HOSTILE:\u{1B}[2J\r\nEND:VCARD\r\n"
        let contact = try #require(VCardReader.read(Data(card.utf8)).cards.first?.contact)
        #expect(contact.displayName == name)
        let written = VCardWriter().write([contact])
        #expect(!written.unicodeScalars.contains { ControlCharacters.isControl($0.value) && $0 != "\r" && $0 != "\n" })
        #expect(written.contains("X-HOSTILE:␛[2J\r\n"))
    }

    /// A card of thousands of 70,000-character nicknames (the fuzzer's, 318 MB) took 45 s and
    /// 5.4 GB: its list was cut character by character and searched through UTF-16 copies, all of
    /// it folded and indexed. The fast paths must read exactly as the long ones did.
    @Test func hugeListsAreReadAndIndexedWithinBounds() throws {
        let long = String(repeating: "Abc", count: 30_000)
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Big\r\n"
            + (0..<40).map { "NICKNAME:\(long)\($0),x\\,y ,  ,\u{0301}z\r\n" }.joined() + "END:VCARD\r\n"
        let contact = try #require(VCardReader.read(Array(card.utf8)).cards.first?.contact)
        #expect(contact.nicknames.count == 120)
        #expect(contact.nicknames[0] == long + "0")
        #expect(contact.nicknames[1] == "x,y")
        #expect(contact.nicknames[2] == "\u{0301}z")
        // A BDAY no date could be is not read as one, however long (the fuzzer's: 4,469 of 70,000
        // characters took 27 s); a real one still is.
        let birthdays = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:B\r\nBDAY:" + String(repeating: "1", count: 70_000)
            + "\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nFN:C\r\nBDAY:1985-04-12T00:00:00Z\r\nEND:VCARD\r\n"
        let read = VCardReader.read(Array(birthdays.utf8)).cards.map(\.contact)
        #expect(read.map(\.displayName) == ["B", "C"])
        #expect(read[0].birthday == nil)
        #expect(read[1].birthday == Birthday(year: 1985, month: 4, day: 12))
        // The index holds the first 64 KB of each column, folded.
        let search = ContactRows.searchText(of: contact)
        #expect(search.utf8.count <= SearchDocument.longestContactColumn)
        #expect(search.hasPrefix("big\n") && search.contains(String(repeating: "abc", count: 100)))
        #expect(SearchDocument(contact).title.utf8.count <= SearchDocument.longestContactColumn)
        // ASCII folds byte by byte as Foundation folds it; other text still through Foundation.
        let ascii = String((0x20..<0x7F).map { Character(Unicode.Scalar($0)!) })
        #expect(ContactSearch.fold(ascii)
            == ascii.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil))
        #expect(ContactSearch.fold("Ćwierć ÉTÉ") == "cwierc ete")
        // Values with nothing to escape are written as they are; the others as before.
        let writer = VCardWriter(version: .v4)
        #expect(writer.escape("plain text 123", list: true) == "plain text 123")
        #expect(writer.escape("a,b;c\\d\ne\u{1B}", list: true) == "a\\,b\\;c\\\\d\\ne\u{241B}")
        #expect(writer.escape("a,b\tc", list: false) == "a,b\u{2409}c")
    }
}
