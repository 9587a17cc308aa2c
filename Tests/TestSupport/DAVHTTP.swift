import Foundation

/// One WebDAV request through the `curl` program, for tests that set up or check a server
/// independently of Datebook's own client. Never goes through a proxy (the environment's
/// `http_proxy` included): only 127.0.0.1 is reached.
public enum DAVHTTP {
    public struct Response: Sendable, CustomStringConvertible {
        /// The HTTP status; 0 when no answer came (refused, timed out).
        public var status: Int
        public var body: String
        /// Header names in lower case, the last value of each.
        public var headers: [String: String]
        /// What curl said when it failed (no answer, a timeout).
        public var error: String

        public var description: String { "HTTP \(status) \(error) \(body.prefix(300))" }
    }

    /// Sends `method` to `url`, as `user` with `password` (basic auth) when given.
    public static func request(
        _ method: String, _ url: URL, user: String? = nil, password: String? = nil,
        headers: [String: String] = [:], body: String? = nil, timeout: Duration = .seconds(20)
    ) throws -> Response {
        guard let curl = ChildProcess.find("curl") else { throw ChildProcess.Failure("curl is not on PATH") }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("datebook-dav-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bodyPath = folder.appendingPathComponent("response").path
        let headersPath = folder.appendingPathComponent("headers").path
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        var arguments = [
            "--silent", "--show-error", "--noproxy", "*", "--request", method,
            "--output", bodyPath, "--dump-header", headersPath, "--write-out", "%{http_code}",
            "--max-time", String(format: "%.3f", seconds),
        ]
        if let user { arguments += ["--user", "\(user):\(password ?? "")"] }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { arguments += ["--header", "\(name): \(value)"] }
        if let body {
            let requestPath = folder.appendingPathComponent("request").path
            try Data(body.utf8).write(to: URL(fileURLWithPath: requestPath))
            arguments += ["--data-binary", "@\(requestPath)"]
        }
        arguments.append(url.absoluteString)
        let result = try ChildProcess.run(curl, arguments, timeout: timeout + .seconds(5))
        let headerText = (try? String(contentsOfFile: headersPath, encoding: .utf8)) ?? ""
        var parsed: [String: String] = [:]
        for line in headerText.split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            parsed[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(
            status: Int(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0,
            body: (try? String(contentsOfFile: bodyPath, encoding: .utf8)) ?? "",
            headers: parsed,
            error: result.standardError.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
