public import SwitchboardModel

/// What the upstream did for a live request: answered in this long, or
/// failed, in words a person reads on the log line.
public struct UpstreamOutcome: Sendable, Hashable {
    /// From sending the request to the upstream to its response head (or
    /// the failure).
    public var time: Duration
    /// `connection refused`, `name not found`, `timed out`…; `nil` when
    /// the upstream answered.
    public var failure: String?
    /// How its answer breaks the OpenAPI description the endpoint comes
    /// from (`ResponseCheck`): the real API drifting from what was agreed.
    public var drift: [ContractViolation] = []

    public init(time: Duration, failure: String? = nil, drift: [ContractViolation] = []) {
        self.time = time
        self.failure = failure
        self.drift = drift
    }

    /// `live 12.3 ms` or `live ✗ connection refused`.
    public var summary: String {
        if let failure { return "live ✗ \(failure)" }
        return "live \(DurationText.format(self.time))"
    }
}
