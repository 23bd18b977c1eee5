package import Foundation
import SwitchboardCore
package import SwitchboardServer

extension Switchboard {
    /// A server in front of a real API, for the `SwitchboardLive` product,
    /// which brings the HTTP client (`transport`) that this library leaves
    /// out.
    package static func start(
        fixtures: URL, port: Int, upstream: UpstreamSettings, transport: @escaping UpstreamTransportMaker
    ) async throws -> Switchboard {
        let directory = fixtures.path
        let manifest = try await onOwnThread { () throws(ManifestError) in
            try ManifestLoader.load(directory: directory)
        }
        return try await self.start(manifest: manifest, port: port, upstream: upstream, transport: transport)
    }
}
