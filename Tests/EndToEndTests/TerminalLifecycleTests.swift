import Foundation
import Testing

/// The planner takes over a terminal only when there is one it can use, and always gives it back.
@Suite("Taking over and giving back the terminal")
struct TerminalLifecycleTests {
    @Test("Without a terminal on stdin it explains itself and exits with status 1")
    func refusesWithoutATerminal() throws {
        let home = try TemporaryDirectory()
        let result = try Command.run(
            try DatebookBinary.path, [], environment: TmuxSession.environment(home: home))
        #expect(result.status == 1)
        #expect(result.standardError.contains("datebook: the planner needs a terminal; stdin is not a terminal."))
        #expect(result.standardError.contains("datebook list"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test("An unknown TERM is named in the message, and the exit status is 1")
    func refusesAnUnknownTerminalType() async throws {
        let session = try TmuxSession(environment: ["TERM": "unknownterm"])
        let status = try await session.waitForExit()
        #expect(status == 1)
        let output = try session.output()
        #expect(output.contains("datebook: the terminal type \u{201C}unknownterm\u{201D} is not known (TERM)"), "\(output)")
    }

    @Test("Without TERM it says what to set, and the exit status is 1")
    func refusesWithoutATerminalType() async throws {
        let session = try TmuxSession(environment: ["TERM": nil])
        #expect(try await session.waitForExit() == 1)
        let output = try session.output()
        #expect(output.contains("datebook: the terminal type is not set (TERM); try TERM=xterm-256color"), "\(output)")
    }

    @Test("After the terminal shrinks and grows back, the screen is drawn again at each size")
    func redrawsOnResize() async throws {
        let session = try TmuxSession(width: 100, height: 30)
        try await session.waitFor("1 Events")
        try session.resize(width: 30, height: 8)
        try await session.waitUntil("a 30×8 screen showing the tabs") {
            $0.contains("Events") && $0.filter { $0 == "\n" }.count == 8
        }
        try session.resize(width: 100, height: 30)
        try await session.waitFor("1 Events")
        try session.send(keys: "q")
        #expect(try await session.waitForExit() == 0)
    }

    @Test("It shows its screen, quits on q with status 0, and leaves the terminal as it was")
    func quitsOnQ() async throws {
        let session = try TmuxSession()
        try await session.waitFor("1 Events")
        #expect(try session.modes.alternateScreen)
        #expect(try session.modes.mouseReporting)
        try session.send(keys: "q")
        #expect(try await session.waitForExit() == 0)
        let modes = try session.modes
        #expect(modes == .restored, "\(modes)")
    }

    @Test("Ctrl-C quits with status 130 and leaves the terminal as it was")
    func ctrlCQuits() async throws {
        let session = try TmuxSession()
        try await session.waitFor("1 Events")
        try session.send(keys: "C-c")
        #expect(try await session.waitForExit() == 130)
        let modes = try session.modes
        #expect(modes == .restored, "\(modes)")
    }

    @Test("A crash still leaves the terminal as it was, and the process dies of the signal")
    func crashRestoresTheTerminal() async throws {
        let session = try TmuxSession()
        try await session.waitFor("1 Events")
        let pid = try #require(try session.pid)
        #expect(Foundation.kill(pid, SIGSEGV) == 0)
        try await session.waitForEnd()
        #expect(try session.exitSignal == SIGSEGV)
        let modes = try session.modes
        #expect(modes == .restored, "\(modes)")
    }
}
