public import SwitchboardJSON

/// The body of `PUT …/endpoints/{id}`: `{"mode": "server_error", "latency":
/// "slow", "rate_limit": "5/s", "rate_limit_key": "X-Client", "toxics":
/// "slicer,limit_data:1024"}`. Any may be left out; `"latency": null` (or
/// `"none"`) removes latency, `"rate_limit": null` (or `"off"`) the limit,
/// `"rate_limit_key": null` (or `"none"`) the key (one bucket), `"toxics":
/// null` (or `"none"`) the toxics.
public struct SettingsChange: Codable, Sendable, Equatable {
    public enum Latency: Sendable, Equatable {
        case profile(String)
        case remove
    }

    /// `rate_limit`: a limit as written (`5/s`), or none.
    public enum Limit: Sendable, Equatable {
        case limit(String)
        case remove
    }

    public var mode: String?
    public var latency: Latency?
    public var rateLimit: Limit?
    /// `rate_limit_key`: a header name as written, or `none` (what `null`
    /// reads as).
    public var rateLimitKey: String?
    /// `toxics`: as written (`slicer`, `slow_close:2s,limit_data:10`), or
    /// `none` (what `null` reads as).
    public var toxics: String?

    public static let fields = ["mode", "latency", "rate_limit", "rate_limit_key", "toxics"]

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

    /// Why a body is not a settings change, in words the server answers with.
    public enum Problem: Error, Sendable, Equatable {
        /// Keys other than `fields`, sorted.
        case unknownFields([String])
        /// `mode` or `latency` holding something other than text, shown as
        /// JSON would write it.
        case notText(field: String, value: String)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        let unknown = container.allKeys.map(\.stringValue).filter { !Self.fields.contains($0) }.sorted()
        if !unknown.isEmpty { throw Problem.unknownFields(unknown) }
        let mode = AnyKey("mode")
        if container.contains(mode) {
            guard let text = try? container.decode(String.self, forKey: mode) else {
                throw Problem.notText(field: "mode", value: Self.show(container, mode))
            }
            self.mode = text
        }
        let latency = AnyKey("latency")
        if container.contains(latency) {
            if try container.decodeNil(forKey: latency) {
                self.latency = .remove
            } else if let text = try? container.decode(String.self, forKey: latency) {
                self.latency = .profile(text)
            } else {
                throw Problem.notText(field: "latency", value: Self.show(container, latency))
            }
        }
        let rateLimit = AnyKey("rate_limit")
        if container.contains(rateLimit) {
            if try container.decodeNil(forKey: rateLimit) {
                self.rateLimit = .remove
            } else if let text = try? container.decode(String.self, forKey: rateLimit) {
                self.rateLimit = .limit(text)
            } else {
                throw Problem.notText(field: "rate_limit", value: Self.show(container, rateLimit))
            }
        }
        let key = AnyKey("rate_limit_key")
        if container.contains(key) {
            if try container.decodeNil(forKey: key) {
                self.rateLimitKey = "none"
            } else if let text = try? container.decode(String.self, forKey: key) {
                self.rateLimitKey = text
            } else {
                throw Problem.notText(field: "rate_limit_key", value: Self.show(container, key))
            }
        }
        let toxics = AnyKey("toxics")
        if container.contains(toxics) {
            if try container.decodeNil(forKey: toxics) {
                self.toxics = "none"
            } else if let text = try? container.decode(String.self, forKey: toxics) {
                self.toxics = text
            } else if let list = try? container.decode([String].self, forKey: toxics) {
                self.toxics = list.isEmpty ? "none" : list.joined(separator: ",")
            } else {
                throw Problem.notText(field: "toxics", value: Self.show(container, toxics))
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encodeIfPresent(self.mode, forKey: AnyKey("mode"))
        switch self.latency {
        case .profile(let name): try container.encode(name, forKey: AnyKey("latency"))
        case .remove: try container.encodeNil(forKey: AnyKey("latency"))
        case nil: break
        }
        switch self.rateLimit {
        case .limit(let text): try container.encode(text, forKey: AnyKey("rate_limit"))
        case .remove: try container.encodeNil(forKey: AnyKey("rate_limit"))
        case nil: break
        }
        try container.encodeIfPresent(self.rateLimitKey, forKey: AnyKey("rate_limit_key"))
        try container.encodeIfPresent(self.toxics, forKey: AnyKey("toxics"))
    }

    private static func show(_ container: KeyedDecodingContainer<AnyKey>, _ key: AnyKey) -> String {
        if (try? container.decodeNil(forKey: key)) == true { return "null" }
        if let number = try? container.decode(Int.self, forKey: key) { return String(number) }
        if let number = try? container.decode(Double.self, forKey: key) { return String(number) }
        if let flag = try? container.decode(Bool.self, forKey: key) { return String(flag) }
        if (try? container.nestedUnkeyedContainer(forKey: key)) != nil { return "a list" }
        return "an object"
    }
}

/// A key for objects whose keys are not known in advance.
struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { self.stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension SettingsChange: WireSchema {
    /// Unknown keys are refused (`unknown_field`); which words each takes
    /// is the server's to say (`valid` in its refusal).
    public static func schema(_ schemas: inout WireSchemas) -> JSONValue {
        let removable = WireSchemas.nullable(WireSchemas.string)
        return WireSchemas.object(
            [
                "mode": WireSchemas.string, "latency": removable, "rate_limit": removable,
                "rate_limit_key": removable,
                "toxics": ["anyOf": [removable, WireSchemas.strings]],
            ], required: [])
    }
}
