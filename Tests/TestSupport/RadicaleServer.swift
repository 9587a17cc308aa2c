import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real CalDAV/CardDAV server for a test: Radicale from the Python test tools
/// (`make deps`), on 127.0.0.1 on a free port, with its own temporary folder for the
/// collections, the users' htpasswd file and its log.
///
/// It runs with the household configuration the user guide documents (Docs/radicale/config)
/// and its rights file (Docs/radicale/rights): each user owns `/USER/`, any signed-in user may
/// write (not read) `/USER/inbox/` and read (not write) `/USER/public/`. Passwords are stored
/// in plain text (a test server); a wrong one is refused at once (no delay).
///
/// A user's home appears at their first request; their collections do not (unless
/// `predefinedCollections`), so that a test can start from an empty account or call
/// `makeDefaultCollections(for:)`. `stop()` (or the last reference going) ends the server and
/// deletes the folder.
public final class RadicaleServer: @unchecked Sendable {
    /// The collections a Datebook account has on the server, by their names in `/USER/`.
    public enum DefaultCollection: String, CaseIterable, Sendable {
        case calendar, contacts, inbox
        case publicCalendar = "public"

        public var isAddressBook: Bool { self == .contacts }
    }

    public let port: UInt16
    /// Name → password of the users who may sign in.
    public let users: [String: String]
    /// The server's folder: `collections/`, `users`, `radicale.log`.
    public let folder: URL
    private let pid: pid_t
    private let lock = NSLock()
    private var stopped = false

    /// Starts a server for `users` and waits until it answers.
    ///
    /// - Parameters:
    ///   - predefinedCollections: make the calendar, contacts, inbox and public collections of a
    ///     user at their first sign-in, as the documented configuration does.
    ///   - hashedPasswords: store SHA-512 crypt hashes made by `openssl passwd -6`, as the user
    ///     guide tells an administrator to, instead of the passwords.
    ///   - arguments: more Radicale options, e.g. `["--rights-permit-delete-collection", "True"]`.
    public init(
        users: [String: String], predefinedCollections: Bool = false, hashedPasswords: Bool = false,
        arguments: [String] = [], startTimeout: Duration = .seconds(30)
    ) throws {
        self.users = users
        let python = try PythonTools.python()
        let config = try PythonTools.repositoryFile("Docs/radicale/config")
        let rights = try PythonTools.repositoryFile("Docs/radicale/rights")
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("datebook-radicale-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let usersFile = folder.appendingPathComponent("users")
        var lines = ""
        for (name, password) in users.sorted(by: { $0.key < $1.key }) {
            lines += "\(name):\(hashedPasswords ? try Self.sha512Crypt(password) : password)\n"
        }
        try Data(lines.utf8).write(to: usersFile)
        let log = folder.appendingPathComponent("radicale.log").path

        var started: (pid_t, UInt16)?
        var lastFailure = ""
        // The free port can be taken between its pick and Radicale's bind: then another one.
        for _ in 0..<3 where started == nil {
            let port = try LoopbackPort.free()
            var options = [
                "-c", Self.launcher, "--config", config,
                "--server-hosts", "127.0.0.1:\(port)",
                "--auth-type", "htpasswd",
                "--auth-htpasswd-filename", usersFile.path,
                "--auth-htpasswd-encryption", hashedPasswords ? "sha512" : "plain",
                "--auth-delay", "0",
                "--rights-type", "from_file",
                "--rights-file", rights,
                "--storage-filesystem-folder", folder.appendingPathComponent("collections").path,
                "--web-type", "none",
                "--logging-level", "warning",
            ]
            if !predefinedCollections { options += ["--storage-predefined-collections", ""] }
            options += arguments
            let pid = try ChildProcess.start(python, options, standardOutput: log, standardError: log)
            switch try Self.waitUntilListening(pid: pid, port: port, timeout: startTimeout) {
            case .listening:
                started = (pid, port)
            case .exited(let status):
                lastFailure = "Radicale exited with status \(status): \(Self.tail(of: log))"
            case .timedOut:
                kill(pid, SIGKILL)
                _ = try? ChildProcess.waitForExit(of: pid)
                try? FileManager.default.removeItem(at: folder)
                throw ChildProcess.Failure("Radicale did not listen within \(startTimeout): \(Self.tail(of: log))")
            }
        }
        guard let (pid, port) = started else {
            try? FileManager.default.removeItem(at: folder)
            throw ChildProcess.Failure(lastFailure)
        }
        self.pid = pid
        self.port = port
    }

    /// Runs Radicale (`python -m radicale`) and ends it when its parent goes: a test run that
    /// crashes or is killed leaves no server behind.
    private static let launcher = """
        import os, runpy, sys, threading, time
        parent = os.getppid()
        def watch():
            while os.getppid() == parent:
                time.sleep(0.5)
            os._exit(0)
        threading.Thread(target=watch, daemon=True).start()
        sys.argv = ["radicale"] + sys.argv[1:]
        runpy.run_module("radicale", run_name="__main__", alter_sys=True)
        """

    /// `openssl passwd -6 PASSWORD`: a line of an htpasswd file in the guide's format.
    private static func sha512Crypt(_ password: String) throws -> String {
        guard let openssl = ChildProcess.find("openssl") else { throw ChildProcess.Failure("openssl is not on PATH") }
        let result = try ChildProcess.run(openssl, ["passwd", "-6", password])
        let hash = result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        guard result.status == 0, hash.hasPrefix("$6$") else {
            throw ChildProcess.Failure("openssl passwd -6 failed: \(result.standardError)")
        }
        return hash
    }

    private enum Start { case listening, exited(Int32), timedOut }

    /// Polls until the port takes connections, the process ends, or the time is up.
    private static func waitUntilListening(pid: pid_t, port: UInt16, timeout: Duration) throws -> Start {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let status = try ChildProcess.exitStatus(of: pid) { return .exited(status) }
            if LoopbackPort.accepts(port) { return .listening }
            usleep(20_000)
        }
        return .timedOut
    }

    private static func tail(of path: String) -> String {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return String(text.suffix(2_000))
    }

    /// `http://127.0.0.1:PORT/`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    /// A user's home, `http://127.0.0.1:PORT/USER/`.
    public func url(forUser user: String) -> URL {
        baseURL.appendingPathComponent(user, isDirectory: true)
    }

    /// A collection in a user's home, `http://127.0.0.1:PORT/USER/NAME/`.
    public func url(forUser user: String, collection: String) -> URL {
        url(forUser: user).appendingPathComponent(collection, isDirectory: true)
    }

    /// What Radicale logged (warnings and errors), for a failing test's message.
    public var log: String { Self.tail(of: folder.appendingPathComponent("radicale.log").path) }

    /// Sends one request as `user` (with the password the server knows, unless `password`),
    /// to `path` from the root (e.g. "/alice/inbox/x.ics") or a full URL's path.
    public func request(
        _ method: String, _ path: String, as user: String?, password: String? = nil,
        headers: [String: String] = [:], body: String? = nil
    ) throws -> DAVHTTP.Response {
        guard let url = URL(string: path, relativeTo: baseURL)?.absoluteURL else {
            throw ChildProcess.Failure("not a path: \(path)")
        }
        return try DAVHTTP.request(
            method, url, user: user, password: password ?? user.flatMap { users[$0] },
            headers: headers, body: body)
    }

    /// Makes `user`'s calendar, contacts (an address book), inbox and public collections
    /// (MKCALENDAR / extended MKCOL as the user), so a test can set up an account without
    /// Datebook's client. Throws when the server refuses one.
    public func makeDefaultCollections(for user: String, _ collections: [DefaultCollection] = DefaultCollection.allCases) throws {
        for collection in collections {
            let response: DAVHTTP.Response
            if collection.isAddressBook {
                response = try request(
                    "MKCOL", "/\(user)/\(collection.rawValue)/", as: user,
                    headers: ["Content-Type": "application/xml; charset=utf-8"],
                    body: Self.addressBookBody(displayName: "Contacts"))
            } else {
                response = try request(
                    "MKCALENDAR", "/\(user)/\(collection.rawValue)/", as: user,
                    headers: ["Content-Type": "application/xml; charset=utf-8"],
                    body: Self.calendarBody(displayName: collection.rawValue.capitalized))
            }
            guard response.status == 201 else {
                throw ChildProcess.Failure("making /\(user)/\(collection.rawValue)/ failed: \(response) \(log)")
            }
        }
    }

    /// Makes another calendar in `user`'s home, `/USER/NAME/`, as another client would.
    public func makeCalendar(for user: String, name: String, displayName: String) throws {
        let response = try request(
            "MKCALENDAR", "/\(user)/\(name)/", as: user, headers: ["Content-Type": "application/xml; charset=utf-8"],
            body: Self.calendarBody(displayName: displayName))
        guard response.status == 201 else {
            throw ChildProcess.Failure("making /\(user)/\(name)/ failed: \(response) \(log)")
        }
    }

    static func calendarBody(displayName: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>\
        <D:displayname>\(displayName)</D:displayname><C:supported-calendar-component-set>\
        <C:comp name="VEVENT"/><C:comp name="VTODO"/><C:comp name="VJOURNAL"/>\
        </C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>
        """
    }

    static func addressBookBody(displayName: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <D:mkcol xmlns:D="DAV:" xmlns:CR="urn:ietf:params:xml:ns:carddav"><D:set><D:prop>\
        <D:resourcetype><D:collection/><CR:addressbook/></D:resourcetype>\
        <D:displayname>\(displayName)</D:displayname></D:prop></D:set></D:mkcol>
        """
    }

    /// Ends the server (SIGTERM, then SIGKILL after 5 s) and deletes its folder.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        if isRunning {
            kill(pid, SIGTERM)
            let deadline = ContinuousClock.now + .seconds(5)
            while isRunning {
                if ContinuousClock.now >= deadline {
                    kill(pid, SIGKILL)
                    _ = try? ChildProcess.waitForExit(of: pid)
                    break
                }
                usleep(10_000)
            }
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Whether the server process still runs (reaping it when it has ended).
    public var isRunning: Bool {
        do { return try ChildProcess.exitStatus(of: pid) == nil } catch { return false }
    }

    deinit { stop() }
}
