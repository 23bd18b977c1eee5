import Atomics

/// Per-endpoint counters that every request advances: its request number
/// (which addresses random draws), its place in the `sequence` and the
/// requests its count rule has seen. Only requests that need a counter
/// touch it: an endpoint without a rule never writes `ruleRequests`.
public final class EndpointCounters: Sendable {
    private let requests = ManagedAtomic<UInt64>(0)
    private let sequencePosition = ManagedAtomic<Int>(0)
    private let ruleRequests = ManagedAtomic<Int>(0)

    public init() {}

    /// 0, 1, 2, … per request.
    func nextRequest() -> UInt64 {
        self.requests.loadThenWrappingIncrement(by: 1, ordering: .relaxed)
    }

    func nextSequenceStep() -> Int {
        self.sequencePosition.loadThenWrappingIncrement(by: 1, ordering: .relaxed)
    }

    /// The next `sequence` request starts from the first step again.
    func restartSequence() {
        self.sequencePosition.store(0, ordering: .relaxed)
    }

    /// 0, 1, 2, … per request a count rule decides, since it started.
    func nextRuleRequest() -> Int {
        self.ruleRequests.loadThenWrappingIncrement(by: 1, ordering: .relaxed)
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
