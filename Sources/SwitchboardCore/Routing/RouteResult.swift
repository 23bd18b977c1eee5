/// The outcome of routing one request.
public enum RouteResult: Sendable {
    /// `index` into the manifest's endpoints; `parameters` holds path
    /// parameters and the values of required query parameters.
    case matched(index: Int, parameters: [String: String])
    case unmatched(Unmatched)
}

/// Why no endpoint answered, and which one the request probably meant.
public struct Unmatched: Sendable, Hashable {
    /// The id of the nearest endpoint, if any endpoint exists.
    public var closestID: String?
    /// `GET /data/all/coinlist`.
    public var closest: String?
    /// One sentence: what differs from the closest endpoint.
    public var reason: String

    public init(closestID: String?, closest: String?, reason: String) {
        self.closestID = closestID
        self.closest = closest
        self.reason = reason
    }
}
