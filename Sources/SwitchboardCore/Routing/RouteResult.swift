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
    /// A few words for a log line when the path was right but something
    /// else was not (`needs ?lat&lon`, `answers GET only`); `nil` when
    /// no endpoint has the path.
    public var short: String?

    public init(closestID: String?, closest: String?, reason: String, short: String? = nil) {
        self.closestID = closestID
        self.closest = closest
        self.reason = reason
        self.short = short
    }
}
