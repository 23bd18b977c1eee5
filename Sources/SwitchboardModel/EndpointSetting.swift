/// The things a person flips on an endpoint at runtime. Each is a
/// `SettingKey`; `SettingChange` is the one way they change.
public struct EndpointSetting: Sendable, Hashable {
    public var mode: Mode
    /// A latency profile name; `nil` is no added latency.
    public var latency: String?
    /// Requests beyond it are answered 429; `nil` is no limit.
    public var rateLimit: RateLimit?
    /// The request header whose values get a bucket each; `nil` is one
    /// bucket for the endpoint. Kept without a limit, used with one.
    public var rateLimitKey: String?
    /// How the answer's bytes leave (slicer, slow close, data limit).
    public var toxics: Toxics

    public init(
        mode: Mode, latency: String?, rateLimit: RateLimit? = nil, rateLimitKey: String? = nil,
        toxics: Toxics = .none
    ) {
        self.mode = mode
        self.latency = latency
        self.rateLimit = rateLimit
        self.rateLimitKey = rateLimitKey
        self.toxics = toxics
    }
}
