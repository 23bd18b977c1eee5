import Foundation
import SwitchboardModel

/// Added latency that an endpoint applies to its responses, independently of
/// its mode: a delay before the status line (fixed, a uniform range, or
/// lognormal) and, optionally, a bandwidth the body trickles at.
public struct LatencyProfile: Sendable, Hashable {
    public var name: String
    public var delay: DelayDistribution
    /// Bytes per second for the body; `nil` sends it at once.
    public var bandwidth: Int?
    /// One of the presets every manifest has (`3g`, `edge`, …).
    public var isBuiltIn: Bool
    /// The share of requests the network loses (`lossy-3g`, `offline`).
    public var faults: NetworkFaults

    public init(
        name: String, delay: DelayDistribution, bandwidth: Int? = nil, faults: NetworkFaults = NetworkFaults(),
        isBuiltIn: Bool = false
    ) {
        self.name = name
        self.delay = delay
        self.bandwidth = bandwidth
        self.faults = faults
        self.isBuiltIn = isBuiltIn
    }

    /// A fixed delay and nothing else.
    public init(name: String, delay: Duration) {
        self.init(name: name, delay: .fixed(delay))
    }

    /// The profile in words: `2s`, `100ms–1.5s`, `~120ms`, `300ms 16KB/s`.
    public var summary: String {
        var parts: [String] = []
        let delay = self.delay.summary
        if !delay.isEmpty { parts.append(delay) }
        if let bandwidth = self.bandwidth { parts.append(RateText.format(bandwidth)) }
        if !self.faults.isEmpty { parts.append(self.faults.summary) }
        return parts.joined(separator: " ")
    }

    /// How the screen names it: `slow 2s`, `3g` (presets by name alone).
    public var label: String {
        self.isBuiltIn || self.summary.isEmpty || self.summary == self.name ? self.name : "\(self.name) \(self.summary)"
    }

    /// OHHTTPStubs' download speeds, with a round trip typical of each
    /// network; then the networks people name when an app misbehaves
    /// (docs/faults.md's presets table says where each figure comes from).
    public static let builtIns: [LatencyProfile] = [
        LatencyProfile(name: "gprs", delay: .fixed(.milliseconds(500)), bandwidth: 7 * 1024, isBuiltIn: true),
        LatencyProfile(name: "edge", delay: .fixed(.milliseconds(300)), bandwidth: 16 * 1024, isBuiltIn: true),
        LatencyProfile(name: "3g", delay: .fixed(.milliseconds(150)), bandwidth: 400 * 1024, isBuiltIn: true),
        LatencyProfile(name: "3g+", delay: .fixed(.milliseconds(80)), bandwidth: 900 * 1024, isBuiltIn: true),
        LatencyProfile(name: "wifi", delay: .fixed(.milliseconds(20)), bandwidth: 1500 * 1024, isBuiltIn: true),
        LatencyProfile(name: "offline", delay: .none, faults: NetworkFaults(reset: 100), isBuiltIn: true),
        LatencyProfile(
            name: "lossy-3g", delay: .fixed(.milliseconds(150)), bandwidth: 400 * 1024,
            faults: NetworkFaults(reset: 5, hang: 2), isBuiltIn: true),
        LatencyProfile(
            name: "satellite", delay: .uniform(.milliseconds(550), .milliseconds(650)), bandwidth: 2 * 1024 * 1024,
            isBuiltIn: true),
        LatencyProfile(
            name: "very-bad-network", delay: .uniform(.milliseconds(250), .milliseconds(750)), bandwidth: 128 * 1024,
            faults: NetworkFaults(hang: 2), isBuiltIn: true),
    ]
}

/// How long to wait before the status line.
public enum DelayDistribution: Sendable, Hashable {
    case none
    case fixed(Duration)
    /// Every value between the bounds equally likely.
    case uniform(Duration, Duration)
    /// Most requests near `median`, a long tail to the right, never above
    /// `max`.
    case lognormal(median: Duration, sigma: Double, max: Duration?)

    /// A delay for one request, from two numbers in [0, 1).
    public func draw(_ u1: Double, _ u2: Double) -> Duration {
        switch self {
        case .none:
            return .zero
        case .fixed(let delay):
            return delay
        case .uniform(let low, let high):
            let span = Double(high.nanoseconds - low.nanoseconds)
            return .nanoseconds(low.nanoseconds + Int64((span * u1).rounded(.down)))
        case .lognormal(let median, let sigma, let max):
            // Box–Muller: a standard normal from two uniforms.
            let z = (-2 * log(1 - u1)).squareRoot() * cos(2 * Double.pi * u2)
            var nanos = Double(median.nanoseconds) * exp(sigma * z)
            if let max { nanos = Swift.min(nanos, Double(max.nanoseconds)) }
            return .nanoseconds(Int64(Swift.max(0, Swift.min(nanos, 86_400e9))))
        }
    }

    public var summary: String {
        switch self {
        case .none: ""
        case .fixed(let delay): DurationText.format(delay)
        case .uniform(let low, let high): DurationText.format(low) + "–" + DurationText.format(high)
        case .lognormal(let median, _, _): "~" + DurationText.format(median)
        }
    }
}
