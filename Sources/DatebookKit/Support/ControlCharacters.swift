import Foundation

/// Keeps raw control characters out of what Datebook writes: files and text for a terminal.
///
/// A title that came from a file may hold ESC, BEL or the 8-bit CSI (U+009B); written out raw,
/// `cat` of an export would rename or clear the terminal. Each writer keeps what its format
/// needs (the CRLF line ends of iCalendar, JSON's own escapes) and nothing else.
public enum ControlCharacters {
    /// True for a C0 control, DEL or a C1 control.
    @inline(__always)
    public static func isControl(_ value: UInt32) -> Bool {
        value < 0x20 || (value >= 0x7F && value < 0xA0)
    }

    /// iCalendar text with every control character but its CRLF line ends made visible: a C0
    /// control becomes its Control Picture (ESC `␛`, BEL `␇`), DEL `␡`, a C1 control `�`, a
    /// CR or LF that is not part of a CRLF its picture too, and a TAB a space (iCalendar has no
    /// escape for any of them).
    public static func inICalendar(_ text: String) -> String {
        guard needsWork(text, keepingLineEnds: true) else { return text }
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let value = scalar.value
            if value == 0x0D, index + 1 < scalars.count, scalars[index + 1].value == 0x0A {
                out.append(scalar)
                out.append(scalars[index + 1])
                index += 2
                continue
            }
            out.append(value == 0x09 ? " " : picture(of: scalar))
            index += 1
        }
        return String(out)
    }

    /// JSON bytes with DEL and C1 controls escaped as `\u00XX` (JSON escapes C0 controls
    /// itself but lets these through). Lossless: a reader gets the same characters back.
    public static func escapingInJSON(_ data: Data) -> Data {
        guard data.contains(0x7F) || data.contains(0xC2) else { return data }
        let hex = Array("0123456789abcdef".utf8)
        var out = Data()
        out.reserveCapacity(data.count + 64)
        var index = data.startIndex
        while index < data.endIndex {
            let byte = data[index]
            var escaped: UInt8?
            if byte == 0x7F {
                escaped = byte
            } else if byte == 0xC2, index + 1 < data.endIndex, (0x80..<0xA0).contains(data[index + 1]) {
                escaped = data[index + 1]
                index += 1
            }
            if let value = escaped {
                out.append(contentsOf: Array("\\u00".utf8) + [hex[Int(value >> 4)], hex[Int(value & 0xF)]])
            } else {
                out.append(byte)
            }
            index += 1
        }
        return out
    }

    /// What stands for a control character on screen and in files.
    public static func picture(of scalar: Unicode.Scalar) -> Unicode.Scalar {
        let value = scalar.value
        if value < 0x20 { return Unicode.Scalar(0x2400 + value)! }
        if value == 0x7F { return "\u{2421}" }
        if value < 0xA0 && value >= 0x80 { return "\u{FFFD}" }
        return scalar
    }

    /// True when `text` holds a control character (beyond CRLF pairs, with `keepingLineEnds`).
    /// Read from its UTF-8 in place: a writer asks it of every text of every item.
    private static func needsWork(_ text: String, keepingLineEnds: Bool) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var previous: UInt8 = 0
            var pendingCR = false
            for byte in bytes {
                // Most bytes are printable ASCII past a C2 lead byte: one comparison for them.
                if byte >= 0x20 && byte < 0x7F {
                    if pendingCR { return true }
                    previous = byte
                    continue
                }
                if pendingCR {
                    if byte != 0x0A { return true }
                    pendingCR = false
                } else if byte == 0x0D && keepingLineEnds {
                    pendingCR = true
                } else if byte == 0x0A {
                    return true
                } else if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte < 0xA0) {
                    return true
                }
                previous = byte
            }
            return pendingCR
        }
    }
}
