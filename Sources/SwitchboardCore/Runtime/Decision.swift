/// How one matched request will be answered.
public struct Decision: Sendable, Hashable {
    public var endpointIndex: Int
    /// The endpoint's setting (`flaky:25`, `sequence`, `success`, …).
    public var setting: Mode
    /// What this request gets: never `flaky` or `sequence`.
    public var mode: Mode
    public var latency: String?
    /// Time to wait before the status line (or the fault).
    public var delay: Duration
    /// Bytes per second for the body, if the profile limits it.
    public var bandwidth: Int?
    /// This request's number on its endpoint, the address of its random draws.
    public var request: UInt64

    /// The response served, for modes that serve one; `truncated` cuts the
    /// success response short.
    public var response: ResponseKind? {
        switch self.mode {
        case .success, .truncated: .success
        case .error: .error
        case .serverError: .serverError
        default: nil
        }
    }
}
