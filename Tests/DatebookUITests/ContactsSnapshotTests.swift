import DatebookKit
import DatebookTerminal
import Foundation
import Testing

@testable import DatebookUI

/// Golden text of the Contacts tab's screens.
@Suite("Contacts snapshots")
struct ContactsSnapshotTests {
    func app() throws -> AppCoordinator {
        let (app, store) = try Fixtures.app()
        try Fixtures.saveContacts(in: store)
        app.send(.switchTab(.contacts))
        return app
    }

    func check(_ app: AppCoordinator, _ name: String, sizes: [Size],
               sourceLocation: SourceLocation = #_sourceLocation) {
        for size in sizes {
            _ = app.handle(.resize(size))
            assertSnapshot(app.render(size: size).grid, named: "\(name)-\(size.width)x\(size.height)",
                           sourceLocation: sourceLocation)
        }
    }

    @Test func listWithSections() throws {
        let app = try app()
        app.send(.moveDown, .moveDown)
        check(app, "contacts-list", sizes: [Size(width: 80, height: 24), Size(width: 120, height: 30)])
    }

    @Test func filteredList() throws {
        let app = try app()
        app.send(.command(.contactFilter))
        app.type("example.org")
        check(app, "contacts-filter", sizes: [Size(width: 80, height: 24)])
    }

    @Test func profile() throws {
        let app = try app()
        app.send(.open)
        check(app, "contacts-profile", sizes: [Size(width: 80, height: 24), Size(width: 57, height: 17)])
    }

    @Test func formWithError() throws {
        let app = try app()
        app.send(.command(.contactAdd))
        app.type("Zed")
        app.send(.nextField, .nextField, .nextField, .nextField)
        app.type("zed@")
        app.send(.save)
        check(app, "contacts-form-error", sizes: [Size(width: 80, height: 24)])
    }
}
