import Foundation

/// A field of a contact that a form edits and a validation message can point at.
public enum ContactField: String, Sendable, CaseIterable {
    case displayName, nickname, email, phone, organisation, title, birthday, address, url, notes, photo
    case categories, subscription
}

/// One thing wrong with a contact, attached to the field that is wrong (and, for a field that
/// holds several values, the position of the wrong one).
public struct ContactIssue: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var field: ContactField
    /// Which of the field's values, from 0, for e-mails and phones.
    public var index: Int?
    public var message: String

    public init(field: ContactField, index: Int? = nil, message: String) {
        self.field = field
        self.index = index
        self.message = message
    }

    public var description: String { message }
}

extension Contact {
    /// Everything wrong with this contact, in field order; empty when it can be saved.
    ///
    /// The rules: a name is required; each e-mail is one address (`name@example.org`); each
    /// phone number holds at least three digits and only what numbers are written with
    /// (`+`, spaces, `( ) - . /`, an extension after `x` or `ext`).
    public func validate() -> [ContactIssue] {
        var issues: [ContactIssue] = []
        if displayName.allSatisfy(\.isWhitespace) {
            issues.append(ContactIssue(field: .displayName, message: "A name is required"))
        }
        for (index, email) in emails.enumerated() where !Self.isEmailAddress(email.value) {
            issues.append(ContactIssue(
                field: .email, index: index, message: "“\(email.value)” is not an e-mail address (name@example.org)"))
        }
        for (index, phone) in phones.enumerated() where !Self.isPhoneNumber(phone.value) {
            issues.append(ContactIssue(
                field: .phone, index: index, message: "“\(phone.value)” is not a phone number"))
        }
        return issues
    }

    /// True for one e-mail address: a local part and a domain with a dot, no spaces, one `@`.
    public static func isEmailAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].count >= 3 else { return false }
        guard !text.contains(where: { $0.isWhitespace || $0.isNewline || ControlCharacters.isControl($0.unicodeScalars.first!.value) || "<>(),;:\"[]\\".contains($0) })
        else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty && !$0.hasPrefix("-") && !$0.hasSuffix("-") }
    }

    /// True for a phone number as people write one: `+49 30 1234567`, `(555) 123-4567 x12`.
    public static func isPhoneNumber(_ text: String) -> Bool {
        var body = Substring(text.trimmingCharacters(in: .whitespaces)).lowercased()[...]
        for marker in [" ext. ", " ext ", "ext.", "ext", " x", "x"] {
            if let range = body.range(of: marker) {
                let tail = body[range.upperBound...].trimmingCharacters(in: .whitespaces)
                guard !tail.isEmpty, tail.allSatisfy(\.isASCII), tail.allSatisfy(\.isNumber) else { return false }
                body = body[..<range.lowerBound]
                break
            }
        }
        if body.hasPrefix("+") { body = body.dropFirst() }
        var digits = 0
        for character in body {
            if character.isASCII && character.isNumber {
                digits += 1
            } else if !" ()-./".contains(character) {
                return false
            }
        }
        return digits >= 3 && digits <= 20
    }
}
