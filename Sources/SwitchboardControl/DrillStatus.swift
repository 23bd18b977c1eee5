/// The drill running now, in `PanelStatus`: what `POST …/scenarios/{name}`
/// answers tells a plain scenario (no drill) from a drill it started.
public struct DrillStatus: Codable, Sendable, Equatable {
    public var name: String
    /// Steps applied so far; the current step is the last of them.
    public var applied: Int
    public var steps: Int
    /// When the last step is due, from the start.
    public var lengthMS: Int

    public init(name: String, applied: Int, steps: Int, lengthMS: Int) {
        self.name = name
        self.applied = applied
        self.steps = steps
        self.lengthMS = lengthMS
    }

    enum CodingKeys: String, CodingKey {
        case name, applied, steps
        case lengthMS = "length_ms"
    }
}
