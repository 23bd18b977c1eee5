/// Why the coin list could not be loaded, in the terms the app's screen
/// needs: wait and retry, the server's fault, or no network.
public enum CoinListError: Error, Equatable, Sendable {
    /// 429: too many requests; retry after this many seconds, if the server said.
    case rateLimited(retryAfter: Int?)
    /// Any other status that is not a list: the server's problem.
    case server(status: Int)
    /// A 200 whose body is not a coin list.
    case unreadable
    /// The request never got an answer: the connection failed, was lost or timed out.
    case network
}
