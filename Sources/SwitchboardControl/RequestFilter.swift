public import Foundation

/// Which journal entries `GET …/requests` lists (`SwitchboardControlling.requests(_:)`).
public struct RequestFilter: Sendable, Equatable {
    /// Only those this endpoint answered.
    public var endpoint: String?
    /// Only those no endpoint answered (`true`), or only those one did.
    public var unmatched: Bool?
    /// The newest this many.
    public var limit: Int?
    /// Only those with a sequence number above this.
    public var after: Int?
    /// With headers and bodies.
    public var details: Bool
    /// Credentials read `REDACTED` (as in HAR files) unless this is `false`.
    public var redact: Bool
    /// Hold the call until an entry passes the filters, for at most this
    /// long (the server caps it at 60 s): a long poll.
    public var wait: Duration?

    public init(
        endpoint: String? = nil, unmatched: Bool? = nil, limit: Int? = nil, after: Int? = nil, details: Bool = true,
        redact: Bool = true, wait: Duration? = nil
    ) {
        self.endpoint = endpoint
        self.unmatched = unmatched
        self.limit = limit
        self.after = after
        self.details = details
        self.redact = redact
        self.wait = wait
    }

    /// The query, in the names the route table declares.
    public var query: [URLQueryItem] {
        var items: [URLQueryItem] = []
        if self.details { items.append(URLQueryItem(name: "details", value: "true")) }
        if let endpoint = self.endpoint { items.append(URLQueryItem(name: "endpoint", value: endpoint)) }
        if let unmatched = self.unmatched { items.append(URLQueryItem(name: "unmatched", value: String(unmatched))) }
        if let limit = self.limit { items.append(URLQueryItem(name: "limit", value: String(limit))) }
        if let after = self.after { items.append(URLQueryItem(name: "after", value: String(after))) }
        if !self.redact { items.append(URLQueryItem(name: "redact", value: "false")) }
        if let wait = self.wait { items.append(URLQueryItem(name: "wait", value: Self.seconds(wait))) }
        return items
    }

    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.3f", max(0, Double(seconds) + Double(attoseconds) / 1e18))
    }
}
