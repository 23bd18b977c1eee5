public import SwitchboardModel

extension EndpointSetting {
    /// The state the manifest starts an endpoint in.
    public init(startOf endpoint: EndpointDefinition) {
        self = endpoint.start
    }
}
