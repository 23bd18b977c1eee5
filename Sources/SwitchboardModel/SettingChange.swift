/// One typed partial change of an endpoint's setting: what a scenario entry,
/// a drill step, the control API's `PUT …/endpoints/{id}`, `switchboard set`,
/// SwitchboardKit, SwitchboardClient and the screen's keys ask for. `nil`
/// leaves that part alone. The per-key rules (how a key is read from text,
/// written back, described and applied) are the switches below, one arm per
/// `SettingKey`.
public struct SettingChange: Sendable, Hashable {
    public var mode: Mode?
    /// A profile, or `.noLatency` to remove latency.
    public var latency: LatencyChoice?
    /// A limit, or `.noLimit` to remove it.
    public var rateLimit: RateLimitChoice?
    /// A header whose values get a bucket each, or `.endpoint` for one.
    public var rateLimitKey: RateLimitKeyChoice?
    /// Connection toxics, or `.none` to remove them.
    public var toxics: Toxics?

    public init(
        mode: Mode? = nil, latency: LatencyChoice? = nil, rateLimit: RateLimitChoice? = nil,
        rateLimitKey: RateLimitKeyChoice? = nil, toxics: Toxics? = nil
    ) {
        self.mode = mode
        self.latency = latency
        self.rateLimit = rateLimit
        self.rateLimitKey = rateLimitKey
        self.toxics = toxics
    }

    /// Every key of `setting`, as a change that would set it.
    public init(_ setting: EndpointSetting) {
        self.init(
            mode: setting.mode, latency: setting.latency.map(LatencyChoice.profile) ?? .noLatency,
            rateLimit: setting.rateLimit.map(RateLimitChoice.limit) ?? .noLimit,
            rateLimitKey: setting.rateLimitKey.map(RateLimitKeyChoice.header) ?? .endpoint, toxics: setting.toxics)
    }

    /// The keys in which `after` differs from `before`, as `after` has them
    /// (what a reload changed).
    public init(from before: EndpointSetting, to after: EndpointSetting) {
        let old = SettingChange(before)
        self = SettingChange(after)
        for key in SettingKey.allCases where old.word(for: key) == self.word(for: key) { self.clear(key) }
    }

    /// Whether it leaves every key alone.
    public var isEmpty: Bool {
        SettingKey.allCases.allSatisfy { self.word(for: $0) == nil }
    }

    /// This change's value for `key` as scenarios, the picker and the
    /// scenario listing write it: `server_error`, `3g` or `none`, `5/s` or
    /// `off`, `X-Client` or `none`, `slicer,limit_data:1024` or `none`;
    /// `nil` where it leaves the key alone.
    public func word(for key: SettingKey) -> String? {
        switch key {
        case .mode: self.mode?.name
        case .latency: self.latency.map { $0.profileName ?? "none" }
        case .rateLimit: self.rateLimit.map { $0.limit?.description ?? "off" }
        case .rateLimitKey: self.rateLimitKey?.description
        case .toxics: self.toxics?.description
        }
    }

    /// Whether its value for `key` takes that part away (`none`, `off`):
    /// what the control API's JSON writes as `null`.
    public func removes(_ key: SettingKey) -> Bool {
        switch key {
        case .mode: false
        case .latency: self.latency == .noLatency
        case .rateLimit: self.rateLimit == .noLimit
        case .rateLimitKey: self.rateLimitKey == .endpoint
        case .toxics: self.toxics == Toxics.none
        }
    }

    /// Reads `text` as the value of `key`, the one reader of each key for
    /// the manifest, scenarios, the control API and the CLI: `none`, `off`
    /// and `-` take a part away wherever it can be taken away.
    public mutating func read(_ text: String, for key: SettingKey) throws(SettingProblem) {
        switch key {
        case .mode:
            guard let mode = Mode(name: text) else { throw .badText(key, text) }
            self.mode = mode
        case .latency:
            // Any name reads; whether the profile exists is the panel's (or
            // the manifest's) to say, as only it knows the profiles.
            self.latency = LatencyChoice(name: text)
        case .rateLimit:
            guard let choice = RateLimitChoice(text: text) else { throw .badText(key, text) }
            self.rateLimit = choice
        case .rateLimitKey:
            guard let choice = RateLimitKeyChoice(text: text) else { throw .badText(key, text) }
            self.rateLimitKey = choice
        case .toxics:
            switch Toxics.parseList(text) {
            case .success(let toxics): self.toxics = toxics
            case .failure(let problem): throw .badToxics(problem)
            }
        }
    }

    /// Takes `key` away (`null` in the control API); `false` for a key that
    /// cannot be taken away (`mode`).
    public mutating func remove(_ key: SettingKey) -> Bool {
        guard key != .mode else { return false }
        // `none` reads as the removal of every key but the mode.
        try? self.read("none", for: key)
        return true
    }

    /// Leaves `key` alone.
    public mutating func clear(_ key: SettingKey) {
        switch key {
        case .mode: self.mode = nil
        case .latency: self.latency = nil
        case .rateLimit: self.rateLimit = nil
        case .rateLimitKey: self.rateLimitKey = nil
        case .toxics: self.toxics = nil
        }
    }

    /// This change's `key` on `setting`: whether it set it (`mode:
    /// sequence` sets nothing where the endpoint has no sequence).
    func apply(_ key: SettingKey, to setting: inout EndpointSetting, hasSequence: Bool) -> Bool {
        switch key {
        case .mode:
            guard let mode = self.mode, mode != .sequence || hasSequence else { return false }
            setting.mode = mode
        case .latency:
            guard let latency = self.latency else { return false }
            setting.latency = latency.profileName
        case .rateLimit:
            guard let rateLimit = self.rateLimit else { return false }
            setting.rateLimit = rateLimit.limit
        case .rateLimitKey:
            guard let key = self.rateLimitKey else { return false }
            setting.rateLimitKey = key.header
        case .toxics:
            guard let toxics = self.toxics else { return false }
            setting.toxics = toxics
        }
        return true
    }

    /// One key's part of `changes`: the mode alone, `latency 3g`, `rate
    /// limit 5/s`, `rate limit 5/s per X-Client`, `rate limit per X-Client`
    /// (the key alone), `rate limit per endpoint`, `rate limit off`,
    /// `toxics slicer`.
    static func phrase(of key: SettingKey, _ word: (SettingKey) -> String?) -> String? {
        switch key {
        case .mode: return word(.mode)
        case .latency: return word(.latency).map { "latency " + $0 }
        case .rateLimit:
            // `none` is one bucket for the endpoint.
            let header = word(.rateLimitKey).map { $0 == "none" ? "endpoint" : $0 }
            guard let limit = word(.rateLimit) else { return header.map { "rate limit per \($0)" } }
            return limit == "off" ? "rate limit off" : "rate limit " + RateLimitKeyChoice.limitText(limit, key: header)
        // Said with the limit it keys.
        case .rateLimitKey: return nil
        case .toxics: return word(.toxics).map { "toxics " + $0 }
        }
    }
}

/// Why a text (or a JSON value) is not a setting, for the caller to say in
/// its own words.
public enum SettingProblem: Error, Sendable, Equatable {
    /// Names that are not `SettingKey.names`, sorted.
    case unknownKeys([String])
    /// A value that is not text (nor `null`, nor for `toxics` a list), shown
    /// as JSON would write it (`3`, `a list`).
    case notText(SettingKey, shown: String)
    /// Text that is not a value of the key.
    case badText(SettingKey, String)
    case badToxics(ToxicProblem)
}
