import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reads the bytes of a subscription's source: a local file, or an `http(s)` feed, within a
/// time limit and a size limit, and says plainly why when it cannot.
public struct FeedFetcher: Sendable {
    /// How long a feed may take to arrive, in seconds.
    public var timeout: TimeInterval
    /// The most bytes read.
    public var sizeLimit: Int

    public static let defaultTimeout: TimeInterval = 10
    public static let defaultSizeLimit = 20_000_000

    public init(timeout: TimeInterval = FeedFetcher.defaultTimeout, sizeLimit: Int = FeedFetcher.defaultSizeLimit) {
        self.timeout = timeout
        self.sizeLimit = sizeLimit
    }

    /// The bytes at `source`.
    public func fetch(_ source: ContactSubscription.Source) throws(SubscriptionError) -> Data {
        switch source {
        case let .file(path): return try readFile(path)
        case let .url(url): return try download(url)
        }
    }

    // MARK: - Files

    private func readFile(_ path: String) throws(SubscriptionError) -> Data {
        let expanded = (path as NSString).expandingTildeInPath
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: expanded, isDirectory: &isFolder) else {
            throw .noSuchFile(path)
        }
        guard !isFolder.boolValue else { throw .isFolder(path) }
        guard let handle = FileHandle(forReadingAtPath: expanded) else {
            throw .unreadable(access(expanded, R_OK) == 0 ? "it cannot be opened" : "permission denied")
        }
        defer { try? handle.close() }
        do {
            // One byte past the limit tells a file at the limit from a larger one.
            let data = try handle.read(upToCount: sizeLimit + 1) ?? Data()
            guard data.count <= sizeLimit else { throw SubscriptionError.tooLarge(limit: sizeLimit) }
            return data
        } catch let error as SubscriptionError {
            throw error
        } catch {
            throw .unreadable((error as NSError).localizedDescription)
        }
    }

    // MARK: - Feeds

    private func download(_ url: URL) throws(SubscriptionError) -> Data {
        let download = Download(sizeLimit: sizeLimit)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: download, delegateQueue: nil)
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.setValue("text/calendar, */*;q=0.5", forHTTPHeaderField: "Accept")
        let task = session.dataTask(with: request)
        task.resume()
        // The limit is kept here too, whatever the session does with its own.
        let finished = download.done.wait(timeout: .now() + timeout)
        if finished == .timedOut {
            task.cancel()
            session.invalidateAndCancel()
            throw .timedOut(seconds: timeout)
        }
        session.finishTasksAndInvalidate()
        return try download.outcome()
    }
}

/// One download's state, told by the session's delegate calls (on the session's queue).
private final class Download: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    private let sizeLimit: Int
    private let lock = NSLock()
    private var data = Data()
    private var status = 200
    private var isHTML = false
    private var failure: SubscriptionError?

    init(sizeLimit: Int) {
        self.sizeLimit = sizeLimit
    }

    func outcome() throws(SubscriptionError) -> Data {
        lock.lock()
        defer { lock.unlock() }
        if let failure { throw failure }
        guard (200..<300).contains(status) else { throw .httpStatus(status) }
        if isHTML && !String(decoding: data.prefix(4096), as: UTF8.self).uppercased().contains("BEGIN:VCALENDAR") {
            throw .notICalendar(.html, fromNetwork: true)
        }
        return data
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void)
    {
        lock.lock()
        if let http = response as? HTTPURLResponse {
            status = http.statusCode
            let type = (http.value(forHTTPHeaderField: "Content-Type") ?? "").lowercased()
            isHTML = type.contains("text/html") || type.contains("application/xhtml")
        }
        let tooLarge = response.expectedContentLength > Int64(sizeLimit)
        if tooLarge { failure = .tooLarge(limit: sizeLimit) }
        lock.unlock()
        completionHandler(tooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive received: Data) {
        lock.lock()
        data.append(received)
        let tooLarge = data.count > sizeLimit
        if tooLarge {
            failure = .tooLarge(limit: sizeLimit)
            data = Data()
        }
        lock.unlock()
        if tooLarge { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.lock()
        if failure == nil, let error {
            let nsError = error as NSError
            if nsError.code == NSURLErrorTimedOut {
                failure = .timedOut(seconds: task.originalRequest?.timeoutInterval ?? 0)
            } else {
                failure = .unreachable(nsError.localizedDescription)
            }
        }
        lock.unlock()
        done.signal()
    }
}
