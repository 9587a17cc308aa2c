import Foundation
import Testing

@testable import DatebookKit

/// `UUID.lowercasedText`, `UUID(text:)` and `UUID.isLowercasedText(_:)`: the ids as the
/// database stores them, written, read and compared byte by byte.
@Suite("A UUID's text")
struct UUIDTextTests {
    /// Random ids (a failure prints the text), and the two whose bytes are all 0 or all 255.
    static let ids: [UUID] = (0..<200).map { _ in UUID() } + [
        UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
        UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255)),
    ]

    @Test("the text is Foundation's, lowercased, and reads back as the same id")
    func textRoundTrips() {
        for id in Self.ids {
            #expect(id.lowercasedText == id.uuidString.lowercased())
            #expect(UUID(text: id.lowercasedText) == id)
            #expect(UUID(text: id.uuidString) == id)
        }
    }

    @Test("an id is its own lowercase text, and nothing else")
    func comparesWithoutBuilding() {
        for id in Self.ids {
            let text = id.lowercasedText
            #expect(id.isLowercasedText(text), "\(text)")
            // The uppercase text differs wherever a digit is a letter.
            #expect(id.isLowercasedText(id.uuidString) == (id.uuidString == text))
            #expect(!id.isLowercasedText(text + "0"))
            #expect(!id.isLowercasedText(String(text.dropLast())))
            #expect(!id.isLowercasedText(text.replacingOccurrences(of: "-", with: "")))
            #expect(!id.isLowercasedText(""))
            // One digit changed anywhere.
            for offset in [0, 7, 9, 14, 19, 24, 35] {
                var bytes = Array(text.utf8)
                bytes[offset] = bytes[offset] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
                #expect(!id.isLowercasedText(String(decoding: bytes, as: UTF8.self)), "\(text) at \(offset)")
            }
        }
        let other = UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))
        #expect(!other.isLowercasedText(UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 17)).lowercasedText))
    }

    @Test("an occurrence keeps a UID only when it is not the item's id")
    func occurrenceUID() {
        let id = Self.ids[0]
        var occurrence = Occurrence(itemID: id, kind: .event, title: "t", start: Date(), end: Date(), uid: id.lowercasedText)
        #expect(occurrence.uid == id.lowercasedText)
        occurrence.uid = "meeting@example.org"
        #expect(occurrence.uid == "meeting@example.org")
        occurrence.uid = id.uuidString
        #expect(occurrence.uid == id.uuidString)
        occurrence.uid = id.lowercasedText
        #expect(occurrence.uid == id.lowercasedText)
        #expect(occurrence == Occurrence(itemID: id, kind: .event, title: "t", start: occurrence.start, end: occurrence.end))
    }
}
