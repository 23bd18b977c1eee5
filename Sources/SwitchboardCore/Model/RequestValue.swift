/// A value a response template reads from the request or the moment it is
/// answered (`{header.Authorization}`, `{body.user.name}`, `{counter}`):
/// the names beyond an endpoint's own path and query parameters that
/// `TextTemplate` fills. Never code: each name is one of these, read as
/// text, and escaped for the body it goes into.
public enum RequestValue: Hashable, Sendable {
    /// `{header.X-Name}`: the request header's first value (any case).
    case header(String)
    /// `{query.name}`: a query parameter, required or not.
    case query(String)
    /// `{body.user.name}`, `{body.items[0].sku}`: a JSON body's value.
    case body(JSONPath)
    /// `{counter}`: 1, 2, 3… this request's number among its endpoint's.
    case counter
    /// `{seq}`: 1, 2, 3… this request's number among all the server's
    /// (every endpoint), in the order they were answered.
    case sequence
    /// `{now}`: the time it is answered, ISO 8601 in UTC with milliseconds.
    case now
    /// `{now.unix}`: the same in whole seconds since 1970.
    case unixTime
    /// `{uuid}`: a version-4 UUID drawn from the panel's seeded random
    /// source (`--seed` repeats them).
    case uuid
    /// `{random:1..100}`: a whole number in the range, drawn the same way.
    case random(ClosedRange<Int>)

    /// The value `name` stands for; `nil` when it is none of them.
    public init?(name: String) {
        switch name {
        case "counter": self = .counter
        case "seq": self = .sequence
        case "now": self = .now
        case "now.unix": self = .unixTime
        case "uuid": self = .uuid
        default:
            if let header = Self.after("header.", in: name) {
                guard header.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
                else { return nil }
                self = .header(header)
            } else if let query = Self.after("query.", in: name) {
                self = .query(query)
            } else if let path = Self.after("body", in: name), path.hasPrefix(".") || path.hasPrefix("["),
                let steps = JSONPath(steps: Substring(path))
            {
                self = .body(steps)
            } else if let range = Self.after("random:", in: name) {
                let bounds = range.split(separator: ".", omittingEmptySubsequences: true)
                guard range.contains(".."), bounds.count == 2, let low = Int(bounds[0]), let high = Int(bounds[1]),
                    low <= high, abs(low) <= 1 << 50, abs(high) <= 1 << 50
                else { return nil }
                self = .random(low...high)
            } else {
                return nil
            }
        }
    }

    /// Reads the JSON body (and so needs it whole before answering).
    public var readsBody: Bool {
        if case .body = self { true } else { false }
    }

    /// Takes a number on the endpoint's request counter.
    var isNumbered: Bool {
        switch self {
        case .counter, .uuid, .random: true
        default: false
        }
    }

    /// The names a manifest may write, for "did you mean".
    static let examples = ["counter", "seq", "now", "now.unix", "uuid", "random:1..100", "header.", "query.", "body."]

    private static func after(_ prefix: String, in name: String) -> String? {
        guard name.hasPrefix(prefix), name.count > prefix.count || prefix == "body" else { return nil }
        return String(name.dropFirst(prefix.count))
    }
}
