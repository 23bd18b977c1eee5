public import SwitchboardJSON

/// The drill running now, in `PanelStatus`: what `POST …/scenarios/{name}`
/// answers tells a plain scenario (no drill) from a drill it started.
public struct DrillStatus: Codable, Sendable, Equatable {
    public var name: String
    /// Steps applied so far; the current step is the last of them.
    public var applied: Int
    public var steps: Int
    /// When the last step is due, from the start.
    public var lengthMS: Int
    /// How long until the next step, when the answer was made; `nil` after
    /// the last: what `switchboard status` counts down, as the header does.
    public var nextInMS: Int?

    public init(name: String, applied: Int, steps: Int, lengthMS: Int, nextInMS: Int? = nil) {
        self.name = name
        self.applied = applied
        self.steps = steps
        self.lengthMS = lengthMS
        self.nextInMS = nextInMS
    }

    enum CodingKeys: String, CodingKey {
        case name, applied, steps
        case lengthMS = "length_ms"
        case nextInMS = "next_in_ms"
    }
}

extension DrillStatus: WireSchema {
    public static func schema(_ schemas: inout WireSchemas) -> JSONValue {
        WireSchemas.object(
            [
                "name": WireSchemas.string, "applied": WireSchemas.count, "steps": WireSchemas.count,
                "length_ms": WireSchemas.count, "next_in_ms": WireSchemas.count,
            ], required: ["name", "applied", "steps", "length_ms"])
    }
}
