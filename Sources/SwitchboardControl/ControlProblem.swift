/// Every refusal of the control API: a 4xx whose body says why in one
/// sentence and, where the mistake was a name, lists the right ones.
public struct ControlProblem: Codable, Sendable, Equatable, Error {
    public var error: String
    /// The names that would have worked (modes, profiles, ids, scenarios).
    public var valid: [String]?

    public init(_ error: String, valid: [String]? = nil) {
        self.error = error
        self.valid = valid
    }
}

/// `DELETE …/requests`: how many entries the journal dropped.
public struct JournalCleared: Codable, Sendable, Equatable {
    public var cleared: Int

    public init(cleared: Int) {
        self.cleared = cleared
    }
}
