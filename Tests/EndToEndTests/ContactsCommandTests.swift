import Foundation
import Testing

/// `datebook contacts import`, `export`, `list` and `add` as a script runs them, with the
/// export read back by an independent reader: Python's vobject.
@Suite("Contacts from scripts")
struct ContactsCommandTests {
    let home: TemporaryDirectory
    let db: String

    init() throws {
        home = try TemporaryDirectory()
        db = home.path("datebook.sqlite")
    }

    func datebook(_ arguments: [String], input: String? = nil) throws -> Command.Result {
        try Command.run(
            try DatebookBinary.path, arguments + ["--db", db],
            environment: ["TZ": "Europe/Berlin", "PATH": "/usr/bin:/bin", "HOME": home.path], standardInput: input,
            timeout: .seconds(30))
    }

    static func fixture(_ name: String) throws -> String {
        try DatebookBinary.packageRoot().appendingPathComponent("Tests/DatebookKitTests/Fixtures/vcard/\(name)").path
    }

    static let producers = ["google-contacts.vcf", "apple-contacts.vcf", "thunderbird-contacts.vcf",
                            "nextcloud-contacts.vcf", "outlook-contacts.vcf", "khard-contacts.vcf"]

    @Test("import prints a summary, a second import updates, broken cards go to stderr with status 2")
    func importSummaryAndUpdates() throws {
        let first = try datebook(["contacts", "import", try Self.fixture("google-contacts.vcf")])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput == "Imported 2 contacts: 2 added, 0 updated, 0 skipped.\n")
        let again = try datebook(["contacts", "import", try Self.fixture("google-contacts.vcf")])
        #expect(again.standardOutput == "Imported 2 contacts: 0 added, 2 updated, 0 skipped.\n")
        let broken = try datebook(["contacts", "import", try Self.fixture("broken-cards.vcf")])
        #expect(broken.status == 2)
        #expect(broken.standardOutput == "Imported 5 contacts: 5 added, 0 updated, 4 skipped.\n")
        #expect(broken.standardError.contains("skipped: line 6, VCARD broken-1: line 10 is not a vCard property"))
        #expect(broken.standardError.contains("note: line 12, VCARD noname-1: it has no FN; it was named “Jiwoo Park” from its N"))
        let listed = try datebook(["contacts", "list"])
        #expect(listed.standardOutput.split(separator: "\n").count == 7)
    }

    @Test("import - reads standard input; a file that is not vCard or is missing fails with status 1")
    func standardInputAndFailures() throws {
        let stdin = try datebook(["contacts", "import", "-"], input: try Self.fixture("khard-contacts.vcf"))
        #expect(stdin.status == 0, "\(stdin.standardError)")
        #expect(stdin.standardOutput.hasPrefix("Imported 1 contact: 1 added"))
        let notes = home.path("notes.txt")
        try Data("Remember the milk\n".utf8).write(to: URL(fileURLWithPath: notes))
        let refused = try datebook(["contacts", "import", notes])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("not a vCard file"))
        #expect(try datebook(["contacts", "import", home.path("nowhere.vcf")]).status == 1)
        #expect(try datebook(["contacts", "list"]).standardOutput == "Élodie de la Cruz\telodie@univ.example.fr\n")
    }

    @Test("add checks the e-mail and phone, keeps nothing when wrong, and list --json shows what was added")
    func addAndList() throws {
        let bad = try datebook(["contacts", "add", "Ana", "--email", "ana@"])
        #expect(bad.status == 1)
        #expect(bad.standardError == "datebook contacts add: --email: “ana@” is not an e-mail address (name@example.org)\n")
        let badPhone = try datebook(["contacts", "add", "Ana", "--phone", "call me"])
        #expect(badPhone.status == 1 && badPhone.standardError.contains("--phone"))
        let noName = try datebook(["contacts", "add", "  "])
        #expect(noName.status == 1 && noName.standardError.contains("A name is required"))
        let added = try datebook(["contacts", "add", "Ana Lima", "--email", "ana@example.org", "--phone", "+49 30 1234567",
                                  "--birthday", "1990-04-23"])
        #expect(added.status == 0, "\(added.standardError)")
        let id = added.standardOutput.trimmingCharacters(in: .newlines)
        #expect(UUID(uuidString: id) != nil)
        #expect(try datebook(["contacts", "add", "Bo", "--birthday=--02-29"]).status == 0)
        let badBirthday = try datebook(["contacts", "add", "Cy", "--birthday", "someday"])
        #expect(badBirthday.status == 1 && badBirthday.standardError.hasPrefix("datebook contacts add: --birthday: "))
        #expect(try datebook(["contacts", "add", "Di", "--birthday", "23/4"]).status == 0)
        let json = try datebook(["contacts", "list", "--json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["name"] as? String } == ["Ana Lima", "Bo", "Di"])
        #expect(objects[2]["birthday"] as? String == "--04-23")
        #expect(objects[0]["id"] as? String == id)
        #expect(objects[0]["birthday"] as? String == "1990-04-23")
        #expect(objects[1]["birthday"] as? String == "--02-29")
        #expect((objects[0]["emails"] as? [[String: Any]])?.first?["value"] as? String == "ana@example.org")
    }

    @Test("add --relation sets what is known of the person (how tests and scripts seed requests)")
    func addWithRelation() throws {
        let bad = try datebook(["contacts", "add", "Ana", "--relation", "enemy"])
        #expect(bad.status == 1)
        #expect(bad.standardError == "datebook contacts add: --relation: “enemy” is not one of none, friend, "
            + "request-received, request-sent, blocked\n")
        #expect(try datebook(["contacts", "list"]).standardOutput.isEmpty)
        #expect(try datebook(["contacts", "add", "Bea", "--relation", "request-received"]).status == 0)
        #expect(try datebook(["contacts", "add", "Cy"]).status == 0)
        #expect(try datebook(["contacts", "list"]).standardOutput == "Bea\t\trequest-received\nCy\n")
    }

    @Test("a request to my own address is refused, and makes no contact")
    func requestToMyself() throws {
        #expect(try datebook(["me", "--name", "Alice", "--email", "alice@example.org"]).status == 0)
        let asked = try datebook(["contacts", "request", "ALICE@example.org"])
        #expect(asked.status == 1)
        #expect(asked.standardError.contains("ALICE@example.org is your own address (datebook me)"), "\(asked.standardError)")
        #expect(try datebook(["contacts", "list"]).standardOutput.isEmpty)
        #expect(try datebook(["contacts", "request", "bob@example.org"]).status == 0)
    }

    @Test("Python's vobject reads every card of the export, in 4.0 and 3.0")
    func pythonReadsTheExport() throws {
        let python = try #require(Command.find("python3"), "python3 is needed to check exports")
        try Self.ensureVobject(python)
        for name in Self.producers {
            #expect(try datebook(["contacts", "import", try Self.fixture(name)]).status == 0)
        }
        let names = try datebook(["contacts", "list", "--json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(names.standardOutput.utf8)) as? [[String: Any]])
        let expected = objects.compactMap { $0["name"] as? String }
        #expect(expected.count == 8)
        let script = home.path("read.py")
        try Data("""
            import sys, vobject
            for card in vobject.readComponents(open(sys.argv[1], encoding="utf-8").read()):
                emails = [e.value for e in card.contents.get("email", [])]
                print(card.fn.value + "\\t" + ",".join(emails))
            """.utf8).write(to: URL(fileURLWithPath: script))
        for flag in [[], ["--vcard3"]] {
            let out = home.path("export\(flag.count).vcf")
            let exported = try datebook(["contacts", "export", "--out", out] + flag)
            #expect(exported.status == 0, "\(exported.standardError)")
            #expect(exported.standardError == "Exported 8 contacts to \(out)\n")
            let text = try String(contentsOfFile: out, encoding: .utf8)
            #expect(text.contains(flag.isEmpty ? "VERSION:4.0\r\n" : "VERSION:3.0\r\n"))
            let read = try Command.run(python, [script, out], environment: ["PATH": "/usr/bin:/bin"], timeout: .seconds(60))
            #expect(read.status == 0, "\(read.standardError)")
            let lines = read.standardOutput.split(separator: "\n").map(String.init)
            #expect(lines.map { $0.components(separatedBy: "\t")[0] } == expected)
            #expect(lines.contains("Mr. John Quincy Doe Jr.\tjohn.doe@example.com,johnny@example.net"))
        }
        let stdout = try datebook(["contacts", "export"])
        #expect(stdout.standardOutput.hasPrefix("BEGIN:VCARD\r\nVERSION:4.0\r\n"))
        #expect(stdout.standardOutput.components(separatedBy: "BEGIN:VCARD").count == 9)
    }

    /// Installs vobject with pip when python3 cannot import it.
    static func ensureVobject(_ python: String) throws {
        let check = ["-c", "import vobject"]
        if try Command.run(python, check, timeout: .seconds(30)).status == 0 { return }
        let install = try Command.run(python, ["-m", "pip", "install", "-q", "vobject"], timeout: .seconds(300))
        if install.status != 0 {
            _ = try Command.run(python, ["-m", "pip", "install", "-q", "--break-system-packages", "vobject"], timeout: .seconds(300))
        }
        let again = try Command.run(python, check, timeout: .seconds(30))
        if again.status != 0 { throw EndToEndFailure("python3 cannot import vobject: \(again.standardError)") }
    }
}
