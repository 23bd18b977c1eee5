/// Added latency that an endpoint applies to its responses, independently of
/// its mode.
public struct LatencyProfile: Sendable, Hashable {
    public var name: String
    /// Time before the response is written.
    public var delay: Duration

    public init(name: String, delay: Duration) {
        self.name = name
        self.delay = delay
    }

    /// The delay in words: `2s`, `500ms`.
    public var summary: String {
        DurationText.format(self.delay)
    }

    /// `slow 2s`, the way the screen names a profile.
    public var label: String {
        "\(self.name) \(self.summary)"
    }
}
