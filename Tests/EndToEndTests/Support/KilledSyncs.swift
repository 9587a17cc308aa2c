import Foundation
import Testing

/// `datebook sync` killed with SIGKILL at growing moments, for the tests that check a sync
/// killed anywhere leaves both sides consistent.
enum KilledSyncs {
    /// Runs `rounds` syncs, device `a` on even rounds and `b` on odd ones (`database` gives each
    /// one's file), killing each `0.1 + round × step` seconds after it started; after each, the
    /// file must pass SQLite's integrity check. Returns how many were killed before they ended.
    static func run(
        rounds: Int, step: Double, home: TemporaryDirectory, password: String, database: (String) throws -> String
    ) throws -> Int {
        let binary = try DatebookBinary.path
        var killed = 0
        for round in 0..<rounds {
            let device = round % 2 == 0 ? "a" : "b"
            let delay = String(format: "%.2f", 0.1 + Double(round) * step)
            let outcome = try Command.run(
                "/bin/bash",
                ["-c", """
                    "$DATEBOOK" sync --db "$DB" >/dev/null 2>&1 &
                    pid=$!
                    sleep \(delay)
                    kill -9 $pid 2>/dev/null
                    wait $pid
                    echo $?
                    """],
                environment: [
                    "TZ": "UTC", "PATH": "/usr/bin:/bin", "HOME": home.path, "DATEBOOK": binary,
                    "DB": try database(device), "DATEBOOK_PASSWORD": password,
                ],
                timeout: .seconds(120))
            if outcome.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "137" { killed += 1 }
            let check = try Command.run(
                "/usr/bin/sqlite3", [try database(device), "PRAGMA integrity_check"], timeout: .seconds(30))
            #expect(check.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "ok")
        }
        return killed
    }
}
