import Foundation

/// Writes contacts as vCard 4.0 (RFC 6350), or 3.0 (RFC 2426) for older readers.
///
/// Lines end in CRLF and are folded at 75 octets without cutting a character; text is escaped
/// (`\\`, `\,`, `\;`, `\n`), and other control characters become their pictures, as in
/// iCalendar exports (vCard has no escape for them). Lines the card had that Datebook does not
/// understand are written back as they were read. The planner's own fields (relation,
/// subscription) are not part of a card.
public struct VCardWriter: Sendable {
    public enum Version: String, Sendable {
        case v3 = "3.0"
        case v4 = "4.0"
    }

    public var version: Version

    public init(version: Version = .v4) {
        self.version = version
    }

    /// The cards of `contacts`, one after another.
    public func write(_ contacts: [Contact]) -> String {
        var out = ""
        for contact in contacts { write(contact, into: &out) }
        return out
    }

    /// Appends one card.
    public func write(_ contact: Contact, into out: inout String) {
        var lines = CardLines(version: version)
        lines.add("BEGIN:VCARD")
        lines.add("VERSION:\(version.rawValue)")
        lines.add("PRODID:-//Datebook//Datebook 0.1//EN")
        lines.add("UID:" + escape(contact.uid))
        lines.add("FN:" + escape(contact.displayName))
        let nameParts = [contact.familyName, contact.givenName, contact.additionalNames, contact.namePrefix, contact.nameSuffix]
        if version == .v3 || nameParts.contains(where: { !$0.isEmpty }) {
            lines.add("N:" + nameParts.map(escape).joined(separator: ";"))
        }
        if !contact.nicknames.isEmpty { lines.add("NICKNAME:" + contact.nicknames.map(escape).joined(separator: ",")) }
        if !contact.organisation.isEmpty || !contact.organisationUnits.isEmpty {
            lines.add("ORG:" + ([contact.organisation] + contact.organisationUnits).map(escape).joined(separator: ";"))
        }
        if !contact.title.isEmpty { lines.add("TITLE:" + escape(contact.title)) }
        for email in contact.emails { lines.add("EMAIL", labelled: email, kind: .email, value: escape(email.value)) }
        for phone in contact.phones { lines.add("TEL", labelled: phone, kind: .phone, value: escape(phone.value)) }
        if let address = contact.address {
            let value = [address.poBox, address.extended, address.street, address.locality, address.region,
                         address.postalCode, address.country].map(escape).joined(separator: ";")
            lines.add("ADR", labelled: LabelledValue("", label: address.label), kind: .address, value: value)
        }
        if let birthday = contact.birthday { lines.add(self.birthday(birthday)) }
        if !contact.url.isEmpty { lines.add("URL:" + escape(contact.url, list: false)) }
        if !contact.notes.isEmpty { lines.add("NOTE:" + escape(contact.notes)) }
        if !contact.categories.isEmpty { lines.add("CATEGORIES:" + contact.categories.map(escape).joined(separator: ",")) }
        if let photo = contact.photo { lines.add(self.photo(photo)) }
        lines.add("REV:" + VCardDates.revision(contact.changed))
        // A card has one BDAY: once the birthday is known (read, or set since), a BDAY kept as
        // it came (one that was no date) would make two.
        for line in contact.unknownProperties where contact.birthday == nil || Self.name(line) != "BDAY" {
            lines.add(ControlCharacters.inICalendar(line))
        }
        lines.add("END:VCARD")
        lines.fold(into: &out, reservedGroups: Set(contact.unknownProperties.compactMap(Self.group)))
    }

    private func birthday(_ birthday: Birthday) -> String {
        let monthDay = String(format: "%02d%02d", birthday.month, birthday.day)
        switch (version, birthday.year) {
        case let (.v4, year?): return "BDAY:" + String(format: "%04d", year) + monthDay
        case (.v4, nil): return "BDAY:--" + monthDay
        case let (.v3, year?): return "BDAY:" + String(format: "%04d-%02d-%02d", year, birthday.month, birthday.day)
        case (.v3, nil):
            // 3.0 has no year-less date; Apple's convention, which others read as a date.
            return String(format: "BDAY;X-APPLE-OMIT-YEAR=1604:1604-%02d-%02d", birthday.month, birthday.day)
        }
    }

    private func photo(_ photo: ContactPhoto) -> String {
        switch (photo, version) {
        case let (.reference(reference), .v4): return "PHOTO:" + escape(reference, list: false)
        case let (.reference(reference), .v3): return "PHOTO;VALUE=uri:" + escape(reference, list: false)
        case let (.inline(data, mediaType), .v4):
            return "PHOTO:data:\(mediaType);base64,\(data.base64EncodedString())"
        case let (.inline(data, mediaType), .v3):
            return "PHOTO;ENCODING=b;TYPE=\(VCardPhotos.typeName(mediaType)):\(data.base64EncodedString())"
        }
    }

    /// Text escaped for a value: backslash, line ends, `;` and (in a text that may be a list) `,`.
    func escape(_ text: String) -> String { escape(text, list: true) }

    func escape(_ text: String, list: Bool) -> String {
        // Most values need nothing: no byte to escape and no control character (C0, DEL; a C1
        // control is two bytes from 0xC2 0x80, so any byte past ASCII takes the long way).
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x5C && $0 != 0x2C && $0 != 0x3B }) {
            return text
        }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var previousCR = false
        for scalar in text.unicodeScalars {
            defer { previousCR = scalar == "\r" }
            switch scalar {
            case "\\": out += "\\\\"
            case "\n": if !previousCR { out += "\\n" }
            case "\r": out += "\\n"
            case ",": out += list ? "\\," : ","
            case ";": out += "\\;"
            default:
                out.unicodeScalars.append(ControlCharacters.isControl(scalar.value) ? ControlCharacters.picture(of: scalar) : scalar)
            }
        }
        return out
    }

    /// The property name of a kept line, in capitals (`BDAY` of `item1.bday;VALUE=text:…`).
    static func name(_ line: String) -> String {
        let end = line.firstIndex(where: { $0 == ";" || $0 == ":" }) ?? line.endIndex
        let name = line[..<end]
        return (name.lastIndex(of: ".").map { name[name.index(after: $0)...] } ?? name).uppercased()
    }

    /// The group of a kept line (`item3` of `item3.X-ABDATE:…`).
    static func group(_ line: String) -> String? {
        guard let end = line.firstIndex(where: { $0 == ";" || $0 == ":" }),
              let dot = line[..<end].lastIndex(of: ".") else { return nil }
        return line[..<dot].lowercased()
    }
}

/// The lines of one card before folding, with the groups its labels need.
private struct CardLines {
    let version: VCardWriter.Version
    /// A line, or a labelled line whose group is chosen when folding.
    private var lines: [(text: String, customLabel: String?)] = []

    init(version: VCardWriter.Version) {
        self.version = version
    }

    mutating func add(_ line: String) {
        lines.append((line, nil))
    }

    /// A property whose label is written as TYPEs, or as a group with an X-ABLabel when it is
    /// a person's own.
    mutating func add(_ name: String, labelled value: LabelledValue, kind: VCardLabels.Kind, value text: String) {
        var parameters = ""
        var types = VCardLabels.types(for: value.label, kind: kind)
        if value.preferred && version == .v3 { types = (types ?? []) + ["pref"] }
        if let types, !types.isEmpty { parameters += ";TYPE=" + types.joined(separator: ",") }
        if value.preferred && version == .v4 { parameters += ";PREF=1" }
        lines.append((name + parameters + ":" + text, types == nil ? value.label : nil))
    }

    /// Writes the lines folded at 75 octets, giving each custom label a group not already used.
    func fold(into out: inout String, reservedGroups: Set<String>) {
        var next = 1
        for (text, customLabel) in lines {
            guard let customLabel else {
                Self.fold(text, into: &out)
                continue
            }
            while reservedGroups.contains("item\(next)") { next += 1 }
            let group = "item\(next)"
            next += 1
            Self.fold(group + "." + text, into: &out)
            Self.fold(group + ".X-ABLabel:" + VCardWriter(version: version).escape(customLabel), into: &out)
        }
    }

    /// One line, folded so that no physical line is longer than 75 octets.
    static func fold(_ line: String, into out: inout String) {
        let bytes = Array(line.utf8)
        if bytes.count <= 75 {
            out += line
            out += "\r\n"
            return
        }
        var start = 0
        var limit = 75
        var pieces: [String] = []
        while start < bytes.count {
            var end = min(start + limit, bytes.count)
            // Not inside a character: back up past continuation bytes.
            while end < bytes.count, end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            pieces.append(String(decoding: bytes[start..<end], as: UTF8.self))
            start = end
            limit = 74
        }
        out += pieces.joined(separator: "\r\n ")
        out += "\r\n"
    }
}
