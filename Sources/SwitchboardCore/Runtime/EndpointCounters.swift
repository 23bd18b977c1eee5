import Synchronization

/// Per-endpoint counters that every request advances: its request number
/// (which addresses random draws) and its place in the `sequence`.
public final class EndpointCounters: Sendable {
    private let requests = Atomic<UInt64>(0)
    private let sequencePosition = Atomic<Int>(0)

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
}
