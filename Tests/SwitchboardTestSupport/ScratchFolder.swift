public import Foundation

/// An empty folder of a test's own under the temporary directory, for the
/// files a run writes (`--log`, `--har`, stdout); `remove()`, in a `defer`,
/// takes it away with what it holds.
public struct ScratchFolder: Sendable {
    public let url: URL

    /// `prefix` names the folder (with a UUID after it), so a leftover says
    /// which test left it.
    public init(_ prefix: String) throws {
        self.url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: self.url, withIntermediateDirectories: true)
    }

    /// The path of `name` in the folder.
    public func path(_ name: String) -> String {
        self.url.appendingPathComponent(name).path
    }

    public func remove() {
        try? FileManager.default.removeItem(at: self.url)
    }
}
