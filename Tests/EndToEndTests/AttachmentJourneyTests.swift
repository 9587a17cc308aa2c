import Foundation
import Testing

/// Attachments in the real binary: paths typed in the form complete with Tab, the details page
/// says each one's size or that it is missing, and `o` hands the chosen one to the opener
/// (here a stand-in that records its arguments), which keeps it in iCalendar too.
@Suite("Attachment journeys in a real terminal")
struct AttachmentJourneyTests {
    @Test("Tab completes a path in Attachments; the details show sizes; > and o open the chosen one; a missing one is said so")
    func attachCompleteAndOpen() async throws {
        let home = try TemporaryDirectory(prefix: "datebook-e2e")
        let files = home.path("files")
        try FileManager.default.createDirectory(atPath: files, withIntermediateDirectories: true)
        try Data(count: 1_500_000).write(to: URL(fileURLWithPath: files + "/shampoo-photo.jpg"))
        try Data(count: 10).write(to: URL(fileURLWithPath: files + "/report-2025.pdf"))
        try Data(count: 20).write(to: URL(fileURLWithPath: files + "/report-2026.pdf"))
        let record = home.path("opened.txt")
        let opener = home.path("opener.sh")
        try Data("#!/bin/sh\nprintf '[%s]\\n' \"$@\" >> '\(record)'\n".utf8).write(to: URL(fileURLWithPath: opener))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener)

        let session = try TmuxSession(width: 160, environment: ["TZ": "UTC", "DATEBOOK_OPEN": opener], home: home)
        try await session.waitFor("No events")
        try session.send(keys: "n", "e")
        try await session.waitFor("New event")
        try session.type("Buy shampoo")
        // Title, Start, End, All day, Place, Repeat, Alarm, Sound, Priority, Category, Attachments.
        for _ in 0..<10 { try session.send(keys: "Tab") }
        try await session.waitFor("Tab completes a path")
        try session.type(files + "/sh")
        try session.send(keys: "Tab")
        // A long text shows its end in the field.
        try await session.waitUntil("one match completed") {
            FormJourneyTests.field("Attachments", in: $0)?.contains("/files/shampoo-photo.jpg") == true
        }
        try session.type("; " + files + "/rep")
        try session.send(keys: "Tab")
        try await session.waitFor("Matches: report-2025.pdf  report-2026.pdf")
        try session.type("6")
        try session.send(keys: "Tab")
        try await session.waitUntil("the second path completed") {
            FormJourneyTests.field("Attachments", in: $0)?.contains("/files/report-2026.pdf") == true
        }
        try session.type("; https://example.org/list?a=1&b=2; " + files + "/gone.txt")
        try session.send(keys: "C-s")
        try await session.waitFor("Saved \u{201C}Buy shampoo\u{201D}")

        try session.send(keys: "Enter")
        try await session.waitFor("▸ \(files)/shampoo-photo.jpg · 1.5 MB")
        let details = try session.screen()
        #expect(details.contains("\(files)/report-2026.pdf · 20 bytes"))
        #expect(details.contains("https://example.org/list?a=1&b=2 · link"))
        #expect(details.contains("\(files)/gone.txt · missing"))

        try session.send(keys: "o")
        try await session.waitFor("Opening \(files)/shampoo-photo.jpg")
        try session.send(keys: ">", ">", "o")
        try await session.waitFor("Opening https://example.org/list?a=1&b=2")
        try session.send(keys: ">", "o")
        try await session.waitFor("Cannot open: \(files)/gone.txt is no longer there")
        try await session.waitUntil("the opener ran twice") { _ in
            ((try? String(contentsOfFile: record, encoding: .utf8)) ?? "").split(separator: "\n").count == 2
        }
        let opened = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(Set(opened) == ["[\(files)/shampoo-photo.jpg]", "[https://example.org/list?a=1&b=2]"])

        let exported = try Command.run(
            try DatebookBinary.path, ["export", "--db", home.path("datebook.sqlite")], environment: ["TZ": "UTC"])
        // Long lines are folded (RFC 5545 3.1): unfolded before they are read.
        let unfolded = exported.standardOutput.replacingOccurrences(of: "\r\n ", with: "")
            .replacingOccurrences(of: "\n ", with: "")
        #expect(unfolded.contains("ATTACH:file://\(files)/shampoo-photo.jpg"))
        #expect(unfolded.contains("ATTACH:https://example.org/list?a=1&b=2"))
    }
}
