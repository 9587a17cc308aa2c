import DatebookKit
import Foundation

/// What the question about a save that met a change made elsewhere says, and its answers.
///
/// The keys are the same whatever happened: `k` keeps mine, `t` takes theirs, `b` keeps both;
/// only what each means is said in the words of the case (a deleted item is restored or left
/// deleted, never brought back unasked).
struct ConflictWording {
    /// One answer: its key, its label, and the save it asks for (nil: take theirs, save nothing).
    struct Choice {
        var key: Character
        var label: String
        var resolution: ConflictResolution?
    }

    /// The question.
    let question: String
    /// The answers, in the order shown.
    let choices: [Choice]
    /// The message once the form's changes were let go.
    let discarded: String
    /// The message once the form was saved as `resolution` asked, for the item saved.
    func saved(_ item: Item, _ resolution: ConflictResolution) -> String {
        let title = "\u{201C}\(item.title)\u{201D}"
        switch (resolution, reason) {
        case (.keepBoth, _):
            return "Saved yours as a new item \(title); the other stays as it was saved elsewhere"
        case (.keepMine, .deleted):
            return "Restored \(title) with your changes"
        case (.keepMine, .completed):
            return "Saved your changes to \(title); it stays completed, in History"
        default:
            return "Saved \(title) with your changes over the others"
        }
    }

    private let reason: ItemConflict.Reason

    init(_ conflict: ItemConflict, dates: DateText) {
        let title = "\u{201C}\(conflict.theirs?.title ?? "the item")\u{201D}"
        var what = title
        if let recurrenceID = conflict.recurrenceID {
            what = "\(title) on \(dates.full(recurrenceID, withTime: !(conflict.theirs?.allDay ?? false)))"
        }
        reason = conflict.reason
        let names = Self.list(conflict.fields.map(\.name))
        let keepMine = Choice(key: "k", label: "keep mine", resolution: .keepMine)
        let takeTheirs = Choice(key: "t", label: "take theirs", resolution: nil)
        let keepBoth = Choice(key: "b", label: "keep both", resolution: .keepBoth)
        switch conflict.reason {
        case .bothChanged:
            question = "\(what) was changed elsewhere while you edited it: both changed \(names)."
            choices = [keepMine, takeTheirs, keepBoth]
        case .seriesChanged:
            question = "The series \(title) was changed elsewhere while you edited one occurrence (its \(names)): "
                + "the occurrence may have moved."
            choices = [keepMine, takeTheirs, keepBoth]
        case .deleted:
            question = "\(what) was deleted elsewhere while you edited it."
            choices = [
                Choice(key: "k", label: "restore it with my changes", resolution: .keepMine),
                Choice(key: "t", label: "leave it deleted", resolution: nil),
            ]
        case .completed:
            question = "\(what) was completed elsewhere while you edited it."
            choices = [
                Choice(key: "k", label: "keep mine (it stays completed)", resolution: .keepMine), takeTheirs, keepBoth,
            ]
        }
        discarded = conflict.reason == .deleted
            ? "\(what) stays deleted; your changes were discarded"
            : "Kept \(what) as it was saved elsewhere; your changes were discarded"
    }

    /// Names as a person lists them: "Title", "Title and Notes", "Title, Place and Notes".
    static func list(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
    }
}
