import Foundation

/// A fixtures folder in a fresh temporary directory, removed on deinit.
public final class TemporaryFixtures: Sendable {
    public let url: URL

    /// Writes `manifest` as switchboard.yml and each of `files` beside it.
    public init(manifest: String, files: [String: [UInt8]] = [:]) throws {
        self.url = FileManager.default.temporaryDirectory
            .appendingPathComponent("switchboard-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: self.url, withIntermediateDirectories: true)
        try self.write("switchboard.yml", Array(manifest.utf8))
        for (name, bytes) in files { try self.write(name, bytes) }
    }

    public convenience init(manifest: String, textFiles: [String: String]) throws {
        try self.init(manifest: manifest, files: textFiles.mapValues { Array($0.utf8) })
    }

    public func write(_ name: String, _ bytes: [UInt8]) throws {
        let file = self.url.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
    }

    public var path: String { self.url.path }

    deinit {
        try? FileManager.default.removeItem(at: self.url)
    }
}
