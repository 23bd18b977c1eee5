/// One change the control panel made, as a marker line in the log:
/// `12:01:05  login → server_error  (drill bad-day, step 2)`.
public struct PanelChange: Sendable, Hashable {
    /// Increases by one per change, from 1.
    public var sequence: Int
    /// Seconds since 1970, on the panel's clock.
    public var time: Double
    /// `login → server_error`, `all → back to the manifest`,
    /// `scenario outage: all → server_error`.
    public var summary: String
    public var origin: ChangeOrigin

    public init(sequence: Int, time: Double, summary: String, origin: ChangeOrigin) {
        self.sequence = sequence
        self.time = time
        self.summary = summary
        self.origin = origin
    }

    /// `login → server_error  (key)`: the marker without its time.
    public var text: String {
        "\(self.summary)  (\(self.origin.label))"
    }
}
