import Foundation

/// The values of a JSON file's root list, decoded a part at a time when they are read: an
/// import decodes each part on a reading thread while the parts before it are written, and
/// lets it go once written, instead of decoding the whole file first and holding all of it.
///
/// The list is cut at the starts of its values (`JSONShape.elementOffsets`). A part that does
/// not decode is the whole file's problem: the whole file is decoded for JSONSerialization's
/// own words about it (`JSONDecoding.whole`), as when it is decoded at once.
struct JSONList: @unchecked Sendable {
    /// How many values the list holds.
    let count: Int
    /// Values decoded already, or nil to decode them from `data`.
    private let decoded: [Any]?
    private let data: Data
    private let shape: JSONShape?

    /// The root list of the bytes `shape` describes, left to be decoded as it is read; nil
    /// when the root is not a list.
    init?(_ data: Data, shape: JSONShape) {
        guard shape.top == .array else { return nil }
        self.data = data
        self.shape = shape
        count = shape.elementOffsets.count
        decoded = nil
    }

    /// A list decoded already.
    init(decoded values: [Any]) {
        decoded = values
        count = values.count
        data = Data()
        shape = nil
    }

    /// The values at `range`, decoded.
    func values(_ range: Range<Int>) throws(ImportError) -> [Any] {
        if let decoded { return Array(decoded[range]) }
        return try decode(Array(range))
    }

    /// The values whose bytes hold `text`, or an escape that may spell it: the only values
    /// whose strings can be `text` (a Taskwarrior series, found by its status, without
    /// decoding every task). All of them when the list was decoded already.
    func values(mayHolding text: String) throws(ImportError) -> [Any] {
        if let decoded { return decoded }
        let needle = Array(text.utf8)
        let indices = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> [Int] in
            (0..<count).filter { index in
                let range = self.range(of: index, in: bytes)
                let value = UnsafeRawBufferPointer(rebasing: bytes[range])
                return Self.contains(value, needle) || Self.contains(value, [0x5C])
            }
        }
        return try decode(indices)
    }

    // MARK: - Decoding

    /// The values at `indices`, decoded in one list.
    private func decode(_ indices: [Int]) throws(ImportError) -> [Any] {
        guard !indices.isEmpty, let shape else { return [] }
        let slice = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Data in
            let ranges = indices.map { range(of: $0, in: bytes) }
            var slice = Data(capacity: ranges.reduce(2) { $0 + $1.count + 1 })
            slice.append(0x5B)
            for (position, range) in ranges.enumerated() {
                if position > 0 { slice.append(0x2C) }
                slice.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[range]))
            }
            slice.append(0x5D)
            return slice
        }
        if let values = try? JSONSerialization.jsonObject(with: slice) as? [Any], values.count == indices.count {
            return values
        }
        // The whole file, for the decoder's own words; should it decode after all, its values.
        guard let whole = try JSONDecoding.whole(data, shape: shape) as? [Any], whole.count == count else {
            throw .unreadableJSON("not valid JSON: the list's values could not be told apart")
        }
        return indices.map { whole[$0] }
    }

    /// The bytes of the value at `index`, without the white space and comma after it.
    private func range(of index: Int, in bytes: UnsafeRawBufferPointer) -> Range<Int> {
        guard let shape else { return 0..<0 }
        let start = shape.elementOffsets[index]
        var end = index + 1 < count ? shape.elementOffsets[index + 1] : shape.rootEnd
        while end > start, [UInt8(0x20), 0x09, 0x0A, 0x0D, 0x2C].contains(bytes[end - 1]) { end -= 1 }
        return start..<end
    }

    /// True when `bytes` hold `needle`.
    private static func contains(_ bytes: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        var index = 0
        let last = bytes.count - needle.count
        while index <= last {
            // The next place the first byte is, then the rest there.
            guard let found = memchr(bytes.baseAddress! + index, Int32(first), last - index + 1) else { return false }
            index = bytes.baseAddress!.distance(to: UnsafeRawPointer(found))
            if memcmp(bytes.baseAddress! + index, needle, needle.count) == 0 { return true }
            index += 1
        }
        return false
    }
}
