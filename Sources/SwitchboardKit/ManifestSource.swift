package import Foundation
package import SwitchboardCore

/// Where an instance's endpoints come from: every starter and trait names
/// one, and this is the one place each kind is read (on a thread of its
/// own, since reading a folder blocks). `package`, for the starters and
/// traits `SwitchboardOpenAPI` adds.
package enum ManifestSource: Sendable {
    /// A fixtures folder (the one holding `switchboard.yml`), whose
    /// `openapi:` key `descriptions` reads (none: it is refused).
    case folder(URL, descriptions: DescriptionFormats)
    /// A description served as it is, read by `descriptions`, checking
    /// requests when `validate`; `seed` picks the bodies generated from
    /// schemas.
    case description(URL, validate: Bool, seed: UInt64?, descriptions: DescriptionFormats)
    /// Endpoints and scenarios declared in code.
    case declared([Endpoint], scenarios: [Scenario])

    /// `path` as the traits and `startSwitchboard` take it: relative to
    /// the folder of the test file (`#filePath`) unless absolute.
    package static func file(_ path: String, besides filePath: String) -> URL {
        let url =
            path.hasPrefix("/")
            ? URL(fileURLWithPath: path)
            : URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent(path)
        return url.standardizedFileURL
    }

    package func manifest() async throws -> Manifest {
        switch self {
        case .folder(let url, let descriptions):
            let directory = url.path
            return try await onOwnThread { () throws(ManifestError) in
                try ManifestLoader.load(directory: directory, descriptions: descriptions)
            }
        case .description(let url, let validate, let seed, let descriptions):
            let path = url.path
            var manifest = try await onOwnThread { () throws(ManifestError) in
                try ManifestLoader.load(
                    directory: path, seed: seed ?? ManifestLoader.defaultSeed, descriptions: descriptions)
            }
            if validate { manifest.validatesRequests = true }
            return manifest
        case .declared(let endpoints, let scenarios):
            return try Endpoint.manifest(of: endpoints, scenarios: scenarios)
        }
    }
}
