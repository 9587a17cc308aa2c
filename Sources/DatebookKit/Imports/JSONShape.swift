import Foundation

/// What one pass over the bytes of a JSON file learns before it is decoded: how deep it nests
/// (a file nested deeper than `maximumDepth` is refused, so no decoder recurses through 10 MB
/// of brackets), what its top level is, the keys of its first record (to tell the formats
/// apart), and the line each record begins on (to say where a bad record is).
///
/// It checks nesting and strings, not the whole grammar: the decoder does that afterwards.
struct JSONShape {
    /// The deepest nesting a file may have; the formats read need 4.
    static let maximumDepth = 64

    /// What the top level holds.
    enum Top: Equatable {
        case array
        case object
        case other
    }

    var top: Top = .other
    /// The keys of the root object, or of the first object in the root array.
    var firstKeys: Set<String> = []
    /// The line (from 1) of each value in the root array.
    var elementLines: [Int] = []
    /// The byte offset of each value in the root array, and of the root's closing bracket:
    /// where the list may be cut to be decoded in parts.
    var elementOffsets: [Int] = []
    var rootEnd = 0
    /// For a root object: the line of each value in each of its arrays, by key.
    var memberElementLines: [String: [Int]] = [:]
    /// True when the root array holds no values.
    var isEmpty: Bool { top == .array && elementLines.isEmpty }

    /// Why the bytes cannot be JSON this reader accepts.
    enum Problem: Error, Equatable, CustomStringConvertible {
        case empty
        case tooDeep(line: Int, limit: Int)
        case unterminatedString(line: Int)
        case unbalanced(line: Int)

        var description: String {
            switch self {
            case .empty: return "the file is empty"
            case let .tooDeep(line, limit):
                return "it nests deeper than \(limit) levels (line \(line)); no Datebook format does"
            case let .unterminatedString(line): return "a string that begins on line \(line) never ends"
            case let .unbalanced(line): return "a bracket on line \(line) is not matched"
            }
        }
    }

    /// Scans `bytes`.
    init(_ bytes: UnsafeRawBufferPointer) throws(Problem) {
        var line = 1
        // The open containers: true for an array. The first is the root.
        var stack: [Bool] = []
        stack.reserveCapacity(Self.maximumDepth)
        var index = 0
        let count = bytes.count
        var sawValue = false
        // In the root object: the key last read at depth 1, and whether a value is expected.
        var lastKey = ""
        var expectingValue = true
        var firstObjectOpen = false
        var firstObjectDone = false
        while index < count {
            let byte = bytes[index]
            switch byte {
            case 0x0A:
                line += 1
            case 0x20, 0x09, 0x0D:
                break
            case 0x22:  // a string
                let startLine = line
                let start = index + 1
                index += 1
                while index < count {
                    let next = bytes[index]
                    if next == 0x5C {
                        index += 2
                        continue
                    }
                    if next == 0x22 { break }
                    if next == 0x0A { line += 1 }
                    index += 1
                }
                guard index < count else { throw .unterminatedString(line: startLine) }
                // A key of the root object, or of the first record.
                let depth = stack.count
                let isKey = !expectingValue && depth > 0 && !stack[depth - 1]
                if isKey, depth == 1 || (firstObjectOpen && depth == 2 && top == .array) {
                    let key = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                    if depth == 1 { lastKey = key }
                    if !firstObjectDone { firstKeys.insert(key) }
                } else {
                    noteValue(at: line, offset: index, depth: depth, stack: stack, key: lastKey)
                }
                sawValue = true
                expectingValue = false
            case 0x5B, 0x7B:  // [ {
                let depth = stack.count
                if depth == 0 {
                    top = byte == 0x5B ? .array : .object
                    if byte == 0x7B { firstObjectOpen = true }
                } else {
                    noteValue(at: line, offset: index, depth: depth, stack: stack, key: lastKey)
                    if byte == 0x7B, depth == 1, stack[0], !firstObjectDone { firstObjectOpen = true }
                }
                guard depth < Self.maximumDepth else { throw .tooDeep(line: line, limit: Self.maximumDepth) }
                stack.append(byte == 0x5B)
                sawValue = true
                // An array expects a value next; an object a key.
                expectingValue = byte == 0x5B
            case 0x5D, 0x7D:  // ] }
                guard let isArray = stack.popLast(), isArray == (byte == 0x5D) else { throw .unbalanced(line: line) }
                if stack.isEmpty { rootEnd = index }
                if firstObjectOpen, !isArray, stack.count == (top == .object ? 0 : 1) {
                    firstObjectOpen = false
                    firstObjectDone = true
                }
                expectingValue = false
            case 0x3A:  // :
                expectingValue = true
            case 0x2C:  // ,
                // After a comma an array expects a value, an object a key.
                expectingValue = stack.last ?? false
            default:
                // A number, true, false or null: runs to the next delimiter.
                if expectingValue || stack.isEmpty {
                    noteValue(at: line, offset: index, depth: stack.count, stack: stack, key: lastKey)
                }
                sawValue = true
                expectingValue = false
                while index + 1 < count {
                    let next = bytes[index + 1]
                    if next == 0x2C || next == 0x5D || next == 0x7D || next == 0x20 || next == 0x0A || next == 0x0D
                        || next == 0x09 || next == 0x3A
                    {
                        break
                    }
                    index += 1
                }
            }
            index += 1
        }
        guard sawValue else { throw .empty }
        guard stack.isEmpty else { throw .unbalanced(line: line) }
    }

    /// Records the line of a value that begins in an array at the root, or in an array that is
    /// a member of the root object.
    private mutating func noteValue(at line: Int, offset: Int, depth: Int, stack: [Bool], key: String) {
        if depth == 1, stack[0] {
            elementLines.append(line)
            elementOffsets.append(offset)
        } else if depth == 2, !stack[0], stack[1] {
            memberElementLines[key, default: []].append(line)
        }
    }
}
