import Foundation

/// Reads the bytes of a subscription's source: a local file, or an `http(s)` feed, within a
/// time limit and a size limit, and says plainly why when it cannot.
public struct FeedFetcher: Sendable {
    /// How long a feed may take to arrive, in seconds.
    public var timeout: TimeInterval
    /// The most bytes read.
    public var sizeLimit: Int

    public static let defaultTimeout: TimeInterval = 10
    public static let defaultSizeLimit = 20_000_000

    /// User names and passwords by server (`host:port`): a feed on a sync account's server
    /// (a contact's calendar collection there) is read signed in as the account.
    public var signIns: [String: Credentials] = [:]

    public struct Credentials: Sendable, Equatable {
        public var user: String
        public var password: String
    }

    public init(timeout: TimeInterval = FeedFetcher.defaultTimeout, sizeLimit: Int = FeedFetcher.defaultSizeLimit) {
        self.timeout = timeout
        self.sizeLimit = sizeLimit
    }

    /// This fetcher, signing in to the servers of `accounts` whose password is at hand without
    /// asking (`DATEBOOK_PASSWORD` or the account's password command).
    public func signingIn(to accounts: [SyncAccount], environment: [String: String]) -> FeedFetcher {
        signingIn(to: accounts) { account in (try? SyncPassword.find(for: account, environment: environment)) ?? nil }
    }

    /// This fetcher, signing in to the servers of `accounts` with the passwords `password`
    /// gives (an account it gives none for is left out).
    public func signingIn(to accounts: [SyncAccount], password: (SyncAccount) -> String?) -> FeedFetcher {
        var fetcher = self
        for account in accounts {
            guard let server = Self.server(of: account.url), let password = password(account) else { continue }
            fetcher.signIns[server] = Credentials(user: account.user, password: password)
        }
        return fetcher
    }

    /// `host:port` of an address (the scheme's port when none is written).
    static func server(of url: URL) -> String? {
        guard let host = url.host?.lowercased() else { return nil }
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        return "\(host):\(port)"
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
        let expanded = HomeFolder.expanding(path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: expanded, isDirectory: &isFolder) else {
            throw .noSuchFile(path)
        }
        guard !isFolder.boolValue else { throw .isFolder(path) }
        // A pipe would keep the reading waiting for ever, a device never end.
        let type = (try? FileManager.default.attributesOfItem(atPath: expanded))?[.type] as? FileAttributeType
        guard type == .typeRegular else { throw .notAFile(path) }
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
        var download = HTTPDownload(url: url, timeout: timeout, sizeLimit: sizeLimit)
        if let server = Self.server(of: url), let signIn = signIns[server] {
            download.credentials = (signIn.user, signIn.password)
        }
        return try download.run()
    }
}
