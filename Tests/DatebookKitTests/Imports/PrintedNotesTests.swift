import Testing

@testable import DatebookKit

/// How an import's notes are printed: a message said of many places once.
@Suite("Printed notes")
struct PrintedNotesTests {
    @Test("a message said of several places is printed once where it first came, with five places and a count")
    func grouped() {
        var notes = (1...8).map { ImportReport.Note(line: 10 * $0, component: "VEVENT", uid: "e\($0)", message: "same") }
        notes.insert(ImportReport.Note(line: 5, component: "file", message: "first"), at: 0)
        notes.insert(ImportReport.Note(line: 35, component: "VTODO", message: "between"), at: 4)
        notes.append(ImportReport.Note(line: 3, component: "task", uid: "u", message: "a record", record: 2))
        #expect(notes.printedLines() == [
            "line 5, file: first",
            "line 10, VEVENT e1; line 20, VEVENT e2; line 30, VEVENT e3; line 40, VEVENT e4; line 50, VEVENT e5; "
                + "and 3 more: same",
            "line 35, VTODO: between",
            "task 2 (line 3) u: a record",
        ])
        #expect(notes.prefix(3).printedLines() == ["line 5, file: first", "line 10, VEVENT e1; line 20, VEVENT e2: same"])
    }

    @Test("cards' notes are printed the same way")
    func cards() {
        let notes = [VCardReader.Note(line: 1, uid: "a", message: "m"), VCardReader.Note(line: 9, message: "m")]
        #expect(notes.printedLines() == ["line 1, VCARD a; line 9, VCARD: m"])
        #expect(notes[0].description == "line 1, VCARD a: m")
    }
}
