import DatebookKit

/// What went wrong with a sync, in a word for the tab bar: `offline`, `timed out`, `password?`,
/// `server error`…
///
/// The engine reports an error as the text a person reads (`NetworkError.description`, kept
/// in the database for `datebook account list`), so the word is found from that text: each
/// kind of network error is recognised by the words its description opens with.
enum SyncErrorWord {
    static let offline = "offline"
    static let timedOut = "timed out"
    static let password = "password?"
    static let notAllowed = "not allowed"
    static let serverError = "server error"
    static let badAnswer = "bad answer"
    static let cannotSync = "cannot sync"
    static let failed = "sync failed"

    /// The word for an error text of the engine (or of finding the password).
    static func word(for text: String) -> String {
        if text == NetworkError.notAllowed(status: 401).description { return password }
        if text.hasPrefix(SyncPasswordProblem.prefix) { return password }
        let kinds: [(NetworkError, String)] = [
            (.unreachable(marker), offline),
            (.timedOut(seconds: 1), timedOut),
            (.notAllowed(status: 403), notAllowed),
            (.status(500, marker), serverError),
            (.malformed(marker), badAnswer),
            (.missingLibrary(marker), cannotSync),
        ]
        for (error, word) in kinds where matches(text, error) { return word }
        return failed
    }

    /// A detail no real error holds, to find where a description's own words are.
    private static let marker = "\u{1}"

    /// True when `text` has the words of `error`'s description round its detail: those before
    /// the first detail (a number or the marker), and those after the marker.
    private static func matches(_ text: String, _ error: NetworkError) -> Bool {
        let description = error.description
        let end = description.firstIndex { $0 == Character(marker) || $0.isNumber } ?? description.endIndex
        let before = String(description[..<end])
        let after = description.firstIndex(of: Character(marker)).map { String(description[description.index(after: $0)...]) } ?? ""
        guard !before.isEmpty || !after.isEmpty else { return false }
        return text.hasPrefix(before) && text.hasSuffix(after)
    }
}

/// Why no password could be had for an account: its password command failed.
enum SyncPasswordProblem {
    static let prefix = "no password: "

    static func text(_ reason: String) -> String { prefix + reason }
}
