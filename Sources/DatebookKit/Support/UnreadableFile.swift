import Foundation

/// Why a file a person named could not be read, in their words rather than Foundation's
/// (`NSCocoaErrorDomain Code=256`).
public enum UnreadableFile {
    /// The reason reading `path` failed with `error`: no such file, a folder, not a plain file,
    /// no permission, or what the system said.
    public static func reason(_ path: String, _ error: any Error) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return "there is no such file" }
        if isFolder.boolValue { return "it is a folder, not a file" }
        let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
        if type != .typeRegular { return "it is not a plain file (a device or a pipe); copy it to one first" }
        if access(path, R_OK) != 0 { return "permission denied" }
        return (error as NSError).localizedDescription
    }
}
