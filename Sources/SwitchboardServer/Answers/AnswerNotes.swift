import SwitchboardCore
import SwitchboardModel

/// Why an answer is what it is, in one value: the endpoint it is for, the
/// decision it was made from (the mode, the count rule's step, what a
/// `Prefer` header forced), or what answered instead of one (no endpoint
/// matched, the request broke its description, the rate limit refused it,
/// a fixture file is missing), and how the upstream did. The journal's
/// outcome is read from it (`JournalEntry.Outcome(_:answered:)`), and so
/// is anything that judges an exchange afterwards; the decision's toxics
/// and fault are read from it for the wire too.
struct AnswerNotes: Sendable {
    var endpointID: String?
    var decision: Decision?
    var unmatched: Unmatched?
    /// The `file:` fixture that does not exist, for the log line.
    var missingFixture: String?
    /// Refused by the endpoint's rate limit.
    var rateLimited: RateLimited?
    /// How the request breaks its operation's OpenAPI description.
    var invalid: [ContractViolation] = []
    /// For a live request: how the upstream did.
    var upstream: UpstreamOutcome?
}
