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
}
