public import SwitchboardModel

extension JournalEntry {
    /// What answered a request: everything its entry says but the request's
    /// own (time, method, target, status, timings and details). An answer a
    /// connection remembers gives every request the same outcome, so the
    /// server makes it once and each entry holds it by one reference: an
    /// entry is then a retain, not fourteen fields filled and later
    /// destroyed one by one, and the `serve` line can keep this part's JSON
    /// for the next line with the same outcome (`JournalLineCache`).
    ///
    /// A value in a shared box (`CopyOnWrite`): changing a field of a copy
    /// copies the box, so an outcome held by an entry (or a cache) never
    /// changes under it; `isIdentical(to:)` is then a safe, exact test that
    /// two outcomes are the same.
    public struct Outcome: Sendable {
        private var box: CopyOnWrite<Fields>

        public init(
            endpointID: String?, mode: Mode?, setting: Mode? = nil, latency: String?, injectedDelay: Duration = .zero,
            unmatched: Unmatched? = nil
        ) {
            self.box = CopyOnWrite(
                Fields(
                    endpointID: endpointID, mode: mode, setting: setting == mode ? nil : setting, latency: latency,
                    injectedDelay: injectedDelay, unmatched: unmatched))
        }

        /// The same box, hence the same fields: a box shared by two values
        /// is never changed in place (see `CopyOnWrite`).
        public func isIdentical(to other: Outcome) -> Bool {
            self.box.isIdentical(to: other.box)
        }

        public var endpointID: String? {
            get { self.box.fields.endpointID }
            set { self.box.fields.endpointID = newValue }
        }
        public var mode: Mode? {
            get { self.box.fields.mode }
            set { self.box.fields.mode = newValue }
        }
        public var setting: Mode? {
            get { self.box.fields.setting }
            set { self.box.fields.setting = newValue }
        }
        public var forced: Decision.Forced {
            get { self.box.fields.forced }
            set { self.box.fields.forced = newValue }
        }
        public var networkFault: Bool {
            get { self.box.fields.networkFault }
            set { self.box.fields.networkFault = newValue }
        }
        public var missingFixture: String? {
            get { self.box.fields.missingFixture }
            set { self.box.fields.missingFixture = newValue }
        }
        public var latency: String? {
            get { self.box.fields.latency }
            set { self.box.fields.latency = newValue }
        }
        public var injectedDelay: Duration {
            get { self.box.fields.injectedDelay }
            set { self.box.fields.injectedDelay = newValue }
        }
        public var unmatched: Unmatched? {
            get { self.box.fields.unmatched }
            set { self.box.fields.unmatched = newValue }
        }
        public var rejection: String? {
            get { self.box.fields.rejection }
            set { self.box.fields.rejection = newValue }
        }
        public var invalid: [ContractViolation] {
            get { self.box.fields.invalid }
            set { self.box.fields.invalid = newValue }
        }
        /// How a `live` answer from the real API breaks the OpenAPI
        /// description its endpoint comes from.
        public var drift: [ContractViolation] { self.upstream?.drift ?? [] }
        public var upstream: UpstreamOutcome? {
            get { self.box.fields.upstream }
            set { self.box.fields.upstream = newValue }
        }
        public var rateLimited: RateLimited? {
            get { self.box.fields.rateLimited }
            set { self.box.fields.rateLimited = newValue }
        }
        public var toxics: Toxics {
            get { self.box.fields.toxics }
            set { self.box.fields.toxics = newValue }
        }
        public var cutShort: Bool {
            get { self.box.fields.cutShort }
            set { self.box.fields.cutShort = newValue }
        }

        struct Fields: Sendable {
            var endpointID: String?
            var mode: Mode?
            var setting: Mode?
            var forced = Decision.Forced()
            var networkFault = false
            var missingFixture: String?
            var latency: String?
            var injectedDelay: Duration
            var unmatched: Unmatched?
            var rejection: String?
            var invalid: [ContractViolation] = []
            var upstream: UpstreamOutcome?
            var rateLimited: RateLimited?
            var toxics = Toxics.none
            var cutShort = false
        }

        /// What one outcome's box costs, counted in every entry that holds it.
        static let boxBytes = (16 + MemoryLayout<Fields>.stride + 15) & ~15
    }
}
