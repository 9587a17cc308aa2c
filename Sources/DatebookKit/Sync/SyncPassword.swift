import Foundation

/// Where an account's password comes from: `DATEBOOK_PASSWORD`, else the first line the
/// account's password command prints (`pass show dav`), else nowhere (the caller asks the
/// person). It is never stored.
public enum SyncPassword {
    /// Why no password could be had.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The password from the environment or the account's command; nil when neither gives one.
    public static func find(for account: SyncAccount, environment: [String: String]) throws(Failure) -> String? {
        if let password = environment["DATEBOOK_PASSWORD"], !password.isEmpty { return password }
        guard let command = account.passwordCommand, !command.isEmpty else { return nil }
        return try run(command)
    }

    /// The first line `command` prints, run by `/bin/sh -c`.
    public static func run(_ command: String) throws(Failure) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Failure(description: "the password command could not be run: \(error.localizedDescription)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "the password command failed (exit \(process.terminationStatus))")
        }
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first
            .map(String.init) ?? ""
        guard !line.isEmpty else { throw Failure(description: "the password command printed nothing") }
        return line
    }
}
