import DatebookKit
import Foundation

/// The vCard importer: the address books of Apple, Google, Outlook, Thunderbird, Nextcloud and
/// khard (the fixtures), mutated line by line, imported into an empty store.
///
/// Oracle: besides crashes and time, every contact the import stored must have a name (an
/// e-mail or phone the form would refuse is kept as the card had it: an import loses nothing),
/// and the address book written out as vCard must read back as as many cards, with the same
/// names.
struct VCardTarget: FuzzTarget {
    let name = "vcard"
    let fileExtension = "vcf"
    let stores = ReusedStore(now: ICalendarTarget.now, timeZone: ICalendarTarget.zone)
    /// The seed files, each as its lines.
    let seeds: [[[UInt8]]]

    init(seedFiles: [[UInt8]]) {
        seeds = seedFiles.map { ICalendarTarget.lines($0) }
    }

    func input(seed: UInt64, index: Int) -> [UInt8] {
        var dice = Dice(seed: seed, salt: 5, index: index)
        return LineMutations.input(dice.pick(seeds), &dice, lineEnd: { $0.oneIn(10) ? [0x0A] : [0x0D, 0x0A] }, mutate: mutate)
    }

    /// Values that stress names, dates, photos and labels.
    static let values = ["", " ", ";;;;;;", "\\", "\\n\\n", "=E4=F6", "--1231", "19850229", "00000000", "99991231",
                         "2026-13-45", "data:image/png;base64,####", "data:,", "http://[::1", "+49 (0) 30 1234",
                         "\u{1B}]0;x\u{07}", "\u{202E}evil", "会议 准备", String(repeating: "A", count: 70_000),
                         String(repeating: "QUJD", count: 50_000)]

    private func mutate(_ lines: inout [[UInt8]], _ dice: inout Dice) {
        guard !lines.isEmpty else {
            lines.append(Array("BEGIN:VCARD".utf8))
            return
        }
        let at = dice.int(0...lines.count - 1)
        // Up to 5,000 times: a card with thousands of e-mails.
        let roll = dice.int(0...9)
        if LineMutations.reshape(&lines, at: at, roll: roll, most: 5_000, &dice) { return }
        switch roll {
        case 4, 5, 6: LineMutations.replaceValue(&lines, at: at, with: Self.values, &dice)
        case 7:  // nesting, or a card never ended
            let line = dice.pick(["BEGIN:VCARD", "END:VCARD", "BEGIN:VCALENDAR", "VERSION:4.0", "VERSION:2.1"])
            let count = dice.oneIn(5) ? dice.int(5...3_000) : dice.few(3)
            lines.insert(contentsOf: Array(repeating: Array(line.utf8), count: count), at: at)
        case 8:  // a folded line broken in the middle, or a continuation with nothing before it
            let cut = dice.int(0...lines[at].count)
            let tail = Array(lines[at][cut...])
            lines[at].removeSubrange(cut...)
            lines.insert([0x20] + tail, at: at + 1)
        default:
            LineMutations.addParameter(&lines, at: at, from: [
                ";TYPE=pref", ";PREF=1", ";ENCODING=QUOTED-PRINTABLE", ";ENCODING=b", ";CHARSET=ISO-8859-1",
                ";VALUE=uri", ";LABEL=\"a:b\"", ";X=\"open", ";TYPE=", ";CHARSET=NOPE",
            ], &dice)
        }
    }

    /// A text as vCard keeps it: line breaks as `\n`, other control characters as their
    /// pictures (vCard has no escape for them; see `VCardWriter`).
    static func asWritten(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        let unified = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        for scalar in unified.unicodeScalars {
            out.append(scalar == "\n" || !ControlCharacters.isControl(scalar.value) ? scalar : ControlCharacters.picture(of: scalar))
        }
        return String(out)
    }

    func run(_ input: [UInt8]) -> String? {
        let store = stores.fresh(for: input)
        // A file that is not vCard, or that the store refuses, is an answer.
        guard (try? VCardImporter(writer: store).importData(Data(input))) != nil else { return nil }
        let contacts: [Contact]
        do {
            contacts = try ContactQuery.List.allCases.flatMap { list in
                try store.wholeContacts(ContactQuery(list))
            }
        } catch {
            return "the imported contacts cannot be read back: \(error)"
        }
        for contact in contacts where contact.displayName.allSatisfy(\.isWhitespace) {
            return "a contact was stored without a name (\(contact.id))"
        }
        let written = VCardWriter().write(contacts)
        let again = VCardReader.read(Data(written.utf8))
        let names = again.cards.map(\.contact.displayName)
        if names != contacts.map({ Self.asWritten($0.displayName) }) {
            return "\(contacts.count) contacts written as vCard read back as \(again.cards.count): \(names.prefix(3))"
        }
        return nil
    }
}
