import Foundation
import SwitchboardCore

/// Where an instance's endpoints come from: every starter and trait names
/// one, and this is the one place each kind is read (on a thread of its
/// own, since reading a folder blocks).
enum ManifestSource: Sendable {
    /// A fixtures folder (the one holding `switchboard.yml`).
    case folder(URL)
    /// An OpenAPI description served as it is, checking requests when
    /// `validate`; `seed` picks the bodies generated from schemas.
    case description(URL, validate: Bool, seed: UInt64?)
    /// Endpoints and scenarios declared in code.
    case declared([Endpoint], scenarios: [Scenario])

    /// `path` as the traits and `startSwitchboard` take it: relative to
    /// the folder of the test file (`#filePath`) unless absolute.
    static func file(_ path: String, besides filePath: String) -> URL {
        let url =
            path.hasPrefix("/")
            ? URL(fileURLWithPath: path)
            : URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent(path)
        return url.standardizedFileURL
    }

    func manifest() async throws -> Manifest {
        switch self {
        case .folder(let url):
            let directory = url.path
            return try await onOwnThread { () throws(ManifestError) in try ManifestLoader.load(directory: directory) }
        case .description(let url, let validate, let seed):
            let path = url.path
            var manifest = try await onOwnThread { () throws(ManifestError) in
                try ManifestLoader.load(directory: path, seed: seed ?? ManifestLoader.defaultSeed)
            }
            if validate { manifest.validatesRequests = true }
            return manifest
        case .declared(let endpoints, let scenarios):
            return try Endpoint.manifest(of: endpoints, scenarios: scenarios)
        }
    }
}
