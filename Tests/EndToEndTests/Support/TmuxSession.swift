import Foundation

/// The datebook binary running in a private tmux server, for a test to type into and read.
///
/// Each session has its own server (`tmux -S <socket in a temporary folder> -f /dev/null`), so
/// sessions run in parallel and never touch the user's tmux. The program runs with a clean
/// environment (see `environment(home:)`) in a temporary home holding its database;
/// `remain-on-exit` keeps the pane after the program ends, so its exit status and last output
/// (a crash report, say) stay readable. The server is killed when the session goes away.
///
/// Waits poll the screen every 50 ms up to a deadline; there are no fixed sleeps. After a
/// lone Escape the program needs its 25 ms escape delay before it acts: send Escape, then
/// wait for the change it should cause.
final class TmuxSession {
    /// The one window's target name.
    static let target = "main"
    static let pollInterval = Duration.milliseconds(50)

    /// The server's socket, inside `home`, so nothing is left behind in /tmp/tmux-UID.
    /// (tmux keeps its socket file after kill-server.)
    let socketPath: String
    /// The temporary home: `HOME`, the XDG folders and the database live here.
    let home: TemporaryDirectory
    /// The environment the program was started with.
    let environment: [String: String]
    private let tmux: String
    private var killed = false

    /// Starts `binary` (the built datebook by default) with `arguments` in a `width`×`height` pane.
    ///
    /// `environment` changes the session's clean environment: a value replaces or adds a
    /// variable, nil removes it. Pass the `home` of an earlier session to start again on the
    /// same database (to check what a relaunch keeps).
    init(
        width: Int = 100, height: Int = 30, arguments: [String] = [],
        environment changes: [String: String?] = [:], home: TemporaryDirectory? = nil, binary: String? = nil
    ) throws {
        guard let tmux = Command.find("tmux") else {
            throw EndToEndFailure("tmux is not installed; the end-to-end tests need it")
        }
        self.tmux = tmux
        let home = try home ?? TemporaryDirectory(prefix: "datebook-e2e")
        self.home = home
        socketPath = home.path("tmux-\(UUID().uuidString.prefix(8)).socket")
        var environment = Self.environment(home: home)
        for (name, value) in changes { environment[name] = value }
        self.environment = environment
        let program = try binary ?? DatebookBinary.path
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let command = (["exec", "env", "-i"] + assignments + [program] + arguments)
            .map(Self.shellQuoted).joined(separator: " ")
        try tmuxCommand([
            "-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", Self.target,
            command, ";", "set-option", "-g", "remain-on-exit", "on",
        ])
    }

    deinit {
        kill()
    }

    /// The clean environment: a known terminal and UTF-8, everything the program may write
    /// inside `home`, and crash reports that do not wait for a key.
    static func environment(home: TemporaryDirectory) -> [String: String] {
        [
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "HOME": home.path,
            "XDG_DATA_HOME": home.path(".local/share"),
            "XDG_CONFIG_HOME": home.path(".config"),
            "XDG_CACHE_HOME": home.path(".cache"),
            "DATEBOOK_DB": home.path("datebook.sqlite"),
            "SWIFT_BACKTRACE": "interactive=no",
        ]
    }

    // MARK: - Input

    /// Sends keys by tmux name: `Tab`, `BTab`, `Down`, `Escape`, `Enter`, `C-s`, `F2`, or a
    /// single character such as `q`.
    func send(keys: String...) throws {
        try tmuxCommand(["send-keys", "-t", Self.target] + keys)
    }

    /// Types text literally, character by character.
    func type(_ text: String) throws {
        try tmuxCommand(["send-keys", "-t", Self.target, "-l", "--", text])
    }

    /// Clicks the left button on a cell (0-based), as an xterm reports it in SGR mouse mode
    /// (1006), which the planner turns on: a press, then a release on the same cell.
    func click(x: Int, y: Int) throws {
        try type("\u{1B}[<0;\(x + 1);\(y + 1)M\u{1B}[<0;\(x + 1);\(y + 1)m")
    }

    /// Turns the mouse wheel one notch over a cell (0-based).
    func scrollWheel(up: Bool, x: Int, y: Int) throws {
        try type("\u{1B}[<\(up ? 64 : 65);\(x + 1);\(y + 1)M")
    }

    /// Resizes the window, as a user dragging the terminal's corner would.
    func resize(width: Int, height: Int) throws {
        try tmuxCommand(["resize-window", "-t", Self.target, "-x", "\(width)", "-y", "\(height)"])
    }

    // MARK: - Reading

    /// The visible screen, one line per row, trailing spaces trimmed.
    func screen() throws -> String {
        try tmuxCommand(["capture-pane", "-p", "-t", Self.target])
    }

    /// The visible screen with its colours and attributes as escape sequences (SGR), to check
    /// how a row is drawn.
    func styledScreen() throws -> String {
        try tmuxCommand(["capture-pane", "-p", "-e", "-t", Self.target])
    }

    /// The screen and the scrollback above it: what a program printed before it exited
    /// (tmux scrolls the pane by a line to show "Pane is dead").
    func output() throws -> String {
        try tmuxCommand(["capture-pane", "-p", "-S", "-", "-t", Self.target])
    }

    /// A tmux format about the pane, such as `#{cursor_x}` or `#{alternate_on}`.
    func display(_ format: String) throws -> String {
        try tmuxCommand(["display-message", "-p", "-t", Self.target, format])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// How the program ended: its exit status or the signal that ended it; nil while it runs.
    ///
    /// tmux marks a pane dead when its terminal closes, which can be a moment before it has
    /// reaped the process and knows the status. tmux 3.3 also, now and then, misses the
    /// SIGCHLD of a pane's process altogether and leaves it a zombie with no status; running
    /// a job (`run-shell true`) makes it reap again, and then the status is there.
    var end: ProgramEnd? {
        get throws {
            if let end = try deadPaneEnd() { return end }
            guard try display("#{pane_dead}") == "1" else { return nil }
            try tmuxCommand(["run-shell", "true"])
            return try deadPaneEnd()
        }
    }

    private func deadPaneEnd() throws -> ProgramEnd? {
        let fields = try display("#{pane_dead}|#{pane_dead_status}|#{pane_dead_signal}")
            .split(separator: "|", omittingEmptySubsequences: false)
        guard fields.count == 3, fields[0] == "1" else { return nil }
        if let signal = Int32(fields[2]) { return .signal(signal) }
        if let status = Int32(fields[1]) { return .exit(status) }
        return nil
    }

    /// Whether the program has ended.
    var isDead: Bool {
        get throws { try end != nil }
    }

    /// The program's exit status once it has exited normally; nil while it runs or when a
    /// signal ended it.
    var exitStatus: Int32? {
        get throws {
            guard case .exit(let status) = try end else { return nil }
            return status
        }
    }

    /// The signal that ended the program, if one did.
    var exitSignal: Int32? {
        get throws {
            guard case .signal(let signal) = try end else { return nil }
            return signal
        }
    }

    /// The process id of the program (the pane's process: the command is started with exec).
    var pid: pid_t? {
        get throws { pid_t(try display("#{pane_pid}")) }
    }

    /// The pane's terminal modes now: after the program ends, all should be back.
    var modes: TerminalModes {
        get throws {
            let fields = try display("#{alternate_on} #{mouse_any_flag} #{keypad_cursor_flag}")
                .split(separator: " ").map { $0 == "1" }
            guard fields.count == 3 else { throw EndToEndFailure("tmux gave no pane modes") }
            return TerminalModes(alternateScreen: fields[0], mouseReporting: fields[1], applicationCursorKeys: fields[2])
        }
    }

    // MARK: - Waiting

    /// How long a wait lasts unless a test says otherwise. It bounds only a failing test: a wait
    /// ends as soon as its condition holds. CI runs every suite at once on two cores, where a
    /// planner that starts in 50 ms alone may take seconds, so the bound is generous; a test
    /// that asserts responsiveness names its own bound.
    static let patience: Duration = .seconds(30)

    /// Waits until `text` is on the screen and returns the screen.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = patience) async throws -> String {
        try await waitUntil("\"\(text)\" on the screen", timeout: timeout) { $0.contains(text) }
    }

    /// Waits until `predicate` holds for the screen and returns the screen.
    ///
    /// Fails, showing the last screen, when the time runs out or the program exits first.
    @discardableResult
    func waitUntil(
        _ description: String, timeout: Duration = patience, _ predicate: (String) -> Bool
    ) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            let screen = try screen()
            if predicate(screen) { return screen }
            if try isDead {
                throw EndToEndFailure(
                    "waiting for \(description), the program exited (\(try endDescription())):\n\(try output())")
            }
            if ContinuousClock.now >= deadline {
                throw EndToEndFailure("waited \(timeout) for \(description); the screen was:\n\(screen)")
            }
            try await Task.sleep(for: Self.pollInterval)
        }
    }

    /// Waits for the program to end and returns its exit status, or fails (with the output)
    /// if it does not end in time or a signal ends it.
    @discardableResult
    func waitForExit(timeout: Duration = patience) async throws -> Int32 {
        try await waitForEnd(timeout: timeout)
        guard let status = try exitStatus else {
            throw EndToEndFailure("the program did not exit normally (\(try endDescription())):\n\(try output())")
        }
        return status
    }

    /// Waits for the program to end, however it ends.
    func waitForEnd(timeout: Duration = patience) async throws {
        let deadline = ContinuousClock.now + timeout
        while try !isDead {
            if ContinuousClock.now >= deadline {
                throw EndToEndFailure("the program still runs after \(timeout); the screen is:\n\(try screen())")
            }
            try await Task.sleep(for: Self.pollInterval)
        }
    }

    private func endDescription() throws -> String {
        try end.map { "\($0)" } ?? "still running"
    }

    // MARK: - The server

    /// Kills the tmux server and the program with it. Safe to call twice.
    func kill() {
        guard !killed else { return }
        killed = true
        _ = try? Command.run(tmux, ["-S", socketPath, "kill-server"], environment: Self.clientEnvironment())
    }

    @discardableResult
    private func tmuxCommand(_ arguments: [String]) throws -> String {
        let result = try Command.run(tmux, ["-S", socketPath] + arguments, environment: Self.clientEnvironment())
        guard result.status == 0 else {
            throw EndToEndFailure(
                "tmux \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.standardError)")
        }
        return result.standardOutput
    }

    /// The tmux client's own environment: the test's, without the marks of an enclosing tmux.
    private static func clientEnvironment() -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["TMUX_PANE"] = nil
        return environment
    }

    /// `text` in single quotes for the shell tmux runs the command with.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// How a program ended.
enum ProgramEnd: Equatable, CustomStringConvertible {
    case exit(Int32)
    case signal(Int32)

    var description: String {
        switch self {
        case .exit(let status): "exit status \(status)"
        case .signal(let signal): "signal \(signal)"
        }
    }
}

/// The terminal modes of a tmux pane that a full-screen program changes and must put back.
///
/// The cursor's visibility is not among them: tmux reports the cursor of a dead pane as
/// hidden whatever the program last sent.
struct TerminalModes: Equatable, CustomStringConvertible {
    var alternateScreen: Bool
    var mouseReporting: Bool
    var applicationCursorKeys: Bool

    /// A shell's terminal: the main screen, no mouse reporting, normal cursor keys.
    static let restored = TerminalModes(alternateScreen: false, mouseReporting: false, applicationCursorKeys: false)

    var description: String {
        "alternate screen \(alternateScreen), mouse reporting \(mouseReporting), "
            + "application cursor keys \(applicationCursorKeys)"
    }
}
