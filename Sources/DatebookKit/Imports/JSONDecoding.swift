import Foundation

/// Decodes a JSON file whose shape was scanned (`JSONShape`): a long root list is cut at the
/// starts of its values into parts decoded on every core at once, a file of another shape
/// decoded whole. The values are JSONSerialization's (`[String: Any]`, `[Any]`, `NSNumber`, …).
enum JSONDecoding {
    /// The fewest values in a list worth decoding in parts.
    static let partsFrom = 4096

    static func decode(_ data: Data, shape: JSONShape) throws(ImportError) -> Any {
        let count = shape.elementOffsets.count
        guard shape.top == .array, count >= partsFrom else { return try whole(data, shape: shape) }
        let cores = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
        let parts = cores * 2
        let share = (count + parts - 1) / parts
        let results = ParallelSlots<Result<[Any], any Error>>(count: parts)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let first = part * share
            guard first < count else { return results.set(part, .success([])) }
            let last = min(count, first + share)
            let start = shape.elementOffsets[first]
            var end = last < count ? shape.elementOffsets[last] : shape.rootEnd
            // Back over the white space and the comma before the next value.
            data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
                while end > start, [UInt8(0x20), 0x09, 0x0A, 0x0D, 0x2C].contains(bytes[end - 1]) { end -= 1 }
            }
            var slice = Data(capacity: end - start + 2)
            slice.append(0x5B)
            slice.append(data[data.startIndex + start..<data.startIndex + end])
            slice.append(0x5D)
            do {
                let values = try JSONSerialization.jsonObject(with: slice) as? [Any] ?? []
                results.set(part, .success(values))
            } catch {
                results.set(part, .failure(error))
            }
        }
        var values: [Any] = []
        values.reserveCapacity(count)
        for part in 0..<parts {
            switch results.take(part) {
            case let .success(part)?: values.append(contentsOf: part)
            // A part that does not decode: the whole file, for JSONSerialization's own words.
            case .failure?, nil: return try whole(data, shape: shape)
            }
        }
        return values
    }

    static func whole(_ data: Data, shape: JSONShape) throws(ImportError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data)
        } catch {
            let nsError = error as NSError
            var reason = (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
            if reason.hasSuffix(".") { reason.removeLast() }
            throw .unreadableJSON("not valid JSON: \(reason)\(place(in: reason, data: data, shape: shape))")
        }
    }

    /// ` (line 3, record 2)` for a decoder's reason that names a character by its offset.
    static func place(in reason: String, data: Data, shape: JSONShape) -> String {
        guard let range = reason.range(of: "character "),
            let offset = Int(reason[range.upperBound...].prefix { $0.isASCII && $0.isNumber }), offset <= data.count
        else { return "" }
        let line = data.prefix(offset).reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        let record = shape.elementOffsets.lastIndex { $0 <= offset }.map { ", record \($0 + 1)" } ?? ""
        return " (line \(line)\(record))"
    }
}
