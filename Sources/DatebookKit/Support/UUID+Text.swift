import Foundation

extension UUID {
    /// The lowercase text of the UUID (`0190f5c2-…`), as the database stores ids.
    ///
    /// Written digit by digit: `uuidString` formats through `sprintf` on Linux, a cost that
    /// shows when many items are written at once.
    var lowercasedText: String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        return withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { buffer in
                var index = 0
                for (position, byte) in bytes.enumerated() {
                    if position == 4 || position == 6 || position == 8 || position == 10 {
                        buffer[index] = 0x2D
                        index += 1
                    }
                    buffer[index] = digits[Int(byte >> 4)]
                    buffer[index + 1] = digits[Int(byte & 0x0F)]
                    index += 2
                }
                return index
            }
        }
    }

    /// True when `text` is `lowercasedText`; compares the bytes without building that text,
    /// which showed in reading a range of imported events with their own UIDs.
    func isLowercasedText(_ text: String) -> Bool {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var utf8 = text.utf8.makeIterator()
        return withUnsafeBytes(of: uuid) { bytes in
            for (position, byte) in bytes.enumerated() {
                if position == 4 || position == 6 || position == 8 || position == 10 {
                    guard utf8.next() == 0x2D else { return false }
                }
                guard utf8.next() == digits[Int(byte >> 4)], utf8.next() == digits[Int(byte & 0x0F)] else { return false }
            }
            return utf8.next() == nil
        }
    }

    /// Reads the text of a UUID in either case (`0190f5c2-…`); nil when it is not one.
    ///
    /// `UUID(uuidString:)` parses with `sscanf` on Linux, a cost that shows when a range of the
    /// calendar reads tens of thousands of items.
    init?(text: String) {
        var bytes: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var utf8 = text.utf8.makeIterator()
        let parsed: Bool = withUnsafeMutableBytes(of: &bytes) { out in
            func nibble(_ byte: UInt8) -> UInt8? {
                switch byte {
                case 0x30...0x39: return byte - 0x30
                case 0x61...0x66: return byte - 0x61 + 10
                case 0x41...0x46: return byte - 0x41 + 10
                default: return nil
                }
            }
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    guard utf8.next() == 0x2D else { return false }
                }
                guard let high = utf8.next().flatMap(nibble), let low = utf8.next().flatMap(nibble) else { return false }
                out[index] = high << 4 | low
            }
            return utf8.next() == nil
        }
        guard parsed else { return nil }
        self.init(uuid: bytes)
    }
}
