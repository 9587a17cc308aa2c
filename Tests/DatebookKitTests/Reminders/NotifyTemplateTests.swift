import Foundation
import Testing

@testable import DatebookKit

@Suite("Notify command template")
struct NotifyTemplateTests {
    let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    func ring(title: String, place: String = "") -> DueAlarm {
        DueAlarm(itemID: Fixture.id(1), kind: .event, title: title, place: place,
                 occurrence: Fixture.utc("2026-11-23 09:00"), ringsAt: Fixture.utc("2026-11-23 08:45"),
                 alarm: Alarm(minutesBefore: 15))
    }

    @Test("split first, as a shell splits words, then each placeholder filled inside its argument")
    func splitsThenFills() throws {
        let template = try NotifyTemplate(#"notify-send -a "Date book" {title} '{time} at {place}' x\ y"#)
        #expect(template.words == ["notify-send", "-a", "Date book", "{title}", "{time} at {place}", "x y"])
        let arguments = template.arguments(for: ring(title: "Dentist; rm -rf ~ $(reboot) 'q'", place: "Main St"),
                                           calendar: calendar)
        #expect(arguments == ["notify-send", "-a", "Date book", "Dentist; rm -rf ~ $(reboot) 'q'", "09:00 at Main St", "x y"])
    }

    @Test("every placeholder; a brace that names none stays; a placeholder in a title is not filled again")
    func placeholders() throws {
        let template = try NotifyTemplate("cmd {title} {date} {time} {place} {kind} {id} {rings} {nope}")
        let arguments = template.arguments(for: ring(title: "Say {place}", place: "Home"), calendar: calendar)
        #expect(arguments == ["cmd", "Say {place}", "2026-11-23", "09:00", "Home", "event",
                              Fixture.id(1).lowercasedText, "2026-11-23T08:45:00+00:00", "{nope}"])
    }

    @Test("an empty template, an open quote or a trailing backslash is refused", arguments: [
        "", "   ", "notify-send 'open", #"notify-send "open"#, #"notify-send \"#, "'' {title}",
    ])
    func refused(_ text: String) {
        #expect(throws: NotifyTemplate.Problem.self) { try NotifyTemplate(text) }
    }

    @Test("a program that is not there, one that fails and one that hangs each say so")
    func runnerOutcomes() {
        #expect(NotifyRunner.run(["true"], timeout: 5) == .succeeded)
        #expect(NotifyRunner.run(["sh", "-c", "exit 4"], timeout: 5) == .failed(status: 4))
        #expect(NotifyRunner.run(["no-such-program-here"], timeout: 5) == .cannotStart("not found"))
        let started = ContinuousClock.now
        #expect(NotifyRunner.run(["sh", "-c", "sleep 30; true"], timeout: 0.5) == .killed(after: 0.5))
        #expect(ContinuousClock.now - started < .seconds(5))
    }
}

@Suite("Waiting for a file to change")
struct FileChangeWatcherTests {
    @Test("a write to a watched file wakes the wait; other files in the folder and silence do not")
    func wakesOnChange() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let path = folder + "/datebook.sqlite"
        let watcher = try FileChangeWatcher(paths: FileChangeWatcher.databaseFiles(path))
        #expect(!watcher.wait(timeout: 0.05))
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/other.txt"))
        #expect(!watcher.wait(timeout: 0.05))
        try Data("x".utf8).write(to: URL(fileURLWithPath: path + "-wal"))
        #expect(watcher.wait(timeout: 5))
        #expect(!watcher.wait(timeout: 0.05))
    }

    @Test("a commit by another connection wakes it")
    func wakesOnCommit() throws {
        let folder = Fixture.makeFolder()
        defer { Fixture.removeFolder(folder) }
        let path = folder + "/datebook.sqlite"
        let store = try SQLiteStore(path: path, clock: .fixed(Fixture.now))
        let watcher = try FileChangeWatcher(paths: FileChangeWatcher.databaseFiles(path))
        watcher.drain()
        try store.save(Fixture.event(1, "Dentist", at: "2026-11-23 09:00"))
        #expect(watcher.wait(timeout: 5))
    }
}
