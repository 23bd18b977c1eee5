/// A fixtures folder, loaded and checked: everything the server needs to
/// answer, with bodies already in memory.
public struct Manifest: Sendable {
    /// The folder the manifest was read from.
    public var directory: String
    /// The manifest file as it should be named in messages.
    public var file: String
    /// `server.port`, when the manifest sets one.
    public var port: Int?
    /// `server.cache`: which answers may keep their caching headers.
    public var cache = CachePolicy.success
    public var endpoints: [EndpointDefinition]
    public var latencyProfiles: [LatencyProfile]
    public var scenarios: [Scenario]
    /// `resources:`, whose endpoints are among `endpoints`.
    public var resources: [ResourceDefinition] = []
    /// `upstream:`: the real API that `live` requests go to.
    public var upstream: UpstreamURL?
    /// `unmatched:` as written; `nil` leaves it to whether there is an
    /// upstream (see `unmatchedPolicy(upstream:)`).
    public var unmatched: UnmatchedPolicy?
    /// The path of an OpenAPI description's server URL (`/v1`): a request
    /// under it is answered as one without it (docs/openapi.md); empty when
    /// there is none.
    public var basePath = ""
    /// `validate: true` (or `--validate`): requests to endpoints made from
    /// an OpenAPI description are checked against their operation, and
    /// one that breaks it is answered 401, 415 or 422 (docs/openapi.md).
    public var validatesRequests = false
    /// What is served but said: a description's mends (docs/openapi.md),
    /// endpoints no request can reach. `check` prints them, `serve` and
    /// the screen show them; none stops the folder being served.
    public var warnings: [Diagnostic] = []
    /// The body files and per-request patterns it was built from.
    public var reads = FixtureReads()
    /// When reading the folder began (seconds since 1970): a file changed
    /// after this may not be in the manifest.
    public var loadedAt: Double = 0
    /// Set when an OpenAPI description is served directly
    /// (`switchboard api.yaml`): there is no manifest file to record into.
    public var isDescriptionOnly = false
    /// What bodies generated from an OpenAPI description's schemas were
    /// made with (`--seed`): a reload of the same folder (after a
    /// recording, say) must make them again with it.
    public var seed = ManifestLoader.defaultSeed
    /// What read its `openapi:` description, if anything did: a reload of
    /// the same folder (after a recording, say) reads it with the same.
    public var descriptions = DescriptionFormats.none

    public init(
        directory: String,
        file: String,
        port: Int? = nil,
        endpoints: [EndpointDefinition],
        latencyProfiles: [LatencyProfile] = [],
        scenarios: [Scenario] = []
    ) {
        self.directory = directory
        self.file = file
        self.port = port
        self.endpoints = endpoints
        self.latencyProfiles = latencyProfiles
        self.scenarios = scenarios
    }

    /// A declared profile, or a built-in preset of that name.
    public func profile(named name: String) -> LatencyProfile? {
        self.latencyProfiles.first { $0.name == name } ?? LatencyProfile.builtIns.first { $0.name == name }
    }

    /// The profiles `l` cycles through: the manifest's, then the presets it
    /// does not override.
    public var availableProfiles: [LatencyProfile] {
        let declared = Set(self.latencyProfiles.map(\.name))
        return self.latencyProfiles + LatencyProfile.builtIns.filter { !declared.contains($0.name) }
    }

    /// What a latency may be set to, for messages that list the choices.
    public var latencyNames: [String] {
        ["none"] + self.availableProfiles.map(\.name)
    }

    /// What an unmatched request gets when `upstream` is the upstream in
    /// force (`--upstream` wins over the manifest's): live when there is
    /// one, unless the manifest says 404.
    public func unmatchedPolicy(upstream: UpstreamURL?) -> UnmatchedPolicy {
        guard upstream != nil else { return .notFound }
        return self.unmatched ?? .live
    }

    public func endpointIndex(id: String) -> Int? {
        self.endpoints.firstIndex { $0.id == id }
    }
}
