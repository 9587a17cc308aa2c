import Foundation
import Testing

@testable import DatebookKit

/// `UnreadableFile.reason`: why a named file could not be read, in a person's words.
@Suite("Why a file cannot be read")
struct UnreadableFileTests {
    func reason(_ path: String) -> String {
        do {
            _ = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
            return "read"
        } catch {
            return UnreadableFile.reason(path, error)
        }
    }

    @Test("no such file, a folder, a device: each said plainly")
    func reasons() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        #expect(reason(folder + "/missing.ics") == "there is no such file")
        #expect(reason(folder) == "it is a folder, not a file")
        #expect(reason("/dev/null") == "it is not a plain file (a device or a pipe); copy it to one first")
        let file = folder + "/a.ics"
        try Data("BEGIN:VCALENDAR".utf8).write(to: URL(fileURLWithPath: file))
        #expect(reason(file) == "read")
    }

    @Test("the importers say it too")
    func importers() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let store = try SQLiteStore.inMemory(clock: .fixed(Fixture.now), ids: .sequential())
        #expect(throws: ImportError.unreadable("it is a folder, not a file")) {
            try FileImporter(writer: store).importFile(atPath: folder)
        }
        #expect(throws: ImportError.unreadable("there is no such file")) {
            try ICalendarImporter(writer: store).importFile(atPath: folder + "/none.ics")
        }
        #expect(throws: ContactImportError.unreadable("it is a folder, not a file")) {
            try VCardImporter(writer: store).importFile(atPath: folder)
        }
    }
}
