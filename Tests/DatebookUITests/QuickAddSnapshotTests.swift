import DatebookKit
import DatebookTerminal
import Foundation
import Testing

@testable import DatebookUI

/// Golden text of the quick-add line over the Events list: its example, its preview of a whole
/// line, and a line that cannot be saved; at 80×24 and at an odd size, 57×17.
@Suite("Quick add snapshots")
struct QuickAddSnapshotTests {
    func check(_ app: AppCoordinator, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for size in ScreenSnapshotTests.sizes {
            assertSnapshot(app.render(size: size).grid, named: "\(name)-\(size.width)x\(size.height)",
                           sourceLocation: sourceLocation)
        }
    }

    @Test func examplePreviewAndProblem() throws {
        let (app, _) = try Fixtures.app(items: Fixtures.sample)
        _ = app.handle(.key(.char("a")))
        check(app, "quick-add-empty")
        app.type("Lunch with Ana 会议 tomorrow 12:30 1h @Cafe Central #work #ana !high every monday remind 10m before")
        check(app, "quick-add-preview")
        _ = app.handle(.key(.ctrl("u")))
        app.type("Party 31/02")
        _ = app.handle(.key(.enter))
        check(app, "quick-add-problem")
    }
}
