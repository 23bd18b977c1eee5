/// Prism's `Prefer` conventions, for an endpoint made from an OpenAPI
/// description: `code=404` answers that documented response, `example=NAME`
/// that named example, `dynamic=true` a body generated from the schema even
/// where an example exists. Beside Switchboard's own `mode=`, `latency=`
/// and `toxics=` (`PreferHeader`).
public struct SpecPreference: Sendable, Hashable {
    public var code: Int?
    public var example: String?
    public var dynamic = false

    public init(code: Int? = nil, example: String? = nil, dynamic: Bool = false) {
        self.code = code
        self.example = example
        self.dynamic = dynamic
    }

    /// `code=404, example=tom`: what was asked for, in the header's words,
    /// for the log, the details and the journal's `forced`.
    public var description: String {
        var parts: [String] = []
        if let code = self.code { parts.append("code=\(code)") }
        if let example = self.example { parts.append("example=" + example) }
        if self.dynamic || (self.code == nil && self.example == nil) { parts.append("dynamic=\(self.dynamic)") }
        return parts.joined(separator: ", ")
    }
}
