/// The things a person flips on an endpoint at runtime.
public struct EndpointSetting: Sendable, Hashable {
    public var mode: Mode
    /// A latency profile name; `nil` is no added latency.
    public var latency: String?
    /// Requests beyond it are answered 429; `nil` is no limit.
    public var rateLimit: RateLimit?

    public init(mode: Mode, latency: String?, rateLimit: RateLimit? = nil) {
        self.mode = mode
        self.latency = latency
        self.rateLimit = rateLimit
    }

    /// The state the manifest starts an endpoint in.
    public init(startOf endpoint: EndpointDefinition) {
        self.init(mode: endpoint.startMode, latency: endpoint.startLatency, rateLimit: endpoint.startRateLimit)
    }
}
