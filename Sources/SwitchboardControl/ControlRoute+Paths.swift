/// From the table to paths and back: how a client writes a route's path,
/// how the server finds the route a path names, and how the listing shows
/// it. The only place a control path is spelled or percent-encoded.
extension ControlRoute {
    /// What a request's method and path name: a route with its path
    /// parameters (decoded), a path the table has but not with this
    /// method, or nothing.
    public enum Match: Equatable, Sendable {
        case route(ControlRoute, parameters: [String])
        /// The path is a route's, the method is not; `allowed` is what
        /// `Allow` lists.
        case methodNotAllowed(allowed: [ControlMethod])
        case notFound
    }

    /// The route for `method` and `segments`, the path's pieces after the
    /// prefix, already percent-decoded (`["endpoints", "login"]`).
    public static func match(method: String, segments: [String]) -> Match {
        var allowed: [ControlMethod] = []
        for route in Self.allCases {
            let declaration = route.declaration
            guard let parameters = Self.parameters(of: declaration.path, in: segments) else { continue }
            if declaration.methods.contains(where: { $0.rawValue == method }) {
                return .route(route, parameters: parameters)
            }
            allowed += declaration.methods.filter { !allowed.contains($0) }
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
    }

    private static func parameters(of template: [ControlPathSegment], in segments: [String]) -> [String]? {
        guard template.count == segments.count else { return nil }
        var parameters: [String] = []
        for (piece, segment) in zip(template, segments) {
            switch piece {
            case .literal(let word): if word != segment { return nil }
            case .parameter: parameters.append(segment)
            }
        }
        return parameters
    }

    /// The path to call, with `parameters` filled in order and each
    /// percent-encoded as one segment (a `/` or `?` in an id stays in it).
    public func path(_ parameters: [String] = []) -> String {
        var remaining = parameters[...]
        var path = Self.prefix
        for piece in self.declaration.path {
            path += "/"
            switch piece {
            case .literal(let word): path += word
            case .parameter: path += Self.encodeSegment(remaining.popFirst() ?? "")
            }
        }
        return path
    }

    /// `text` percent-encoded as one path segment: everything but RFC 3986's
    /// unreserved characters and the sub-delimiters other than those a
    /// client or proxy might read (`&`, `+`, `;`, `=`).
    public static func encodeSegment(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if Self.keptInSegment(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out +=
                    "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
            }
        }
        return out
    }

    private static func keptInSegment(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"),
            UInt8(ascii: "$"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"),
            UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "@"):
            true
        default:
            false
        }
    }

    /// As `GET /__switchboard` lists it:
    /// `GET /__switchboard/requests?limit=&unmatched=…`.
    public var listing: String {
        let declaration = self.declaration
        let path = declaration.path.map { "/" + $0.text }.joined()
        let query =
            declaration.query.isEmpty ? "" : "?" + declaration.query.map { $0.rawValue + "=" }.joined(separator: "&")
        return "\(declaration.method.rawValue) \(Self.prefix)\(path)\(query)"
    }

    /// Every route as the listing shows it, in the table's order.
    public static var listings: [String] { Self.allCases.map(\.listing) }

    /// `Allow`'s value for `methods`.
    public static func allowHeader(_ methods: [ControlMethod]) -> String {
        methods.map(\.rawValue).joined(separator: ", ")
    }
}
