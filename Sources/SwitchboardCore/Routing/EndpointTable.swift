/// Finds the endpoint for a request. Built once per manifest; requests only
/// ever read it.
///
/// Precedence: the most specific path wins (literal over `:param` over `*`,
/// segment by segment); among equal paths, the endpoint with more
/// requirements is tried first, counting each query parameter, header and
/// body requirement one (`EndpointDefinition.requirementCount`); otherwise
/// manifest order. (docs/fixtures.md, "Matching", says the same.)
public struct EndpointTable: Sendable {
    public let endpoints: [EndpointDefinition]
    /// Endpoints whose path has only literal segments, by method and path,
    /// in precedence order: most requests are answered from here. The
    /// methods are a short list compared in turn: hashing the method on
    /// every request cost more than the path's lookup.
    private let literalRoutes: [(method: String, paths: [Substring: [Int]])]
    /// The same literal endpoints by path alone, any method, in precedence
    /// order; and the rest, which must be matched by pattern, in precedence
    /// order and as a tree of segments (`PatternRoutes`).
    private let literalPaths: [Substring: [Int]]
    private let patternOrder: [Int]
    private let patternRoutes: PatternRoutes
    /// The "did you mean" search for paths no endpoint has.
    public let closestPath: ClosestPath
    /// No endpoint requires a header: what `match` finds for a request
    /// depends on its method and target alone, so a request repeating
    /// both is routed as the last one was (see `AnswerMemo`).
    public let routesByTargetAlone: Bool
    /// Some endpoint requires body content, answers with its values, or
    /// is a resource's that reads it: then, and only then, the request's
    /// body is read (`RequestBody`).
    public let readsBodies: Bool
    /// The request's values each endpoint's answers read
    /// (`EndpointDefinition.requestValueNames`), by index; `readsRequests`
    /// when any endpoint's do.
    public let requestValueNames: [[String]]
    public let readsRequests: Bool
    /// An OpenAPI description's base path (`/v1`, `Manifest.basePath`): a
    /// request under it that no endpoint's own path matches is matched
    /// without it, so `/v1/pets` and `/pets` both reach `GET /pets`.
    public let basePath: String

    /// Whether endpoint `a` answers before `b` when both match a request:
    /// the more specific path, then the more requirements, then the first
    /// declared.
    static func precedes(_ a: Int, _ b: Int, in endpoints: [EndpointDefinition]) -> Bool {
        let x = endpoints[a]
        let y = endpoints[b]
        return Self.precedes(x.path, x.requirementCount, y.path, y.requirementCount) ?? (a < b)
    }

    /// The precedence without the manifest's order: whether an endpoint of
    /// path `x` with `xRequirements` answers before one of `y` with
    /// `yRequirements`; `nil` when neither path is more specific and the
    /// counts are equal, so only their order tells them apart. The CLI's
    /// `METHOD PATH` (`EndpointLookup`) asks this too.
    public static func precedes(_ x: PathPattern, _ xRequirements: Int, _ y: PathPattern, _ yRequirements: Int)
        -> Bool?
    {
        if x.isMoreSpecific(than: y) { return true }
        if y.isMoreSpecific(than: x) { return false }
        if xRequirements != yRequirements { return xRequirements > yRequirements }
        return nil
    }

    public init(endpoints: [EndpointDefinition], basePath: String = "") {
        self.endpoints = endpoints
        self.basePath = basePath
        let order = endpoints.indices.sorted { Self.precedes($0, $1, in: endpoints) }
        var literal: [String: [Substring: [Int]]] = [:]
        var literalPaths: [Substring: [Int]] = [:]
        var patternOrder: [Int] = []
        for index in order {
            let endpoint = endpoints[index]
            // Only paths whose text is the same raw and decoded: a literal
            // `%2F` is one segment with a slash in it, not two segments.
            let isLiteral = endpoint.path.segments.allSatisfy { segment in
                guard case .literal(let text) = segment else { return false }
                return !text.contains("/") && !text.contains("%")
            }
            guard isLiteral else {
                patternOrder.append(index)
                continue
            }
            literal[endpoint.method, default: [:]][Substring(endpoint.path.description), default: []].append(index)
            literalPaths[Substring(endpoint.path.description), default: []].append(index)
        }
        self.literalRoutes = literal.sorted { $0.key < $1.key }.map { (method: $0.key, paths: $0.value) }
        self.literalPaths = literalPaths
        self.patternOrder = patternOrder
        self.patternRoutes = PatternRoutes(endpoints: endpoints, order: patternOrder)
        self.closestPath = ClosestPath(endpoints: endpoints)
        let requestValueNames = endpoints.map(\.requestValueNames)
        self.requestValueNames = requestValueNames
        self.readsRequests = requestValueNames.contains { !$0.isEmpty }
        self.readsBodies =
            endpoints.contains { !$0.body.isEmpty || $0.resource?.operation.readsBody == true }
            || requestValueNames.contains { $0.contains { RequestValue(name: $0)?.readsBody == true } }
        self.routesByTargetAlone = endpoints.allSatisfy { $0.headers.isEmpty && $0.body.isEmpty }
    }

    /// Routes a request. `header` looks a request header up by name (any case);
    /// `body` is read only when some endpoint requires body content.
    /// A HEAD request is answered by a GET endpoint unless one declares HEAD.
    public func route(
        method: String, target: RequestTarget, header: (String) -> String?, body: inout RequestBody
    ) -> RouteResult {
        self.match(method: method, target: target, header: header, body: &body)
            ?? .unmatched(self.explain(method: method, target: target, header: header, body: &body))
    }

    /// `route` for a request without a body.
    public func route(method: String, target: RequestTarget, header: (String) -> String?) -> RouteResult {
        var body = RequestBody()
        return self.route(method: method, target: target, header: header, body: &body)
    }

    /// `route` without saying why nothing matched: `nil` then. For callers
    /// that may not need the reason (a request that goes live), which costs
    /// more to find than the match itself.
    /// (A pending `body` stops the walk at the first endpoint only the
    /// body can decide: see `needsBody`.)
    public func match(
        method: String, target: RequestTarget, header: (String) -> String?, body: inout RequestBody
    ) -> RouteResult? {
        if let match = self.matchAsSent(method: method, target: target, header: header, body: &body) {
            return match
        }
        guard !self.basePath.isEmpty, !body.decidesRoute, let bare = target.removingPrefix(self.basePath) else {
            return nil
        }
        return self.matchAsSent(method: method, target: bare, header: header, body: &body)
    }

    private func matchAsSent(
        method: String, target: RequestTarget, header: (String) -> String?, body: inout RequestBody
    ) -> RouteResult? {
        if let match = self.firstMatch(method: method, target: target, header: header, body: &body) {
            return match
        }
        if method == "HEAD", !body.decidesRoute,
            let match = self.firstMatch(method: "GET", target: target, header: header, body: &body)
        {
            return match
        }
        return nil
    }

    /// Whether answering this request needs its body: an endpoint requiring
    /// body content comes before (or is) the one its head alone would
    /// match, or that one's answers read the body, or it is a resource's
    /// that reads it (`POST /todos`). Such a request is never answered
    /// from its head alone (`RequestHandler.decideAtHead`).
    public func needsBody(method: String, target: RequestTarget, header: (String) -> String?) -> Bool {
        guard self.readsBodies else { return false }
        var body = RequestBody.pending
        let route = self.match(method: method, target: target, header: header, body: &body)
        if body.decidesRoute { return true }
        guard case .matched(let index, _)? = route else { return false }
        if self.endpoints[index].resource?.operation.readsBody == true { return true }
        return self.requestValueNames[index].contains { RequestValue(name: $0)?.readsBody == true }
    }

    /// `match` for a request without a body.
    public func match(method: String, target: RequestTarget, header: (String) -> String?) -> RouteResult? {
        var body = RequestBody()
        return self.match(method: method, target: target, header: header, body: &body)
    }

    private func firstMatch(
        method: String, target: RequestTarget, header: (String) -> String?, body: inout RequestBody
    ) -> RouteResult? {
        // A fully literal endpoint that matches always beats any pattern;
        // the patterns the path matches are tried in order. No request
        // walks every endpoint.
        if let key = Self.literalKey(target),
            let candidates = self.literalRoutes.first(where: { $0.method == method })?.paths[key]
        {
            for index in candidates {
                let endpoint = self.endpoints[index]
                if endpoint.query.isEmpty && endpoint.headers.isEmpty && endpoint.body.isEmpty {
                    return .matched(index: index, parameters: [:])
                }
                switch Self.meets(endpoint, target: target, header: header, body: &body) {
                case true?: break
                case false?: continue
                case nil: return nil
                }
                var parameters: [String: String] = [:]
                for requirement in endpoint.query {
                    parameters[requirement.name] = target.queryValue(requirement.name)
                }
                return .matched(index: index, parameters: parameters)
            }
        }
        guard !self.patternRoutes.isEmpty else { return nil }
        let segments = target.segments
        for index in self.patternRoutes.candidates(method: method, segments: segments) {
            let endpoint = self.endpoints[index]
            guard var parameters = endpoint.path.match(segments) else { continue }
            switch Self.meets(endpoint, target: target, header: header, body: &body) {
            case true?: break
            case false?: continue
            case nil: return nil
            }
            for requirement in endpoint.query {
                parameters[requirement.name] = target.queryValue(requirement.name)
            }
            return .matched(index: index, parameters: parameters)
        }
        return nil
    }

    /// Whether a request meets every requirement of `endpoint`; `nil` when
    /// it meets the others and only its body, pending, can tell. Query and
    /// headers first: the body is read only for an endpoint they let through.
    private static func meets(
        _ endpoint: EndpointDefinition, target: RequestTarget, header: (String) -> String?, body: inout RequestBody
    ) -> Bool? {
        for requirement in endpoint.query where !requirement.accepts(target.queryValue(requirement.name)) {
            return false
        }
        for requirement in endpoint.headers where !requirement.accepts(header(requirement.name), listValued: true) {
            return false
        }
        guard !endpoint.body.isEmpty else { return true }
        guard !body.isPending else {
            body.decidesRoute = true
            return nil
        }
        for requirement in endpoint.body where !requirement.accepts(&body) {
            return false
        }
        return true
    }

    /// Every requirement a request does not meet, in words.
    private static func missingRequirements(
        _ endpoint: EndpointDefinition, target: RequestTarget, header: (String) -> String?, body: inout RequestBody
    ) -> [String] {
        var missing: [String] = []
        for requirement in endpoint.query where !requirement.accepts(target.queryValue(requirement.name)) {
            missing.append(
                requirement.value.map { "query \(requirement.name)=\($0)" } ?? "query parameter '\(requirement.name)'")
        }
        for requirement in endpoint.headers
        where !requirement.accepts(header(requirement.name), listValued: true) {
            missing.append(
                requirement.value.map { "header '\(requirement.name): \($0)'" } ?? "header '\(requirement.name)'")
        }
        for requirement in endpoint.body where !requirement.accepts(&body) {
            missing.append(requirement.description)
        }
        return missing
    }

    /// `needs ?lat&lon, X-Api-Key`: what a request lacks, short enough for
    /// a log line.
    private static func shortMissing(
        _ endpoint: EndpointDefinition, target: RequestTarget, header: (String) -> String?, body: inout RequestBody
    ) -> String {
        let query = endpoint.query.filter { !$0.accepts(target.queryValue($0.name)) }.map { requirement in
            requirement.value.map { "\(requirement.name)=\($0)" } ?? requirement.name
        }
        let headers = endpoint.headers.filter { !$0.accepts(header($0.name), listValued: true) }.map { requirement in
            requirement.value.map { "\(requirement.name): \($0)" } ?? requirement.name
        }
        var parts: [String] = []
        if !query.isEmpty { parts.append("?" + query.joined(separator: "&")) }
        parts += headers
        for requirement in endpoint.body where !requirement.accepts(&body) {
            parts.append(requirement.short)
        }
        return "needs " + (parts.isEmpty ? "a requirement" : parts.joined(separator: ", "))
    }

    /// Endpoints whose path matches the request's, any method, in
    /// precedence order: literal paths by lookup, patterns one by one.
    private func endpointsWithPath(of target: RequestTarget) -> [Int] {
        let segments = target.segments
        let literal = Self.literalKey(target).flatMap { self.literalPaths[$0] } ?? []
        return literal + self.patternOrder.filter { self.endpoints[$0].path.match(segments) != nil }
    }

    /// The request's path as a literal endpoint's path is written, to look
    /// it up; `nil` when no literal endpoint can have it.
    private static func literalKey(_ target: RequestTarget) -> Substring? {
        if target.isPlainPath { return target.rawPath }
        let segments = target.segments
        // A decoded segment holding a slash is no literal path's segment.
        if segments.contains(where: { $0.contains("/") }) { return nil }
        return Substring("/" + segments.joined(separator: "/"))
    }

    /// Why a request that `match` found nothing for is unmatched.
    /// (A pending `body` meets no body requirement.)
    public func explain(
        method: String, target: RequestTarget, header: (String) -> String?, body: inout RequestBody
    ) -> Unmatched {
        let samePath = self.endpointsWithPath(of: target)
        // Same path and method: the endpoint that misses the fewest requirements.
        let sameMethod = samePath.filter { self.endpoints[$0].method == method }
        var fewest: (index: Int, missing: [String])?
        for index in sameMethod {
            let missing = Self.missingRequirements(self.endpoints[index], target: target, header: header, body: &body)
            if fewest == nil || missing.count < fewest!.missing.count { fewest = (index, missing) }
        }
        if let (index, missing) = fewest {
            let endpoint = self.endpoints[index]
            let list =
                missing.count <= 1
                ? (missing.first ?? "a requirement")
                : missing.dropLast().joined(separator: ", ") + " and " + missing.last!
            return Unmatched(
                closestID: endpoint.id, closest: endpoint.signature,
                reason: "\(endpoint.signature) needs \(list)",
                short: Self.shortMissing(endpoint, target: target, header: header, body: &body))
        }
        if let index = samePath.first {
            let endpoint = self.endpoints[index]
            var methods: [String] = []
            for other in samePath where !methods.contains(self.endpoints[other].method) {
                methods.append(self.endpoints[other].method)
            }
            return Unmatched(
                closestID: endpoint.id, closest: endpoint.signature,
                reason: "\(endpoint.path) answers \(methods.joined(separator: ", ")), not \(method)",
                short: "answers \(methods.joined(separator: ", ")) only")
        }
        guard let index = self.closestPath.search(method: method, path: target.decodedPath).index else {
            return Unmatched(closestID: nil, closest: nil, reason: "the manifest declares no endpoints")
        }
        let endpoint = self.endpoints[index]
        return Unmatched(
            closestID: endpoint.id, closest: endpoint.signature,
            reason: "no endpoint has this path; the closest is \(endpoint.signature)")
    }
}

extension EndpointTable {
    /// `explain` for a request without a body.
    public func explain(method: String, target: RequestTarget, header: (String) -> String?) -> Unmatched {
        var body = RequestBody()
        return self.explain(method: method, target: target, header: header, body: &body)
    }
}
