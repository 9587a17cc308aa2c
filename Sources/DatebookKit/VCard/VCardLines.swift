/// The logical lines of a vCard file: physical lines unfolded, each with the line it began on.
///
/// A line that begins with a space or a tab continues the one before (RFC 6350 folding: the
/// one whitespace character is dropped). In vCard 2.1, a QUOTED-PRINTABLE value that ends with
/// `=` (a soft line break) continues on the next line whatever that line begins with. Line
/// ends may be CRLF, LF or CR. Works on bytes: a value in a legacy character set is decoded
/// only once its CHARSET is known. A NUL byte becomes U+2400 (␀).
struct VCardLines: Sequence, IteratorProtocol {
    struct Line {
        /// The line number the logical line began on, from 1.
        var number: Int
        var bytes: [UInt8]
    }

    private let bytes: [UInt8]
    private var offset = 0
    private var physicalLine = 0
    /// The next physical line, read ahead to see whether it folds into the current one.
    private var pending: (number: Int, range: Range<Int>)?

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // A byte order mark is not part of the first line.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        pending = nextPhysical()
    }

    /// The next physical line's range, without its line end.
    private mutating func nextPhysical() -> (number: Int, range: Range<Int>)? {
        guard offset < bytes.count else { return nil }
        let start = offset
        var end = start
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        offset = end
        if offset < bytes.count {
            if bytes[offset] == 0x0D, offset + 1 < bytes.count, bytes[offset + 1] == 0x0A { offset += 2 } else { offset += 1 }
        }
        physicalLine += 1
        return (physicalLine, start..<end)
    }

    mutating func next() -> Line? {
        guard let first = pending else { return nil }
        var line = Line(number: first.number, bytes: Array(bytes[first.range]))
        var quotedPrintable = Self.isQuotedPrintable(line.bytes)
        pending = nextPhysical()
        while let following = pending {
            let range = following.range
            if !range.isEmpty, bytes[range.lowerBound] == 0x20 || bytes[range.lowerBound] == 0x09 {
                line.bytes.append(contentsOf: bytes[(range.lowerBound + 1)..<range.upperBound])
            } else if quotedPrintable, line.bytes.last == UInt8(ascii: "=") {
                line.bytes.removeLast()
                line.bytes.append(contentsOf: bytes[range])
            } else {
                break
            }
            if !quotedPrintable { quotedPrintable = Self.isQuotedPrintable(line.bytes) }
            pending = nextPhysical()
        }
        // A NUL would cut the text short where it is stored (SQLite takes a string to its
        // first NUL) and no card can carry one: it is kept as its picture, ␀.
        if line.bytes.contains(0) {
            line.bytes = line.bytes.flatMap { $0 == 0 ? [0xE2, 0x90, 0x80] : [$0] }
        }
        return line
    }

    /// True when the line's parameters (before its first `:`) say QUOTED-PRINTABLE.
    static func isQuotedPrintable(_ line: [UInt8]) -> Bool {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let needle = Array("QUOTED-PRINTABLE".utf8)
        guard colon >= needle.count else { return false }
        var index = 0
        while index + needle.count <= colon {
            var matches = true
            for (offset, byte) in needle.enumerated() where (line[index + offset] & 0xDF) != byte && byte != UInt8(ascii: "-") {
                matches = false
                break
            }
            if matches { return true }
            index += 1
        }
        return false
    }
}
