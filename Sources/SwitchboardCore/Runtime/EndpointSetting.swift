/// The two things a person flips on an endpoint at runtime.
public struct EndpointSetting: Sendable, Hashable {
    public var mode: Mode
    /// A latency profile name; `nil` is no added latency.
    public var latency: String?

    public init(mode: Mode, latency: String?) {
        self.mode = mode
        self.latency = latency
    }

    /// The state the manifest starts an endpoint in.
    public init(startOf endpoint: EndpointDefinition) {
        self.init(mode: endpoint.startMode, latency: endpoint.startLatency)
    }
}
