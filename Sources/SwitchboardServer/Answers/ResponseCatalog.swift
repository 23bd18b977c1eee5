import NIOCore
import SwitchboardCore

/// Every response of one manifest, turned into ready-to-write buffers and
/// headers once, so answering a request copies nothing: one compiled value
/// per endpoint (`CompiledEndpoint`), by the manifest's endpoint index.
final class ResponseCatalog: Sendable {
    let generation: Int
    let endpoints: [CompiledEndpoint]

    /// `noStore` makes every answer uncacheable, whatever the manifest says.
    convenience init(snapshot: PanelSnapshot, noStore: Bool = false) {
        self.init(
            generation: snapshot.generation,
            endpoints: Self.compile(
                snapshot.manifest.endpoints[...], neverCached: noStore || snapshot.manifest.cache == .noStore))
    }

    private init(generation: Int, endpoints: [CompiledEndpoint]) {
        self.generation = generation
        self.endpoints = endpoints
    }

    /// This catalog with the endpoints `snapshot` has past its own (rows
    /// seen live), compiled alone: learning a row does not recompile the
    /// manifest's bodies.
    func extended(to snapshot: PanelSnapshot, noStore: Bool = false) -> ResponseCatalog {
        let added = Self.compile(
            snapshot.manifest.endpoints[self.endpoints.count...],
            neverCached: noStore || snapshot.manifest.cache == .noStore)
        return ResponseCatalog(generation: self.generation, endpoints: self.endpoints + added)
    }

    private static func compile(_ endpoints: ArraySlice<EndpointDefinition>, neverCached: Bool) -> [CompiledEndpoint] {
        let allocator = ByteBufferAllocator()
        return endpoints.map { CompiledEndpoint($0, neverCached: neverCached, allocator: allocator) }
    }
}
