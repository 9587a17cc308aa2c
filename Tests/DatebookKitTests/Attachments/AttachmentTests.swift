import Foundation
import Testing

@testable import DatebookKit

/// Attachments as the details page shows them, the form's path completion, and the program
/// that opens them.
@Suite struct AttachmentTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "datebook-attachments-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder + "/photos", withIntermediateDirectories: true)
        for (name, size) in [("shampoo.jpg", 1_234_567), ("report-2025.pdf", 10), ("report-2026.pdf", 999), (".hidden", 1)] {
            try Data(count: size).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
    }

    @Test func aFileSaysItsSizeOrThatItIsMissingAndALinkIsNotLookedUp() {
        #expect(AttachmentFile.inspect(folder + "/shampoo.jpg").summary == "1.2 MB")
        #expect(AttachmentFile.inspect(folder + "/report-2025.pdf").summary == "10 bytes")
        #expect(AttachmentFile.inspect(folder + "/photos").summary == "folder")
        #expect(AttachmentFile.inspect(folder + "/gone.txt").summary == "missing")
        #expect(AttachmentFile.inspect("~/shampoo.jpg", home: folder).summary == "1.2 MB")
        #expect(AttachmentFile.inspect("https://example.org/list").summary == "link")
        #expect(AttachmentFile.inspect("mailto:ana@example.org").state == .link)
        #expect(!AttachmentFile.isLink("/tmp/a:b"))
        #expect(!AttachmentFile.isLink("photo.jpg"))
        #expect(AttachmentFile.size(1) == "1 byte")
        #expect(AttachmentFile.size(999_999) == "1.0 MB")
        #expect(AttachmentFile.size(2_500_000_000) == "2.5 GB")
    }

    @Test func aRelativePathIsKeptFromTheFolderItWasTypedIn() {
        #expect(AttachmentFile.absolute("photos/../shampoo.jpg", workingDirectory: "/home/ana") == "/home/ana/shampoo.jpg")
        #expect(AttachmentFile.absolute("/srv/a.pdf", workingDirectory: "/home/ana") == "/srv/a.pdf")
        #expect(AttachmentFile.absolute("~/a.pdf", workingDirectory: "/home/ana") == "~/a.pdf")
        #expect(AttachmentFile.absolute("https://example.org", workingDirectory: "/home/ana") == "https://example.org")
    }

    @Test func tabCompletesTheLastPathAsAShellDoes() {
        func complete(_ text: String) -> PathCompletion.Result? {
            PathCompletion.complete(text, workingDirectory: folder, home: folder)
        }
        // One match: completed; a folder with its slash.
        #expect(complete("sh") == .init(text: "shampoo.jpg", matches: []))
        #expect(complete("ph") == .init(text: "photos/", matches: []))
        #expect(complete(folder + "/sha")?.text == folder + "/shampoo.jpg")
        #expect(complete("~/sha")?.text == "~/shampoo.jpg")
        // Several: as far as they agree, and the matches listed.
        #expect(complete("re") == .init(text: "report-202", matches: ["report-2025.pdf", "report-2026.pdf"]))
        #expect(complete("report-202") == .init(text: "report-202", matches: ["report-2025.pdf", "report-2026.pdf"]))
        // Only the last of the list is completed; what comes before stays as typed.
        #expect(complete("a.pdf;  report-2026")?.text == "a.pdf;  report-2026.pdf")
        // Hidden names only when asked for; nothing for no match, an empty entry or a link.
        #expect(complete(".hi")?.text == ".hidden")
        #expect(complete("x") == nil)
        #expect(complete("a.pdf; ") == nil)
        #expect(complete("https://exa") == nil)
        #expect(complete("nofolder/a") == nil)
    }

    @Test func theOpenerGetsTheAttachmentAsOneArgumentAndAMissingFileIsSaidSo() throws {
        let record = folder + "/opened.txt"
        let script = folder + "/opener.sh"
        try Data("#!/bin/sh\nprintf '[%s]\\n' \"$@\" >> '\(record)'\n".utf8).write(to: URL(fileURLWithPath: script))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        let opener = AttachmentOpener.from(environment: ["DATEBOOK_OPEN": "\(script) --new-window"])
        #expect(opener.command == [script, "--new-window"])
        try opener.open(AttachmentFile.inspect("https://example.org/a b;$(rm -rf x)"))
        try opener.open(AttachmentFile.inspect("~/shampoo.jpg", home: folder), home: folder)
        let deadline = Date().addingTimeInterval(10)
        var lines: [String] = []
        while Date() < deadline {
            lines = ((try? String(contentsOfFile: record, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            if lines.count == 4 { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(Set(lines) == ["[--new-window]", "[https://example.org/a b;$(rm -rf x)]", "[\(folder)/shampoo.jpg]"])
        #expect(lines.count == 4)

        #expect(throws: AttachmentError.missing(folder + "/gone.txt")) {
            try opener.open(AttachmentFile.inspect(folder + "/gone.txt"))
        }
        #expect(AttachmentOpener.from(environment: [:]).command == ["xdg-open"])
        #expect(throws: AttachmentError.noOpener("no-such-opener")) {
            try AttachmentOpener(command: ["no-such-opener"]).open(AttachmentFile.inspect("https://example.org"))
        }
    }
}
