public import SwitchboardModel

/// How one matched request will be answered.
public struct Decision: Sendable, Hashable {
    public var endpointIndex: Int
    /// The endpoint's own setting (`flaky:25`, `sequence`, `fail_first:2`,
    /// …), whatever the request's `Prefer` header asked.
    public var setting: Mode
    /// What this request gets: never `flaky`, `sequence` or a count rule.
    public var mode: Mode
    /// What chose `mode`: the setting (or the request's `Prefer`), or the
    /// latency profile's faults, which lost the answer the setting chose.
    /// The log must blame the right one: a `lossy-3g` reset on a
    /// `fail_first:5` endpoint is the network's, not the rule's.
    public var chosenBy = Chooser.setting
    public var latency: String?
    /// Time to wait before the status line (or the fault).
    public var delay: Duration
    /// Bytes per second for the body, if the profile limits it.
    public var bandwidth: Int?
    /// This request's number on its endpoint, the address of its random draws.
    public var request: UInt64
    /// Whether the answer may keep the manifest's caching headers: only
    /// when the endpoint is set to `success` and the request did not ask
    /// for a mode of its own. Any other answer — an error, a fault, any
    /// answer of a flaky or sequence endpoint (successes too), a `Prefer`
    /// override — must never be served from a cache after a flip.
    public var mayBeCached: Bool
    /// How the answer's bytes leave: the endpoint's toxics, or the request's
    /// own (`Prefer: toxics=slicer`).
    public var toxics = Toxics.none
    /// What the request's `Prefer` header chose in place of the endpoint's
    /// setting: the log, the journal and HAR say so rather than pass it
    /// off as the endpoint's.
    public var forced = Forced()
    /// Every request to this endpoint gets this same decision until the
    /// snapshot changes: it took no request number (no random draw), no
    /// `sequence` step and no count-rule request, and no `Prefer` header
    /// chose any part of it. What may be remembered per snapshot
    /// (`AnswerMemo`) is what this says, worked out where the decision is.
    public var repeats = false

    /// The parts of an answer a `Prefer` header chose.
    public struct Forced: Sendable, Hashable {
        /// The mode asked for (`server_error`, `flaky:50`), which chose `mode`.
        public var mode: Mode?
        /// The documented answer asked for (Prism's `code=404`,
        /// `example=tom`, `dynamic=true`), as `SpecPreference` words it.
        public var answer: String?
        public var latency = false
        public var toxics = false

        public init(mode: Mode? = nil, answer: String? = nil, latency: Bool = false, toxics: Bool = false) {
            self.mode = mode
            self.answer = answer
            self.latency = latency
            self.toxics = toxics
        }

        public var isEmpty: Bool { self.mode == nil && self.answer == nil && !self.latency && !self.toxics }
    }

    public enum Chooser: Sendable, Hashable {
        /// The endpoint's setting, or the request's `Prefer`.
        case setting
        /// The latency profile's faults (`reset 5% hang 2%`).
        case network
    }

    /// The response served, for modes that serve one; a fault that sends a
    /// status line (`truncated`) cuts the success response short.
    public var response: ResponseKind? {
        switch self.mode {
        case .success: .success
        case .error: .error
        case .serverError: .serverError
        case .fault(let fault): fault.sendsStatusLine ? .success : nil
        case .live, .flaky, .sequence, .rule: nil
        }
    }
}
