import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A server that misbehaves on purpose, for the bad-server tests: a TCP proxy on 127.0.0.1 in
/// front of a real server (a `RadicaleServer`) that passes requests through until told to
/// answer one with a 500, with text that is not XML, to wait past the client's timeout, to
/// hang, to drop the connection, or to be down altogether.
///
/// It reads each request's head to count it and to log its method and path, then relays the
/// bytes both ways untouched; one request per connection (it answers `Connection: close`
/// itself, and Radicale speaks HTTP/1.0, closing after each answer). Requests are numbered
/// from 1 in the order their heads arrive.
public final class FaultyProxy: @unchecked Sendable {
    /// What the proxy does with a request instead of passing it on.
    public enum Fault: Sendable, Equatable {
        /// Answers this itself; the server never sees the request.
        case answer(status: Int, contentType: String, body: String)
        /// Waits this long, then passes the request on.
        case delay(Duration)
        /// Takes the request and never answers (until the proxy stops).
        case hang
        /// Closes the connection without a word.
        case drop
        /// Passes the request on, and replaces every `text` in the answer's body with
        /// `replacement` (Content-Length follows): e.g. a calendar-data in a REPORT that is not
        /// iCalendar, inside well-formed XML.
        case rewrite(String, with: String)

        /// A 500 Internal Server Error.
        public static let internalError = Fault.answer(
            status: 500, contentType: "text/plain", body: "Internal Server Error")
        /// A 207 Multi-Status whose body is HTML, not XML.
        public static let notXML = Fault.answer(
            status: 207, contentType: "application/xml; charset=utf-8",
            body: "<html><body><h1>Welcome to nginx!</h1><p>Oops")
        /// A 207 Multi-Status that declares EUC-JP (read through iconv) and holds UTF-8 that is
        /// no EUC-JP: libxml2 complains of the conversion on its own channel.
        public static let wrongEncoding = Fault.answer(
            status: 207, contentType: "application/xml",
            body: "<?xml version=\"1.0\" encoding=\"EUC-JP\"?>\n<d:multistatus xmlns:d=\"DAV:\"><d:response>"
                + "<d:href>/x\u{202E}evil</d:href><d:status>HTTP/1.1 200 OK</d:status></d:response></d:multistatus>")
        /// A 200 whose body is not iCalendar, for a GET of an item.
        public static let notICalendar = Fault.answer(
            status: 200, contentType: "text/calendar", body: "<html>this is not a calendar</html>")
    }

    /// The port the proxy listens on (kept while it is down, so it can come up on it again).
    public let port: UInt16
    public let upstreamPort: UInt16
    private let lock = NSLock()
    private let changed = NSCondition()
    private var listener: Int32 = -1
    private var stopped = false
    private var count = 0
    private var requests: [String] = []
    private var scheduled: [Int: Fault] = [:]
    private var always: Fault?
    private var matching: [(method: String, fault: Fault)] = []
    private var open: Set<Int32> = []
    /// Threads accepting on a listener that is not closed yet (see `goUp`).
    private var accepting = 0

    /// A proxy in front of `127.0.0.1:upstreamPort`.
    public init(upstreamPort: UInt16) throws {
        self.upstreamPort = upstreamPort
        let fd = try LoopbackPort.bound(to: 0)
        guard listen(fd, 64) == 0 else {
            close(fd)
            throw POSIXError(.EIO)
        }
        port = try LoopbackPort.port(of: fd)
        listener = fd
        startAccepting(fd)
    }

    /// A proxy in front of a Radicale server.
    public convenience init(inFrontOf server: RadicaleServer) throws {
        try self.init(upstreamPort: server.port)
    }

    /// `http://127.0.0.1:PORT/`, to give the client instead of the server's.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    /// The same path as `url` on the server, through the proxy.
    public func url(_ url: URL) -> URL {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: true)!
        components.port = Int(port)
        return components.url!
    }

    /// How many requests have arrived so far.
    public var requestCount: Int { locked { count } }

    /// "METHOD /path" of each request so far, in order.
    public var requestLog: [String] { locked { requests } }

    /// Makes request number `number` (counted from 1 since the proxy started; `requestCount + 1`
    /// is the next one) meet `fault`.
    public func schedule(_ fault: Fault, onRequest number: Int) {
        locked { scheduled[number] = fault }
    }

    /// Makes every request from now on meet `fault` (nil: pass them on again).
    public func failEveryRequest(with fault: Fault?) {
        locked { always = fault }
    }

    /// Makes every request with this method (e.g. "REPORT") meet `fault` from now on.
    public func fail(method: String, with fault: Fault) {
        locked { matching.append((method.uppercased(), fault)) }
    }

    /// Passes every request on again (forgets scheduled faults too).
    public func clearFaults() {
        locked {
            always = nil
            matching = []
            scheduled = [:]
        }
    }

    /// Closes the listening socket: connections are refused, as by a server that is down.
    public func goDown() {
        let fd: Int32 = locked {
            let fd = listener
            listener = -1
            return fd
        }
        // Wakes the accept; the accepting thread closes the socket.
        if fd >= 0 { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    /// Listens again on the same port: once the listener `goDown` shut is closed, and the port
    /// is free. Another socket may hold it meanwhile (a client's connection on a busy machine
    /// can be given it as its own port): that is waited out for up to ten seconds, looking again
    /// every 20 ms, as nothing says when it lets go.
    public func goUp() throws {
        let deadline = ContinuousClock.now + .seconds(10)
        changed.lock()
        while locked({ accepting }) > 0 && ContinuousClock.now < deadline {
            _ = changed.wait(until: Date().addingTimeInterval(0.1))
        }
        changed.unlock()
        var bound: Int32?
        while bound == nil {
            do {
                bound = try LoopbackPort.bound(to: port)
            } catch {
                guard ContinuousClock.now < deadline else { throw error }
                usleep(20_000)
            }
        }
        let fd = bound!
        guard listen(fd, 64) == 0 else {
            close(fd)
            throw POSIXError(.EIO)
        }
        let stale: Bool = locked {
            if stopped || listener >= 0 { return true }
            listener = fd
            return false
        }
        if stale { close(fd); return }
        startAccepting(fd)
    }

    /// Stops listening and ends every connection, hanging ones included.
    public func stop() {
        goDown()
        let connections: Set<Int32> = locked {
            stopped = true
            return open
        }
        for fd in connections { shutdown(fd, Int32(SHUT_RDWR)) }
        changed.lock()
        changed.broadcast()
        changed.unlock()
    }

    deinit { stop() }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    private func startAccepting(_ fd: Int32) {
        locked { accepting += 1 }
        let thread = Thread { [self] in accept(on: fd) }
        thread.start()
    }

    private func accept(on fd: Int32) {
        while true {
            let client = Glibc.accept(fd, nil, nil)
            let keep: Bool = locked {
                guard client >= 0, !stopped, listener == fd else { return false }
                open.insert(client)
                return true
            }
            guard keep else {
                if client >= 0 { close(client) }
                close(fd)
                changed.lock()
                locked { accepting -= 1 }
                changed.broadcast()
                changed.unlock()
                return
            }
            let thread = Thread { [self] in
                handle(client)
                locked { _ = open.remove(client) }
                close(client)
            }
            thread.start()
        }
    }

    /// Reads the request's head, counts it, and meets it with its fault or passes it on.
    private func handle(_ client: Int32) {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while received.range(of: Data("\r\n\r\n".utf8)) == nil {
            let n = recv(client, &buffer, buffer.count, 0)
            if n <= 0 { return }
            received.append(contentsOf: buffer[0..<n])
            if received.count > 1_000_000 { return }
        }
        let headEnd = received.range(of: Data("\r\n\r\n".utf8))!.upperBound
        let head = String(decoding: received[..<headEnd], as: UTF8.self)
        let requestLine = head.prefix { $0 != "\r" }.split(separator: " ")
        let method = requestLine.first.map(String.init) ?? ""
        let path = requestLine.count > 1 ? String(requestLine[1]) : ""
        let fault: Fault? = locked {
            count += 1
            requests.append("\(method) \(path)")
            if let fault = scheduled.removeValue(forKey: count) { return fault }
            if let match = matching.first(where: { $0.method == method.uppercased() }) { return match.fault }
            return always
        }
        switch fault {
        case .answer(let status, let contentType, let body):
            drainBody(client, head: head, already: received.count - headEnd)
            let bytes = Data(body.utf8)
            let text = "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Type: \(contentType)\r\n"
                + "Content-Length: \(bytes.count)\r\nConnection: close\r\n\r\n"
            send(client, Data(text.utf8) + bytes)
        case .delay(let duration):
            if waitWhileRunning(for: duration) { relay(client, first: received) }
        case .hang:
            _ = waitWhileRunning(for: nil)
        case .drop:
            return
        case .rewrite(let text, let replacement):
            relay(client, first: received, rewriting: (text, replacement))
        case nil:
            relay(client, first: received)
        }
    }

    /// Waits `duration` (nil: until the proxy stops); false when the proxy stopped meanwhile.
    private func waitWhileRunning(for duration: Duration?) -> Bool {
        let deadline = duration.map { Date().addingTimeInterval(Self.seconds($0)) }
        changed.lock()
        defer { changed.unlock() }
        while !locked({ stopped }) {
            // (Foundation's wait(until: .distantFuture) traps on Linux: no deadline, no date.)
            if let deadline {
                if !changed.wait(until: deadline) { return true }
            } else {
                changed.wait()
            }
        }
        return false
    }

    /// Reads the rest of a request's body (by its Content-Length) so that closing the
    /// connection after answering does not reset it before the client reads the answer.
    private func drainBody(_ client: Int32, head: String, already: Int) {
        // A client that waits for "100 Continue" before its body sends none: nothing to read.
        if head.lowercased().contains("expect: 100-continue") { return }
        let length = head.split(separator: "\r\n").compactMap { line -> Int? in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
            return Int(parts[1].trimmingCharacters(in: .whitespaces))
        }.first ?? 0
        var remaining = length - already
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        while remaining > 0 {
            let n = recv(client, &buffer, min(buffer.count, remaining), 0)
            if n <= 0 { return }
            remaining -= n
        }
    }

    /// Passes the request on and the answer back, byte for byte, until the server closes; with
    /// `rewriting`, the answer is gathered whole, its body changed, then sent.
    private func relay(_ client: Int32, first: Data, rewriting: (String, String)? = nil) {
        let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard upstream >= 0 else { return }
        defer { close(upstream) }
        var address = LoopbackPort.loopback(upstreamPort)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return }
        guard send(upstream, first) else { return }
        var descriptors = [
            pollfd(fd: client, events: Int16(POLLIN), revents: 0),
            pollfd(fd: upstream, events: Int16(POLLIN), revents: 0),
        ]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var clientOpen = true
        var answer = Data()
        defer {
            if let (text, replacement) = rewriting { send(client, Self.rewritten(answer, text, replacement)) }
        }
        while true {
            descriptors[0].events = clientOpen ? Int16(POLLIN) : 0
            let ready = poll(&descriptors, 2, 1_000)
            if locked({ stopped }) { return }
            if ready < 0 && errno != EINTR { return }
            if ready <= 0 { continue }
            if clientOpen && descriptors[0].revents != 0 {
                let n = recv(client, &buffer, buffer.count, 0)
                if n <= 0 {
                    clientOpen = false
                    shutdown(upstream, Int32(SHUT_WR))
                } else if !send(upstream, Data(buffer[0..<n])) {
                    return
                }
            }
            if descriptors[1].revents != 0 {
                let n = recv(upstream, &buffer, buffer.count, 0)
                if n <= 0 { return }
                if rewriting != nil {
                    answer.append(contentsOf: buffer[0..<n])
                } else if !send(client, Data(buffer[0..<n])) {
                    return
                }
            }
        }
    }

    /// An HTTP answer with `text` replaced in its body and its Content-Length set to match.
    static func rewritten(_ answer: Data, _ text: String, _ replacement: String) -> Data {
        guard let end = answer.range(of: Data("\r\n\r\n".utf8)) else { return answer }
        let head = String(decoding: answer[..<end.lowerBound], as: UTF8.self)
        let body = String(decoding: answer[end.upperBound...], as: UTF8.self)
            .replacingOccurrences(of: text, with: replacement)
        let lines = head.components(separatedBy: "\r\n").filter { !$0.lowercased().hasPrefix("content-length:") }
        let newHead = (lines + ["Content-Length: \(Data(body.utf8).count)"]).joined(separator: "\r\n")
        return Data((newHead + "\r\n\r\n" + body).utf8)
    }

    @discardableResult
    private func send(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let sent = Glibc.send(fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 207: "Multi-Status"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
