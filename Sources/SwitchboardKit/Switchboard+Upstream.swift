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
        try await self.start(
            manifest: try await ManifestSource.folder(fixtures).manifest(), port: port, upstream: upstream,
            transport: transport)
    }
}
