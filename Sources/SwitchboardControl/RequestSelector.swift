/// Which requests a verification counts: those one endpoint answered, by
/// its id (a string literal: `"login"`), or those sent with a method to a
/// path, whatever answered them (`.post("/todos")`, `.get("/todos/{id}")`).
///
/// A path matches segment by segment, its query left aside; a segment
/// written `{name}`, `:name` or `*` matches any one segment.
public struct RequestSelector: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    enum Kind: Sendable, Hashable {
        case endpoint(String)
        case route(method: String, segments: [Substring])
    }

    let kind: Kind

    /// The requests the endpoint with this manifest id answered.
    public static func endpoint(_ id: String) -> RequestSelector {
        RequestSelector(kind: .endpoint(id))
    }

    /// The requests sent with `method` to `path`.
    public static func request(_ method: String, _ path: String) -> RequestSelector {
        RequestSelector(kind: .route(method: method.uppercased(), segments: Self.segments(of: path)))
    }

    public static func get(_ path: String) -> RequestSelector { .request("GET", path) }
    public static func post(_ path: String) -> RequestSelector { .request("POST", path) }
    public static func put(_ path: String) -> RequestSelector { .request("PUT", path) }
    public static func patch(_ path: String) -> RequestSelector { .request("PATCH", path) }
    public static func delete(_ path: String) -> RequestSelector { .request("DELETE", path) }
    public static func head(_ path: String) -> RequestSelector { .request("HEAD", path) }

    public init(stringLiteral id: String) {
        self.kind = .endpoint(id)
    }

    init(kind: Kind) {
        self.kind = kind
    }

    /// The endpoint's id, when the selector names one.
    public var endpointID: String? {
        if case .endpoint(let id) = self.kind { id } else { nil }
    }

    /// Whether `record` is one of the requests this selector names.
    public func selects(_ record: RequestRecord) -> Bool {
        switch self.kind {
        case .endpoint(let id):
            return record.endpoint == id
        case .route(let method, let segments):
            guard record.method == method else { return false }
            let actual = Self.segments(of: record.path)
            return actual.count == segments.count
                && zip(segments, actual).allSatisfy { wanted, got in Self.isWildcard(wanted) || wanted == got }
        }
    }

    /// `'login'`, `POST /todos`: how failure messages name it.
    public var description: String {
        switch self.kind {
        case .endpoint(let id): "'\(id)'"
        case .route(let method, let segments): "\(method) /\(segments.joined(separator: "/"))"
        }
    }

    private static func segments(of path: String) -> [Substring] {
        let withoutQuery = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return withoutQuery.split(separator: "/")
    }

    private static func isWildcard(_ segment: Substring) -> Bool {
        segment == "*" || segment.hasPrefix(":") || (segment.hasPrefix("{") && segment.hasSuffix("}"))
    }
}
