import Foundation
import Synchronization

/// Runs one notify command (see `NotifyTemplate`) and waits for it, at most `timeout`.
///
/// The program is found on `PATH` and given its arguments directly, never through a shell;
/// its standard input is empty and its output goes where Datebook's goes. It runs in a process
/// group of its own: one still running at the timeout is stopped with everything it started
/// (SIGTERM, then SIGKILL a second later).
public enum NotifyRunner {
    /// How a run ended.
    public enum Outcome: Equatable, Sendable {
        case succeeded
        case failed(status: Int32)
        case killed(after: TimeInterval)
        case cannotStart(String)

        /// A sentence for stderr, or nil when it succeeded.
        public func problem(program: String) -> String? {
            switch self {
            case .succeeded: return nil
            case let .failed(status): return "\(program) exited with status \(status)"
            case let .killed(after): return "\(program) was still running after \(Int(after)) s and was stopped"
            case let .cannotStart(reason): return "\(program) could not be started: \(reason)"
            }
        }
    }

    public static func run(_ arguments: [String], timeout: TimeInterval) -> Outcome {
        guard let program = arguments.first, !program.isEmpty else { return .cannotStart("no program") }
        // Its own process group, so that what it starts in turn is stopped with it.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // No signal blocked or ignored, whatever this thread has: SIGTERM must stop it.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
        guard spawned == 0 else {
            return .cannotStart(spawned == ENOENT ? "not found" : String(cString: strerror(spawned)))
        }
        let finished = DispatchSemaphore(value: 0)
        let status = Mutex<Int32>(0)
        let child = pid
        Thread.detachNewThread {
            var result: Int32 = 0
            while waitpid(child, &result, 0) < 0 && errno == EINTR {}
            status.withLock { $0 = result }
            finished.signal()
        }
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            kill(-pid, SIGTERM)
            if finished.wait(timeout: .now() + 1) == .timedOut {
                kill(-pid, SIGKILL)
                finished.wait()
            }
            return .killed(after: timeout)
        }
        let result = status.withLock { $0 }
        // The exit status, or the signal that ended it (as a shell says it: 128 + signal).
        let code = result & 0x7f == 0 ? (result >> 8) & 0xff : 128 + (result & 0x7f)
        if code == 127 && result & 0x7f == 0 && !program.contains("/") && find(program) == nil {
            return .cannotStart("not found")
        }
        return code == 0 ? .succeeded : .failed(status: code)
    }

    /// The executable named `name` on `PATH`.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
