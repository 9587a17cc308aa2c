import Foundation
import Testing

@testable import DatebookKit

/// The Category field holds several categories separated by commas.
@Suite struct ItemDraftCategoriesTests {
    let calendar = Calendar(identifier: .gregorian)
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    func item(_ text: String, editing original: Item? = nil) -> Item {
        var draft = ItemDraft(kind: .task)
        draft[.title] = "Plan"
        draft[.category] = text
        return draft.item(editing: original, now: now, calendar: calendar, newID: UUID.init).item
    }

    @Test func commasSeparateCategoriesEachKeptOnce() {
        #expect(item("work, home ,work,, travel").categories == ["work", "home", "travel"])
        #expect(item("work").categories == ["work"])
        #expect(item("").categories == [])
    }

    @Test func editingTheFieldReplacesEveryCategory() {
        var original = item("a")
        original.categories = ["a", "b", "c"]
        #expect(item("a, c", editing: original).categories == ["a", "c"])
    }
}
