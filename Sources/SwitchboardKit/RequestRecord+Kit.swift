public import SwitchboardControl
public import SwitchboardCore

/// What SwitchboardKit's request type had, on the one type both libraries
/// now return.
extension RequestRecord {
    /// The request's headers in the order sent (`header(_:)` finds one).
    public var headers: [HeaderField] {
        self.headerPairs.map { HeaderField(name: $0.name, value: $0.value) }
    }

    /// For a request no endpoint matched: the nearest endpoint and what
    /// differs, in one sentence.
    public var unmatchedReason: String? { self.hint }

    /// For a request refused before routing (malformed, too large, too
    /// slow): why.
    public var rejection: String? { self.rejected }
}
