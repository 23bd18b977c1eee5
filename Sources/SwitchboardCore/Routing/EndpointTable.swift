/// Finds the endpoint for a request. Built once per manifest; requests only
/// ever read it.
///
/// Precedence: the most specific path wins (literal over `:param` over `*`,
/// segment by segment); among equal paths, the endpoint with more query and
/// header requirements is tried first; otherwise manifest order.
public struct EndpointTable: Sendable {
    public let endpoints: [EndpointDefinition]
    private let order: [Int]
    /// Endpoints whose path has only literal segments, by method and path,
    /// in precedence order: most requests are answered from here.
    private let literalRoutes: [String: [Substring: [Int]]]

    public init(endpoints: [EndpointDefinition]) {
        self.endpoints = endpoints
        let order = endpoints.indices.sorted { a, b in
            let x = endpoints[a]
            let y = endpoints[b]
            if x.path.isMoreSpecific(than: y.path) { return true }
            if y.path.isMoreSpecific(than: x.path) { return false }
            let xRequirements = x.query.count + x.headers.count
            let yRequirements = y.query.count + y.headers.count
            if xRequirements != yRequirements { return xRequirements > yRequirements }
            return a < b
        }
        self.order = order
        var literal: [String: [Substring: [Int]]] = [:]
        for index in order {
            let endpoint = endpoints[index]
            // Only paths whose text is the same raw and decoded: a literal
            // `%2F` is one segment with a slash in it, not two segments.
            let isLiteral = endpoint.path.segments.allSatisfy { segment in
                guard case .literal(let text) = segment else { return false }
                return !text.contains("/") && !text.contains("%")
            }
            guard isLiteral else { continue }
            literal[endpoint.method, default: [:]][Substring(endpoint.path.description), default: []].append(index)
        }
        self.literalRoutes = literal
    }

    /// Routes a request. `header` looks a request header up by name (any case).
    /// A HEAD request is answered by a GET endpoint unless one declares HEAD.
    public func route(method: String, target: RequestTarget, header: (String) -> String?) -> RouteResult {
        if let match = self.firstMatch(method: method, target: target, header: header) {
            return match
        }
        if method == "HEAD", let match = self.firstMatch(method: "GET", target: target, header: header) {
            return match
        }
        return .unmatched(self.explain(method: method, target: target, header: header))
    }

    private func firstMatch(method: String, target: RequestTarget, header: (String) -> String?) -> RouteResult? {
        // A fully literal endpoint that matches always beats any pattern.
        if target.isPlainPath, let candidates = self.literalRoutes[method]?[target.rawPath] {
            for index in candidates {
                let endpoint = self.endpoints[index]
                if endpoint.query.isEmpty && endpoint.headers.isEmpty { return .matched(index: index, parameters: [:]) }
                guard Self.missingRequirement(endpoint, target: target, header: header) == nil else { continue }
                var parameters: [String: String] = [:]
                for requirement in endpoint.query {
                    parameters[requirement.name] = target.queryValue(requirement.name)
                }
                return .matched(index: index, parameters: parameters)
            }
        }
        let segments = target.segments
        for index in self.order {
            let endpoint = self.endpoints[index]
            guard endpoint.method == method, var parameters = endpoint.path.match(segments) else { continue }
            guard Self.missingRequirement(endpoint, target: target, header: header) == nil else { continue }
            for requirement in endpoint.query {
                parameters[requirement.name] = target.queryValue(requirement.name)
            }
            return .matched(index: index, parameters: parameters)
        }
        return nil
    }

    /// The first requirement a request does not meet, in words.
    private static func missingRequirement(
        _ endpoint: EndpointDefinition, target: RequestTarget, header: (String) -> String?
    ) -> String? {
        self.missingRequirements(endpoint, target: target, header: header).first
    }

    /// Every requirement a request does not meet, in words.
    private static func missingRequirements(
        _ endpoint: EndpointDefinition, target: RequestTarget, header: (String) -> String?
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
        return missing
    }

    /// Paths longer than this are cut before measuring edit distance: a
    /// hostile 80 KB path must not cost seconds of CPU.
    private static let distanceLimit = 200

    private func explain(method: String, target: RequestTarget, header: (String) -> String?) -> Unmatched {
        let segments = target.segments
        let samePath = self.order.filter { self.endpoints[$0].path.match(segments) != nil }
        // Same path and method: the endpoint that misses the fewest requirements.
        let sameMethod = samePath.filter { self.endpoints[$0].method == method }
        if let index = sameMethod.min(by: {
            Self.missingRequirements(self.endpoints[$0], target: target, header: header).count
                < Self.missingRequirements(self.endpoints[$1], target: target, header: header).count
        }) {
            let endpoint = self.endpoints[index]
            let missing = Self.missingRequirements(endpoint, target: target, header: header)
            let list =
                missing.count <= 1
                ? (missing.first ?? "a requirement")
                : missing.dropLast().joined(separator: ", ") + " and " + missing.last!
            return Unmatched(
                closestID: endpoint.id, closest: endpoint.signature,
                reason: "\(endpoint.signature) needs \(list)")
        }
        if let index = samePath.first {
            let endpoint = self.endpoints[index]
            var methods: [String] = []
            for other in samePath where !methods.contains(self.endpoints[other].method) {
                methods.append(self.endpoints[other].method)
            }
            return Unmatched(
                closestID: endpoint.id, closest: endpoint.signature,
                reason: "\(endpoint.path) answers \(methods.joined(separator: ", ")), not \(method)")
        }
        let path = String(target.decodedPath.prefix(Self.distanceLimit))
        var best: (index: Int, score: Int)?
        for (index, endpoint) in self.endpoints.enumerated() {
            var score = EditDistance.between(path, String(endpoint.path.description.prefix(Self.distanceLimit)))
            if endpoint.method != method { score += 3 }
            if best == nil || score < best!.score { best = (index, score) }
        }
        guard let best else {
            return Unmatched(closestID: nil, closest: nil, reason: "the manifest declares no endpoints")
        }
        let endpoint = self.endpoints[best.index]
        return Unmatched(
            closestID: endpoint.id, closest: endpoint.signature,
            reason: "no endpoint has this path; the closest is \(endpoint.signature)")
    }
}
