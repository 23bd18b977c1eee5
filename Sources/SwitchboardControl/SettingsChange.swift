import SwitchboardModel

/// The `PUT …/endpoints/{id}` body as text, before `SettingChange` typed
/// it. Kept for one release for code that builds one; it is sent as the
/// same JSON.
@available(*, deprecated, message: "use SettingChange, whose values are typed (mode: .error)")
public struct SettingsChange: Encodable, Sendable, Equatable {
    public enum Latency: Sendable, Equatable {
        case profile(String)
        case remove
    }

    public enum Limit: Sendable, Equatable {
        case limit(String)
        case remove
    }

    public var mode: String?
    public var latency: Latency?
    public var rateLimit: Limit?
    public var rateLimitKey: String?
    public var toxics: String?

    public init(
        mode: String? = nil, latency: Latency? = nil, rateLimit: Limit? = nil, rateLimitKey: String? = nil,
        toxics: String? = nil
    ) {
        self.mode = mode
        self.latency = latency
        self.rateLimit = rateLimit
        self.rateLimitKey = rateLimitKey
        self.toxics = toxics
    }

    /// The texts as they were given: the server reads them, as it reads a
    /// `SettingChange`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SettingKeyName.self)
        try container.encodeIfPresent(self.mode, forKey: SettingKeyName(.mode))
        switch self.latency {
        case .profile(let name): try container.encode(name, forKey: SettingKeyName(.latency))
        case .remove: try container.encodeNil(forKey: SettingKeyName(.latency))
        case nil: break
        }
        switch self.rateLimit {
        case .limit(let text): try container.encode(text, forKey: SettingKeyName(.rateLimit))
        case .remove: try container.encodeNil(forKey: SettingKeyName(.rateLimit))
        case nil: break
        }
        try container.encodeIfPresent(self.rateLimitKey, forKey: SettingKeyName(.rateLimitKey))
        try container.encodeIfPresent(self.toxics, forKey: SettingKeyName(.toxics))
    }
}

private struct SettingKeyName: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ key: SettingKey) { self.stringValue = key.rawValue }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
