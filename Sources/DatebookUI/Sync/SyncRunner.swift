import DatebookKit
import Foundation
import Synchronization

/// Syncs the accounts on a thread of its own, so the screens never wait for the network.
///
/// The screens start a run and, after each event, take what changed: whether it still runs,
/// its progress (`receiving 200 of 1000`), the accounts it finished, and an account it found
/// no password for (the screens then ask the person, and the password is kept here, in memory
/// only, for the rest of the run). What a sync writes reaches the screens through the store's
/// change feed, as any other commit does.
public final class SyncRunner: Sendable {
    /// What syncing one account gave.
    public struct Attempt: Equatable, Sendable {
        public var account: String
        /// What was done, in words (`sent 1 (1 new)`).
        public var summary: String
        /// Why it stopped, when it did.
        public var error: String?

        public init(account: String, summary: String, error: String? = nil) {
            self.account = account
            self.summary = summary
            self.error = error
        }
    }

    /// Syncs one account with a password, telling its progress; runs on the runner's thread.
    public typealias Run = @Sendable (SyncAccount, String, @escaping @Sendable (String) -> Void) -> Attempt
    /// The password of an account from the environment or its command; nil when neither gives one.
    public typealias FindPassword = @Sendable (SyncAccount) throws -> String?

    /// What happened since the screens last took it.
    public struct Report: Equatable, Sendable {
        public var isRunning = false
        public var progress: String?
        /// The accounts finished since, in order.
        public var finished: [Attempt] = []
        /// An account that has no password: the screens ask for it.
        public var needsPassword: String?
    }

    private struct State {
        var report = Report()
        var passwords: [String: String] = [:]
    }

    private let run: Run
    private let findPassword: FindPassword
    private let state = Mutex(State())

    public init(run: @escaping Run, findPassword: @escaping FindPassword) {
        self.run = run
        self.findPassword = findPassword
    }

    /// A runner of the real engine on `store` (best its own connection to the file, so the
    /// screens' reads and writes never queue behind it), each request allowed `timeout` seconds,
    /// the passwords from `DATEBOOK_PASSWORD` or the accounts' commands.
    public static func engine(store: SQLiteStore, timeout: TimeInterval, environment: [String: String]) -> SyncRunner {
        SyncRunner(
            run: { account, password, progress in
                let engine = SyncEngine(store: store)
                engine.timeout = timeout
                let outcome = engine.sync(account, password: password, progress: progress)
                return Attempt(account: account.name, summary: outcome.report.summary, error: outcome.error)
            },
            findPassword: { account in try SyncPassword.find(for: account, environment: environment) })
    }

    /// The account's password as a sync would have it now: the one typed in this run, else the
    /// environment's or the command's; nil when none is at hand (nothing is asked). For others
    /// that read from the account's server, such as a subscription to a collection there.
    public func password(for account: SyncAccount) -> String? {
        if let typed = state.withLock({ $0.passwords[account.name] }) { return typed }
        return (try? findPassword(account)) ?? nil
    }

    /// True while a run is going.
    public var isRunning: Bool { state.withLock { $0.report.isRunning } }

    /// Starts syncing `accounts` one after the other; false when a run is going already.
    @discardableResult
    public func start(_ accounts: [SyncAccount]) -> Bool {
        let started = state.withLock { state -> Bool in
            guard !state.report.isRunning else { return false }
            state.report.isRunning = true
            state.report.progress = nil
            return true
        }
        guard started else { return false }
        Thread.detachNewThread { [self] in
            for account in accounts { syncOne(account) }
            state.withLock {
                $0.report.isRunning = false
                $0.report.progress = nil
            }
        }
        return true
    }

    private func syncOne(_ account: SyncAccount) {
        let known = state.withLock { $0.passwords[account.name] }
        let password: String
        if let known {
            password = known
        } else {
            do {
                guard let found = try findPassword(account) else {
                    state.withLock { $0.report.needsPassword = account.name }
                    return
                }
                password = found
            } catch {
                finish(Attempt(account: account.name, summary: "", error: SyncPasswordProblem.text("\(error)")))
                return
            }
        }
        let attempt = run(account, password) { [self] step in
            state.withLock { $0.report.progress = step }
        }
        // A password typed here that the server refused is asked again next time.
        if known != nil, attempt.error.map(SyncErrorWord.word) == SyncErrorWord.password {
            state.withLock { _ = $0.passwords.removeValue(forKey: account.name) }
        }
        finish(attempt)
    }

    private func finish(_ attempt: Attempt) {
        state.withLock {
            $0.report.finished.append(attempt)
            $0.report.progress = nil
        }
    }

    /// What happened since the last call; the finished accounts and the password asked for are
    /// handed over once.
    public func take() -> Report {
        state.withLock { state in
            let report = state.report
            state.report.finished = []
            state.report.needsPassword = nil
            return report
        }
    }

    /// Keeps a password typed by the person for the rest of the run (in memory only).
    public func remember(password: String, for account: String) {
        state.withLock { $0.passwords[account] = password }
    }

    /// True when a password was typed for the account.
    public func knowsPassword(for account: String) -> Bool {
        state.withLock { $0.passwords[account] != nil }
    }
}
