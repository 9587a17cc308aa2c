import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP server on 127.0.0.1 (shared by the test targets that read feeds) and a free port, for feeds read over HTTP in tests: it answers
/// every request with one fixed response, or (`silent`) takes connections and never answers.
/// `answer(...)` and `goSilent()` change what it does from the next connection on.
public final class LocalServer: @unchecked Sendable {
    public let port: UInt16
    private let socketFD: Int32
    private let lock = NSLock()
    /// What the next connection gets; nil: nothing, ever.
    private var response: Data?
    private var stopped = false
    /// Connections taken while silent, held open until the server stops.
    private var held: [Int32] = []

    /// A server that answers each request with `status`, `contentType` and `body`.
    public convenience init(status: String = "200 OK", contentType: String, body: Data) throws {
        try self.init(response: Self.response(status: status, contentType: contentType, body: body))
    }

    private static func response(status: String, contentType: String, body: Data) -> Data {
        var head = "HTTP/1.1 \(status)\r\nContent-Type: \(contentType)\r\n"
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Data(head.utf8) + body
    }

    /// Answers the next requests with this response.
    public func answer(status: String = "200 OK", contentType: String, body: Data) {
        lock.lock()
        response = Self.response(status: status, contentType: contentType, body: body)
        lock.unlock()
    }

    /// Takes the next connections and never answers them.
    public func goSilent() {
        lock.lock()
        response = nil
        lock.unlock()
    }

    /// A server that takes connections and never says a word (the kernel accepts them).
    public static func silent() throws -> LocalServer {
        try LocalServer(response: nil)
    }

    private init(response: Data?) throws {
        self.response = response
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        socketFD = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    public var url: URL { URL(string: "http://127.0.0.1:\(port)/calendar.ics")! }

    private func serve() {
        while true {
            let client = accept(socketFD, nil, nil)
            lock.lock()
            if client < 0 || stopped {
                // Stopped (shutdown woke the accept): the thread closes the socket itself, so
                // its number cannot be given to another server while this thread still uses it.
                if client >= 0 { close(client) }
                close(socketFD)
                for held in held { close(held) }
                held = []
                lock.unlock()
                return
            }
            let response = self.response
            if response == nil { held.append(client) }
            lock.unlock()
            guard let response else { continue }
            // Reads the request's head, then answers.
            var buffer = [UInt8](repeating: 0, count: 4096)
            var received = Data()
            while !String(decoding: received, as: UTF8.self).contains("\r\n\r\n") {
                let count = recv(client, &buffer, buffer.count, 0)
                if count <= 0 { break }
                received.append(contentsOf: buffer[0..<count])
            }
            response.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let sent = send(client, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                    if sent <= 0 { break }
                    offset += sent
                }
            }
            close(client)
        }
    }

    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        // Wakes the serving thread's accept; the thread closes the socket (see serve()).
        shutdown(socketFD, Int32(SHUT_RDWR))
    }

    deinit { stop() }
}
