public import SwitchboardModel

/// Everything a request needs to be answered, frozen at one moment: the
/// manifest, its routing table and every endpoint's current setting.
///
/// Requests read a snapshot and never see a half-made change; a change makes
/// a new snapshot and swaps it in.
public final class PanelSnapshot: Sendable {
    /// The manifest's endpoints followed by the endpoints seen live: what
    /// the screen lists and the control API names. Its endpoints are the
    /// rows' definitions.
    public let manifest: Manifest
    /// The manifest as loaded, without the endpoints seen live.
    public let declared: Manifest
    /// The rows learned from requests that went live (see `SeenLive`).
    public let seenLive: SeenLive
    /// Routes to the manifest's endpoints only.
    public let table: EndpointTable
    /// One per endpoint, in the order of `manifest.endpoints`: its
    /// definition, setting, counters, profile and limiter together. An
    /// index into them is an endpoint's place (what routing answers, the
    /// screen's selection); everything about that endpoint is in its row.
    public let rows: [PanelRow]
    /// Bumps whenever a manifest is loaded (bodies and routes may differ).
    public let generation: Int
    /// Bumps on every change, settings included.
    public let version: Int
    /// The scenario last applied and what it made of the settings, until
    /// every endpoint is reset.
    public let scenario: ScenarioTrace?
    public let random: any RandomSource
    /// What is wrong with the fixtures on disk, when the last reload failed
    /// (the snapshot still serves the last good manifest).
    public let reloadProblems: [Diagnostic]
    /// The drill running, until its last step, a reset of all, another
    /// scenario or a reload that removes it.
    public let drill: DrillRun?

    /// `rows`: the declared endpoints' followed by those `seenLive`. Each
    /// row's profile and limiter are worked out here (`PanelRow.settled`);
    /// `renewingLimits`: the places whose buckets start full again even if
    /// their limit stays (a reset).
    init(
        declared: Manifest, rows: [PanelRow], table: EndpointTable, seenLive: SeenLive? = nil, generation: Int,
        version: Int, scenario: ScenarioTrace?, random: any RandomSource, reloadProblems: [Diagnostic] = [],
        drill: DrillRun? = nil, renewingLimits renewed: Set<Int> = []
    ) {
        let seenLive = seenLive ?? SeenLive(endpoints: [], offset: declared.endpoints.count)
        assert(rows.count == declared.endpoints.count + seenLive.endpoints.count, "a row per endpoint")
        var manifest = declared
        manifest.endpoints = rows.map(\.definition)
        self.manifest = manifest
        self.declared = declared
        self.seenLive = seenLive
        self.table = table
        self.rows = rows.indices.map { rows[$0].settled(in: manifest, renewed: renewed.contains($0)) }
        self.generation = generation
        self.version = version
        self.scenario = scenario
        self.random = random
        self.reloadProblems = reloadProblems
        self.drill = drill
    }

    /// A copy with different rows (settings), and the same drill.
    /// `renewingLimits`: endpoints whose buckets start full again even if
    /// their limit stays (a reset).
    func with(rows: [PanelRow], scenario: ScenarioTrace?, renewingLimits renewed: Set<Int> = []) -> PanelSnapshot {
        self.with(rows: rows, scenario: scenario, drill: self.drill, renewingLimits: renewed)
    }

    /// A copy with different rows (settings) and drill (`nil`: none running).
    func with(
        rows: [PanelRow], scenario: ScenarioTrace?, drill: DrillRun?, renewingLimits renewed: Set<Int> = []
    ) -> PanelSnapshot {
        PanelSnapshot(
            declared: self.declared, rows: rows, table: self.table, seenLive: self.seenLive,
            generation: self.generation, version: self.version + 1, scenario: scenario, random: self.random,
            reloadProblems: self.reloadProblems, drill: drill, renewingLimits: renewed)
    }

    /// The name of the scenario applied last, until every endpoint is reset.
    public var activeScenario: String? { self.scenario?.name }

    /// `outage (changed)`: the one value the header, `status` and the
    /// control API's `scenario_state` come from.
    public var scenarioLabel: ScenarioLabel? {
        self.scenario?.label(self.rows)
    }

    private func profile(named choice: LatencyChoice) -> LatencyProfile? {
        choice.profileName.flatMap(self.manifest.profile(named:))
    }

    /// What the endpoint at `index` does with a request arriving now:
    /// resolves flaky, sequence and count-rule settings and draws the delay. Advances the
    /// endpoint's counters, so call it once per request. `taken`: the
    /// request number its templates already took, drawn with again.
    public func decide(endpoint index: Int, override: Override = Override(), request taken: UInt64? = nil) -> Decision {
        // The row's parts one by one: copying the whole row (its
        // definition) would cost every request a retain per field.
        let setting = self.rows[index].setting
        let counters = self.rows[index].counters
        let configured = override.mode ?? setting.mode
        let profile = override.latency.map(self.profile(named:)) ?? self.rows[index].profile
        // Only requests that draw random numbers take a number: counting
        // every request would make all event loops write one shared counter.
        var request = taken ?? 0
        var numbered = taken != nil
        func number() -> UInt64 {
            if !numbered {
                request = counters.nextRequest()
                numbered = true
            }
            return request
        }
        // A counter this request advanced: the next one may be decided otherwise.
        var counted = false
        var mode = configured
        if case .sequence = mode {
            let steps = self.rows[index].definition.sequence
            if steps.isEmpty {
                mode = .success
            } else {
                mode = steps[counters.nextSequenceStep() % steps.count]
                counted = true
            }
        }
        if case .flaky(let percent) = mode {
            let draw = self.random.unit(endpoint: index, request: number(), stream: RandomStream.flaky.rawValue)
            mode = draw * 100 < Double(percent) ? .serverError : .success
        }
        if case .rule(let rule) = mode {
            mode = rule.fails(request: counters.nextRuleRequest()) ? rule.failure.mode : .success
            counted = true
        }
        if case .fault(let fault) = mode, fault.onSocket == .garbage { _ = number() }
        let toxics = override.toxics ?? setting.toxics
        // The slicer's pieces are drawn by request number, as garbage is.
        if toxics.slicer { _ = number() }
        // An endpoint declared live stays live for the requests its flaky,
        // sequence or count-rule setting leaves alone.
        if mode == .success && configured != .success && self.rows[index].definition.passesThrough {
            mode = .live
        }
        var chosenBy = Decision.Chooser.setting
        if let faults = profile?.faults, !faults.isEmpty, mode.answers {
            let draw = self.random.unit(endpoint: index, request: number(), stream: RandomStream.networkFault.rawValue)
            if let fault = faults.fault(for: draw) {
                mode = .fault(fault)
                chosenBy = .network
            }
        }
        let delay = profile.map { self.delay(of: $0, endpoint: index, number: number) } ?? .zero
        var decision = Decision(
            endpointIndex: index, setting: setting.mode, mode: mode, chosenBy: chosenBy, latency: profile?.name,
            delay: delay, bandwidth: profile?.bandwidth, request: request,
            mayBeCached: override.mode == nil && setting.mode == .success, toxics: toxics,
            forced: Decision.Forced(
                mode: override.mode, answer: override.spec?.description, latency: override.latency != nil,
                toxics: override.toxics != nil))
        decision.repeats = !numbered && !counted && override == Override()
        return decision
    }

    /// The delay a browser's CORS preflight for the endpoint at `index`
    /// waits: the round trip of its latency profile. Its mode and bandwidth
    /// are for the request that follows. Does not advance the endpoint's
    /// sequence; a random delay takes a request number, as a request would.
    public func preflightDelay(endpoint index: Int) -> Duration {
        guard let profile = self.rows[index].profile else { return .zero }
        return self.delay(of: profile, endpoint: index) { self.rows[index].counters.nextRequest() }
    }

    /// The limiter of the endpoint at `index`; `nil` (the common case,
    /// costing one array read) when it has no limit.
    public func limiter(endpoint index: Int) -> RateLimiter? {
        self.rows[index].limiter
    }

    private func delay(of profile: LatencyProfile, endpoint index: Int, number: () -> UInt64) -> Duration {
        switch profile.delay {
        case .none: return .zero
        case .fixed(let fixed): return fixed
        default:
            let request = number()
            return profile.delay.draw(
                self.random.unit(endpoint: index, request: request, stream: RandomStream.delay.rawValue),
                self.random.unit(endpoint: index, request: request, stream: RandomStream.delaySpread.rawValue))
        }
    }

    /// How many bytes the `garbage` mode sends.
    public static let garbageLength = 64...512

    /// The random bytes, of a random length in `garbageLength`, that the
    /// `garbage` mode sends for one request: the same for the same seed,
    /// endpoint and request number.
    public func garbage(endpoint index: Int, request: UInt64) -> [UInt8] {
        let lengths = Self.garbageLength
        let draw = self.random.unit(endpoint: index, request: request, stream: RandomStream.garbageLength.rawValue)
        let count = lengths.lowerBound + Int(draw * Double(lengths.count))
        return (0..<count).map { offset in
            let draw = self.random.unit(
                endpoint: index, request: request &* 4096 &+ UInt64(offset), stream: RandomStream.garbage.rawValue)
            return UInt8(draw * 256)
        }
    }

    /// A request's own wishes (the `Prefer` header), overriding the endpoint.
    public struct Override: Sendable, Hashable {
        public var mode: Mode?
        public var latency: LatencyChoice?
        /// `nil`: the endpoint's own.
        public var toxics: Toxics?
        /// Prism's `code=`, `example=`, `dynamic=`: which documented answer.
        public var spec: SpecPreference?

        public init(
            mode: Mode? = nil, latency: LatencyChoice? = nil, toxics: Toxics? = nil, spec: SpecPreference? = nil
        ) {
            self.mode = mode
            self.latency = latency
            self.toxics = toxics
            self.spec = spec
        }
    }
}
