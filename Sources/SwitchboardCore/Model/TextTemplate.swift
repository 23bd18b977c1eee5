/// Text with `{name}` placeholders for request parameters.
///
/// Only names the endpoint actually declares (its `:params` and required
/// query parameters) and the request's values (`RequestValue`:
/// `{header.X}`, `{body.a.b}`, `{counter}`, …) count as placeholders, so
/// the braces of JSON bodies are left alone.
public struct TextTemplate: Sendable, Hashable {
    public enum Part: Sendable, Hashable {
        case literal([UInt8])
        case parameter(String)
    }

    public let parts: [Part]

    public init(parts: [Part]) {
        self.parts = parts
    }

    /// Splits `bytes` at every `{name}` whose name is in `names` or is a
    /// `RequestValue`.
    public init(bytes: [UInt8], names: Set<String>) {
        var parts: [Part] = []
        var literal: [UInt8] = []
        var index = 0
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        while index < bytes.count {
            if bytes[index] == open, let end = bytes[(index + 1)...].prefix(64).firstIndex(of: close) {
                let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                if names.contains(name) || RequestValue(name: name) != nil {
                    if !literal.isEmpty { parts.append(.literal(literal)) }
                    literal = []
                    parts.append(.parameter(name))
                    index = end + 1
                    continue
                }
            }
            literal.append(bytes[index])
            index += 1
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
    }

    public init(_ text: String, names: Set<String>) {
        self.init(bytes: Array(text.utf8), names: names)
    }

    /// True when at least one placeholder was found.
    public var hasParameters: Bool {
        self.parts.contains { if case .parameter = $0 { true } else { false } }
    }

    /// The placeholder names, in order of appearance.
    public var parameterNames: [String] {
        self.parts.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
    }

    /// Fills the placeholders; a missing value becomes the empty string.
    /// `escape` rewrites each value first (JSON bodies escape quotes).
    public func render(_ values: [String: String], escape: (String) -> String = { $0 }) -> [UInt8] {
        var out: [UInt8] = []
        for part in self.parts {
            switch part {
            case .literal(let bytes): out.append(contentsOf: bytes)
            case .parameter(let name): out.append(contentsOf: escape(values[name] ?? "").utf8)
            }
        }
        return out
    }

    /// The template as text, with placeholders shown as `{name}`.
    public var text: String {
        self.parts.map { part -> String in
            switch part {
            case .literal(let bytes): String(decoding: bytes, as: UTF8.self)
            case .parameter(let name): "{\(name)}"
            }
        }.joined()
    }
}
