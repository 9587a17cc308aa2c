import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Programs the test servers run: started with posix_spawn, with no blocked signals and default
/// handlers (test threads block most signals, and a child would inherit that), output to files,
/// reaped with waitpid. Foundation's `Process` learns of an exit through SIGCHLD, which test
/// threads block, so it is not used (see EndToEndTests' Command for the same reasons).
public enum ChildProcess {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    public struct Result: Sendable {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
    }

    /// Starts `executable` with `arguments`; stdin from /dev/null, stdout and stderr appended to
    /// the files given (/dev/null when nil). Returns the child's pid; the caller reaps it.
    public static func start(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        standardOutput: String? = nil, standardError: String? = nil, standardInput: String? = nil
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, standardInput ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(
            &actions, 1, standardOutput ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_addopen(
            &actions, 2, standardError ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o600)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var caughtSignals = sigset_t()
        sigemptyset(&caughtSignals)
        for signal in 1..<32 where signal != SIGKILL && signal != SIGSTOP {
            sigaddset(&caughtSignals, Int32(signal))
        }
        posix_spawnattr_setsigdefault(&attributes, &caughtSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let environment = environment ?? ProcessInfo.processInfo.environment
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw Failure("could not start \(executable): \(String(cString: strerror(spawned)))")
        }
        return pid
    }

    /// Runs `executable` to completion, at most `timeout` (then kills it and throws).
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        standardInput: String? = nil, timeout: Duration = .seconds(30)
    ) throws -> Result {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("datebook-child-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputPath = folder.appendingPathComponent("stdout").path
        let errorPath = folder.appendingPathComponent("stderr").path
        let pid = try start(
            executable, arguments, environment: environment,
            standardOutput: outputPath, standardError: errorPath, standardInput: standardInput)
        let deadline = ContinuousClock.now + timeout
        var status: Int32 = -1
        while status < 0 {
            if let exited = try exitStatus(of: pid) {
                status = exited
            } else if ContinuousClock.now >= deadline {
                kill(pid, SIGKILL)
                _ = try? waitForExit(of: pid)
                let command = ([executable] + arguments).joined(separator: " ")
                throw Failure("\(command) did not finish within \(timeout)")
            } else {
                usleep(2_000)
            }
        }
        return Result(
            status: status,
            standardOutput: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
    }

    /// The exit status (128 + the signal when a signal ended it) if `pid` has ended, reaping it;
    /// nil while it runs.
    public static func exitStatus(of pid: pid_t) throws -> Int32? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return decode(status) }
            if result == 0 { return nil }
            if errno != EINTR {
                throw Failure("waitpid(\(pid)) failed: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Waits for `pid` to end and reaps it.
    @discardableResult
    public static func waitForExit(of pid: pid_t) throws -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { throw Failure("waitpid(\(pid)) failed: \(String(cString: strerror(errno)))") }
        }
        return decode(status)
    }

    /// The <sys/wait.h> macros are not imported: decodes the status by hand.
    private static func decode(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// The full path of a program found on PATH, or nil.
    public static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
