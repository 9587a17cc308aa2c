import Foundation

/// Steps many journeys take.
extension TmuxSession {
    /// Opens the Calendar tab and goes to `date` with `:` (Enter sent).
    func goToDate(_ date: String) async throws {
        try send(keys: "3", ":")
        try await waitFor("Go to date:")
        try type(date)
        try send(keys: "Enter")
    }
}

/// The status (`active`, `completed`) of each occurrence `datebook agenda --json` prints for
/// `days` days from `from`, in UTC.
func agendaStatuses(db: String, from: String, days: Int) throws -> [String] {
    let agenda = try Command.run(
        try DatebookBinary.path, ["agenda", "--from", from, "--days", String(days), "--json", "--db", db],
        environment: ["TZ": "UTC"])
    let array = try JSONSerialization.jsonObject(with: Data(agenda.standardOutput.utf8)) as? [[String: Any]]
    return (array ?? []).map { ($0["status"] as? String) ?? "?" }
}
