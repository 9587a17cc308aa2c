import Foundation
import Testing

/// Quick add in the real binary in tmux: `a`, a line typed with its preview changing under it,
/// Enter saves it into the list; a line that means nothing keeps its text with a message; Tab
/// opens the full form prefilled.
@Suite("Quick add journeys in a real terminal")
struct QuickAddJourneyTests {
    @Test("a, type with a live preview, Enter saves into the list")
    func typeAndSave() async throws {
        let session = try TmuxSession()
        try await session.waitFor("1 Events")
        try session.send(keys: "a")
        try await session.waitFor("Quick add")
        try await session.waitFor("e.g. Lunch with Ana")
        try session.type("Lunch with Ana 2030-03-15")
        try await session.waitFor("Fri 15 Mar 2030, all day")
        try session.type(" 12:30 1h @Cafe Central #work !high")
        // The preview follows: the all-day day became a time, and the place, tag and priority show.
        let screen = try await session.waitFor("Fri 15 Mar 2030 12:30 to 13:30")
        #expect(!screen.contains("all day"))
        try await session.waitFor("place:      Cafe Central")
        try await session.waitFor("priority:   1 (high)")
        try session.send(keys: "Enter")
        try await session.waitFor("Saved “Lunch with Ana”")
        let list = try await session.waitFor("Lunch with Ana")
        #expect(list.contains("Fri 15 Mar 2030 12:30-13:30"))
        #expect(!list.contains("┌ Quick add"))
        #expect(list.contains("@ Cafe Central"))
    }

    @Test("a line that means nothing keeps its text with a message; Tab opens the full form prefilled")
    func nonsenseThenForm() async throws {
        let session = try TmuxSession()
        try await session.waitFor("1 Events")
        try session.send(keys: "a")
        try await session.waitFor("Quick add")
        try session.type("2030-03-15 9:00 #work")
        try await session.waitFor("Give it a title")
        try session.send(keys: "Enter")
        let kept = try await session.waitUntil("the message under the box") { screen in
            screen.split(separator: "\n").contains { $0.hasPrefix("Give it a title") }
        }
        #expect(kept.contains("> 2030-03-15 9:00 #work"))
        #expect(kept.contains("Events  0 items"))

        // Put a title first, then Tab: the form opens with every field the line named.
        try session.send(keys: "Home")
        try session.type("Dentist ")
        try session.send(keys: "End")
        try session.type(" @Main St 4 remind 15m")
        try await session.waitFor("reminder:   15 minutes before")
        try session.send(keys: "Tab")
        // Waited for whole: on a loaded machine the screen can be read while the form is drawn
        // over the box, its title line there and its fields not yet.
        let fields = ["Title  Dentist", "Start  2030-03-15 09:00", "Place  Main St 4", "Alarm  15", "Category  work"]
        try await session.waitUntil("the form with every field the line named") { screen in
            screen.contains("New event") && fields.allSatisfy { screen.contains($0) }
        }
        try session.send(keys: "C-s")
        try await session.waitFor("Saved “Dentist”")
        try await session.waitFor("Fri 15 Mar 2030 09:00-10:00")
    }
}
