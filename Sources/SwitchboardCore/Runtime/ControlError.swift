public import SwitchboardControl

/// A control request that names something that does not exist.
public enum ControlError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownEndpoint(String, known: [String])
    case unknownProfile(String, known: [String])
    case unknownScenario(String, known: [String])
    case noSequence(String)
    /// SwitchboardKit applies scenarios at once; a drill's steps need a
    /// timeline, which a test drives itself.
    case drillFromCode(String)

    public var description: String {
        switch self {
        case .unknownEndpoint(let id, let known):
            EndpointLookup.unknownID(id, ids: known).description
        case .unknownProfile(let name, let known):
            "no latency profile '\(name)'" + Self.suggest(name, known, "profiles")
        case .unknownScenario(let name, let known):
            "no scenario '\(name)'" + Self.suggest(name, known, "scenarios")
        case .noSequence(let id):
            "endpoint '\(id)' declares no 'sequence:' in the manifest"
        case .drillFromCode(let name):
            "scenario '\(name)' is a drill (timed steps), which SwitchboardKit does not run — "
                + "set each step's modes with set(_:_:) when the test wants them"
        }
    }

    /// How the control API refuses it: the status, the code and the names
    /// that would have worked (the sentence is `description`).
    /// SwitchboardKit throws the same.
    public var refusal: (status: Int, code: ProblemCode, valid: [String]?) {
        switch self {
        case .unknownEndpoint(_, let known): (404, .unknownEndpoint, known)
        case .unknownScenario(_, let known): (404, .unknownScenario, known)
        case .unknownProfile(_, let known): (400, .unknownProfile, known)
        case .noSequence: (400, .noSequence, nil)
        case .drillFromCode: (400, .drillFromCode, nil)
        }
    }

    private static func suggest(_ word: String, _ known: [String], _ noun: String) -> String {
        if let suggestion = EditDistance.suggestion(for: word, among: known) {
            return " — did you mean '\(suggestion)'?"
        }
        return known.isEmpty ? " (there are no \(noun))" : " (\(noun): \(known.joined(separator: ", ")))"
    }
}
