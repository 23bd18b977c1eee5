import Synchronization

/// Per-endpoint counters that every request advances: its request number
/// (which addresses random draws), its place in the `sequence` and the
/// requests its count rule has seen. Only requests that need a counter
/// touch it: an endpoint without a rule never writes `ruleRequests`.
public final class EndpointCounters: Sendable {
    private let requests = Atomic<UInt64>(0)
    private let sequencePosition = Atomic<Int>(0)
    private let ruleRequests = Atomic<Int>(0)

    public init() {}

    /// 0, 1, 2, … per request.
    func nextRequest() -> UInt64 {
        self.requests.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    func nextSequenceStep() -> Int {
        self.sequencePosition.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    /// The next `sequence` request starts from the first step again.
    func restartSequence() {
        self.sequencePosition.store(0, ordering: .relaxed)
    }

    /// 0, 1, 2, … per request a count rule decides, since it started.
    func nextRuleRequest() -> Int {
        self.ruleRequests.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    /// How many requests the count rule has decided since it started: its
    /// progress, for the screen.
    public var ruleRequestsSoFar: Int {
        self.ruleRequests.load(ordering: .relaxed)
    }

    /// The count rule starts counting again (it was set, reset or applied).
    func restartRule() {
        self.ruleRequests.store(0, ordering: .relaxed)
    }
}
