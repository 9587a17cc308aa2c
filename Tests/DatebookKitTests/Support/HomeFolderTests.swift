import Foundation
import Testing

@testable import DatebookKit

@Suite("The home folder, as ~")
struct HomeFolderTests {
    @Test("~ and ~/ are the home folder; other paths stay as typed")
    func expanding() {
        #expect(HomeFolder.expanding("~", home: "/h/ana") == "/h/ana")
        #expect(HomeFolder.expanding("~/cal.ics", home: "/h/ana") == "/h/ana/cal.ics")
        #expect(HomeFolder.expanding("~/cal.ics", home: "/h/ana/") == "/h/ana/cal.ics")
        #expect(HomeFolder.expanding("~bob/cal.ics", home: "/h/ana") == "~bob/cal.ics")
        #expect(HomeFolder.expanding("/tmp/~/cal.ics", home: "/h/ana") == "/tmp/~/cal.ics")
        #expect(HomeFolder.expanding("cal.ics", home: "/h/ana") == "cal.ics")
    }

    @Test("the home folder is $HOME when it is set")
    func homeIsTheVariable() throws {
        let home = try #require(ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 })
        #expect(HomeFolder.path == home)
    }
}
