import Foundation

/// One JSON object of an imported file, read field by field: each accessor says plainly what is
/// wrong (`"title" is missing`, `"times" should be a list, not text`), so that the record can
/// be reported and skipped while the rest of the file is imported.
struct JSONRecord {
    let fields: [String: Any]

    /// The object `value`, or an error that says what it was instead.
    init(_ value: Any) throws(RecordProblem) {
        guard let fields = value as? [String: Any] else {
            throw RecordProblem("it should be an object ({…}), not \(Self.describe(value))")
        }
        self.fields = fields
    }

    init(fields: [String: Any]) {
        self.fields = fields
    }

    /// True when `key` is present and not null.
    func has(_ key: String) -> Bool {
        guard let value = fields[key] else { return false }
        return !(value is NSNull)
    }

    /// The text at `key`; a missing (or null) field is an error.
    func string(_ key: String) throws(RecordProblem) -> String {
        guard let value = try optionalString(key) else { throw RecordProblem("\"\(key)\" is missing") }
        return value
    }

    /// The text at `key`, nil when missing or null.
    func optionalString(_ key: String) throws(RecordProblem) -> String? {
        guard let value = fields[key], !(value is NSNull) else { return nil }
        guard let text = value as? String else { throw wrongType(key, "text", value) }
        return text
    }

    /// Text or a number at `key` (an id may be either), as text; nil when missing or null.
    func identifier(_ key: String) throws(RecordProblem) -> String? {
        guard let value = fields[key], !(value is NSNull) else { return nil }
        if let text = value as? String { return text }
        if let number = value as? NSNumber, !Self.isBool(number) { return number.stringValue }
        throw wrongType(key, "text or a number", value)
    }

    /// The whole number at `key`, nil when missing or null.
    func optionalInt(_ key: String) throws(RecordProblem) -> Int? {
        guard let value = fields[key], !(value is NSNull) else { return nil }
        guard let number = value as? NSNumber, !Self.isBool(number), let int = Int(exactly: number.doubleValue) else {
            throw wrongType(key, "a whole number", value)
        }
        return int
    }

    /// The true or false at `key`, nil when missing or null.
    func optionalBool(_ key: String) throws(RecordProblem) -> Bool? {
        guard let value = fields[key], !(value is NSNull) else { return nil }
        guard let number = value as? NSNumber, Self.isBool(number) else { throw wrongType(key, "true or false", value) }
        return number.boolValue
    }

    /// The list at `key`, nil when missing or null.
    func optionalArray(_ key: String) throws(RecordProblem) -> [Any]? {
        guard let value = fields[key], !(value is NSNull) else { return nil }
        guard let list = value as? [Any] else { throw wrongType(key, "a list ([…])", value) }
        return list
    }

    /// The object at `key`, nil when missing or null.
    func optionalObject(_ key: String) throws(RecordProblem) -> JSONRecord? {
        guard let value = fields[key], !(value is NSNull) else { return nil }
        guard let object = value as? [String: Any] else { throw wrongType(key, "an object ({…})", value) }
        return JSONRecord(fields: object)
    }

    /// A list of text at `key`; empty when missing or null.
    func strings(_ key: String) throws(RecordProblem) -> [String] {
        guard let list = try optionalArray(key) else { return [] }
        var texts: [String] = []
        for (index, value) in list.enumerated() {
            guard let text = value as? String else {
                throw RecordProblem("\"\(key)\"[\(index)] should be text, not \(Self.describe(value))")
            }
            texts.append(text)
        }
        return texts
    }

    private func wrongType(_ key: String, _ expected: String, _ value: Any) -> RecordProblem {
        RecordProblem("\"\(key)\" should be \(expected), not \(Self.describe(value))")
    }

    // MARK: - Describing values

    /// `text ("abc")`, `a number (12)`, `a list`, `an object`, `true or false`, `null`.
    static func describe(_ value: Any) -> String {
        switch value {
        case let text as String:
            let shown = text.count > 30 ? String(text.prefix(30)) + "…" : text
            return "text (\"\(String(shown.unicodeScalars.map { ControlCharacters.isControl($0.value) ? "?" : Character($0) }))\")"
        case let number as NSNumber:
            return isBool(number) ? "true or false" : "a number (\(number.stringValue))"
        case is [Any]: return "a list"
        case is [String: Any]: return "an object"
        case is NSNull: return "null"
        default: return "something else"
        }
    }

    /// True when a decoded number was JSON's `true` or `false`.
    static func isBool(_ number: NSNumber) -> Bool {
        // JSONSerialization reads `true` and `false` as booleans, whose type code is `c`.
        number.objCType.pointee == CChar(UInt8(ascii: "c"))
    }
}

/// What is wrong with one record: it is reported with its position and skipped.
struct RecordProblem: Error, Equatable, CustomStringConvertible {
    let message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}
