import Foundation

/// A fresh directory under the system's temporary folder, deleted with everything in it
/// when the last reference goes.
final class TemporaryDirectory {
    let url: URL

    init(prefix: String = "datebook-test") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    var path: String { url.path }

    /// The path of `name` inside the directory (nothing is created).
    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }
}
