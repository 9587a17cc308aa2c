import Foundation

/// One content line of a vCard: `group.NAME;PARAM=value,value;BARE:value`.
struct VCardProperty {
    /// The group before the name (`item1` of `item1.EMAIL`), as written.
    var group: String?
    /// The name, uppercased.
    var name: String
    /// The parameters in order: names uppercased, values as written (quotes removed). A vCard
    /// 2.1 parameter without a value (`TEL;WORK;VOICE:`) is a TYPE.
    var parameters: [(name: String, values: [String])]
    /// The value's bytes as they stand in the file.
    var value: ArraySlice<UInt8>
    /// The whole logical line, unfolded: what is kept when Datebook does not understand it.
    var line: [UInt8]
    /// Where the property began, from 1.
    var lineNumber: Int

    /// Reads a content line; nil when it has no `:` or no name.
    init?(_ line: VCardLines.Line) {
        let bytes = line.bytes
        self.line = bytes
        lineNumber = line.number
        // The name (and group) run to the first ';' or ':'.
        var index = 0
        while index < bytes.count, bytes[index] != UInt8(ascii: ";"), bytes[index] != UInt8(ascii: ":") { index += 1 }
        guard index < bytes.count, index > 0 else { return nil }
        let fullName = String(decoding: bytes[0..<index], as: UTF8.self)
        if let dot = fullName.lastIndex(of: ".") {
            group = String(fullName[..<dot])
            name = fullName[fullName.index(after: dot)...].uppercased()
        } else {
            group = nil
            name = fullName.uppercased()
        }
        // RFC 6350: a name and a group are letters, digits and "-" (a group with a NUL in it
        // was kept, cut at the NUL, and written back as a line that is no property at all).
        func isWord(_ text: String) -> Bool {
            !text.isEmpty && text.utf8.allSatisfy {
                $0 == UInt8(ascii: "-") || ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A)
            }
        }
        guard isWord(name), group.map(isWord) ?? true else { return nil }
        parameters = []
        // Parameters: ;NAME=v1,v2 or ;NAME="v;1" or ;BARE, until the ':' outside quotes.
        while index < bytes.count, bytes[index] == UInt8(ascii: ";") {
            index += 1
            var nameEnd = index
            while nameEnd < bytes.count, ![UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: ":")].contains(bytes[nameEnd]) {
                nameEnd += 1
            }
            guard nameEnd < bytes.count else { return nil }
            let parameterName = String(decoding: bytes[index..<nameEnd], as: UTF8.self).uppercased()
            index = nameEnd
            guard bytes[index] == UInt8(ascii: "=") else {
                if !parameterName.isEmpty { parameters.append(("TYPE", [parameterName])) }
                continue
            }
            index += 1
            var values: [String] = []
            var current: [UInt8] = []
            var quoted = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    quoted.toggle()
                } else if !quoted && (byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":")) {
                    break
                } else if !quoted && byte == UInt8(ascii: ",") {
                    values.append(String(decoding: current, as: UTF8.self))
                    current = []
                } else {
                    current.append(byte)
                }
                index += 1
            }
            guard index < bytes.count else { return nil }
            values.append(String(decoding: current, as: UTF8.self))
            parameters.append((parameterName, values))
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        value = bytes[(index + 1)...]
    }

    /// Every value of the named parameter.
    func parameter(_ name: String) -> [String] {
        parameters.filter { $0.name == name }.flatMap(\.values)
    }

    /// The TYPE values, lowercased, however they were spelled (`TYPE=work,voice`,
    /// `TYPE=work;TYPE=voice`, `type="WORK,VOICE"`, a bare `WORK`).
    var types: Set<String> {
        Set(parameter("TYPE").flatMap { $0.split(separator: ",") }.map { $0.trimmedSpaces.lowercased() })
    }

    /// The ENCODING, lowercased: `quoted-printable`, `base64` or `b`, or nil. A bare 2.1
    /// `QUOTED-PRINTABLE` or `BASE64` parameter counts.
    var encoding: String? {
        if let encoding = parameter("ENCODING").first { return encoding.lowercased() }
        let types = self.types
        if types.contains("quoted-printable") { return "quoted-printable" }
        if types.contains("base64") { return "base64" }
        return nil
    }

    /// The value's bytes with QUOTED-PRINTABLE decoded.
    var decodedBytes: [UInt8] {
        guard encoding == "quoted-printable" else { return Array(value) }
        return Self.decodeQuotedPrintable(value)
    }

    /// The value as text: QUOTED-PRINTABLE decoded, then its CHARSET (UTF-8 when it names none;
    /// bytes that are not UTF-8 are read as Windows-1252, the commonest legacy set).
    var rawText: String {
        let bytes = decodedBytes
        if let charset = parameter("CHARSET").first?.lowercased(), !charset.hasPrefix("utf-8"), charset != "utf8" {
            let encoding: String.Encoding
            switch charset {
            case "iso-8859-1", "latin1", "iso8859-1": encoding = .isoLatin1
            case "us-ascii", "ascii": encoding = .ascii
            case "iso-8859-2": encoding = .isoLatin2
            case "utf-16": encoding = .utf16
            case "shift_jis", "shift-jis", "sjis": encoding = .shiftJIS
            case "euc-jp": encoding = .japaneseEUC
            default: encoding = .windowsCP1252
            }
            if let text = String(bytes: bytes, encoding: encoding) { return text }
        }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return String(bytes: bytes, encoding: .windowsCP1252) ?? String(decoding: bytes, as: UTF8.self)
    }

    /// The value as one text, escapes undone.
    var text: String { Self.unescape(rawText[...]) }

    /// The value's `;`-separated components, each a list of `,`-separated values, escapes undone.
    var components: [[String]] {
        Self.split(rawText[...], on: ";").map { component in Self.split(component, on: ",").map(Self.unescape) }
    }

    /// The value's `,`-separated values (NICKNAME, CATEGORIES), escapes undone, empty ones left out.
    var list: [String] {
        Self.split(rawText[...], on: ",").map(Self.unescape).map { $0.trimmedSpaces }
            .filter { !$0.isEmpty }
    }

    /// `text` cut at each `separator` (an ASCII character) not escaped by a backslash. Walked
    /// scalar by scalar, not character by character: a 70,000-character value is cut in
    /// microseconds, not milliseconds.
    static func split(_ text: Substring, on separator: Character) -> [Substring] {
        let cut = separator.unicodeScalars.first!
        let scalars = text.unicodeScalars
        var parts: [Substring] = []
        var start = scalars.startIndex
        var index = start
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "\\" {
                index = scalars.index(after: index)
                if index < scalars.endIndex { index = scalars.index(after: index) }
                continue
            }
            if scalar == cut {
                parts.append(Substring(scalars[start..<index]))
                start = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        parts.append(Substring(scalars[start..<scalars.endIndex]))
        return parts
    }

    /// `\n` and `\N` as a line end, `\\` `\,` `\;` `\:` as the character; a lone backslash kept.
    static func unescape(_ text: Substring) -> String {
        // (The bytes are searched: Foundation's `contains` of a string copies it as UTF-16.)
        guard text.utf8.contains(0x5C) else { return String(text) }
        var out = ""
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            guard character == "\\" else {
                out.append(character)
                continue
            }
            guard let next = iterator.next() else {
                out.append("\\")
                break
            }
            switch next {
            case "n", "N": out.append("\n")
            case "\\", ",", ";", ":": out.append(next)
            default:
                out.append("\\")
                out.append(next)
            }
        }
        return out
    }

    /// Quoted-printable bytes decoded; a broken `=XY` is kept as written.
    static func decodeQuotedPrintable(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: return byte - 0x30
            case 0x41...0x46: return byte - 0x37
            case 0x61...0x66: return byte - 0x57
            default: return nil
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "="), index + 2 < bytes.endIndex,
               let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(byte)
                index += 1
            }
        }
        return out
    }
}
