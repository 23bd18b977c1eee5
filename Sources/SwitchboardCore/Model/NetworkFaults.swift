public import SwitchboardModel

/// The requests a latency profile's network loses: a share reset and a
/// share never answered, drawn per request from the seeded random source.
/// They stand in for what an unreliable network does to a request the
/// server would have answered (a dropped connection, a reply that never
/// arrives), so they apply only to answers and to `live`, never on top of a
/// fault the endpoint is already set to.
public struct NetworkFaults: Sendable, Hashable {
    /// Percent of requests whose connection is reset, 0…100.
    public var reset: Double
    /// Percent of requests never answered, 0…100 (with `reset`, at most 100).
    public var hang: Double

    public init(reset: Double = 0, hang: Double = 0) {
        self.reset = reset
        self.hang = hang
    }

    public var isEmpty: Bool { self.reset == 0 && self.hang == 0 }

    /// The fault for a request that drew `unit` in [0, 1), if any: resets
    /// take the bottom of the range, hangs the share above them.
    public func fault(for unit: Double) -> Fault? {
        let percent = unit * 100
        if percent < self.reset { return .reset }
        if percent < self.reset + self.hang { return .hang }
        return nil
    }

    /// `reset 5% hang 2%`.
    public var summary: String {
        var parts: [String] = []
        if self.reset > 0 { parts.append("\(Fault.reset.name) \(Self.format(self.reset))%") }
        if self.hang > 0 { parts.append("\(Fault.hang.name) \(Self.format(self.hang))%") }
        return parts.joined(separator: " ")
    }

    private static func format(_ percent: Double) -> String {
        percent == percent.rounded() ? String(Int(percent)) : String(percent)
    }
}

extension Mode {
    /// Whether the mode sends an answer a lossy network could lose:
    /// a response or `live`, not a fault already.
    var answers: Bool {
        switch self {
        case .success, .error, .serverError, .live: true
        case .fault, .flaky, .sequence, .rule: false
        }
    }
}
