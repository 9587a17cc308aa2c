import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program to completion and collects what it wrote.
///
/// Built on posix_spawn (`ChildProcess.start`) and waitpid rather than Foundation's `Process`, for two reasons
/// seen in this test runner: test code runs on threads that block most signals, and a
/// spawned program inherits that mask — a tmux server started that way never sees SIGCHLD
/// (its panes never die) and passes the blocked SIGINT on to the program under test; and
/// `Process` learns of a child's exit through SIGCHLD, so with it blocked `waitUntilExit`
/// never returns. Here every child starts with no blocked signals and default handlers, its
/// output goes to files (a tmux server that outlives its client would hold a pipe open and
/// a reader would wait for ever), and it is reaped with waitpid.
enum Command {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Runs `executable` with `arguments` and stdin from `standardInput` (a file; /dev/null
    /// when nil).
    ///
    /// `environment` replaces the test's own when given. Waits at most `timeout`, then kills
    /// the program and fails: a program that should finish at once must not hang the run.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        standardInput: String? = nil, timeout: Duration = .seconds(10)
    ) throws -> Result {
        let folder = try TemporaryDirectory(prefix: "datebook-command")
        let outputPath = folder.path("stdout")
        let errorPath = folder.path("stderr")

        let pid: pid_t
        do {
            pid = try ChildProcess.start(
                executable, arguments, environment: environment, standardOutput: outputPath,
                standardError: errorPath, standardInput: standardInput)
        } catch {
            throw EndToEndFailure("\(error)")
        }

        let status = try wait(for: pid, timeout: timeout, describing: ([executable] + arguments).joined(separator: " "))
        return Result(
            status: status,
            standardOutput: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
    }

    /// Reaps `pid` and returns its exit status (128 + the signal when a signal ended it).
    private static func wait(for pid: pid_t, timeout: Duration, describing command: String) throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result < 0 && errno != EINTR {
                throw EndToEndFailure("waitpid failed for \(command): \(String(cString: strerror(errno)))")
            }
            if ContinuousClock.now >= deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                throw EndToEndFailure("\(command) did not finish within \(timeout)")
            }
            usleep(2_000)
        }
        // The <sys/wait.h> macros are not imported: decode the status by hand.
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// The full path of a program found on PATH, or nil.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
