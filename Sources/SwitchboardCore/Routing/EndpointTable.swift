/// Finds the endpoint for a request. Built once per manifest; requests only
/// ever read it.
///
/// Precedence: the most specific path wins (literal over `:param` over `*`,
/// segment by segment); among equal paths, the endpoint with more query and
/// header requirements is tried first; otherwise manifest order.
public struct EndpointTable: Sendable {
    public let endpoints: [EndpointDefinition]
    private let order: [Int]

    public init(endpoints: [EndpointDefinition]) {
        self.endpoints = endpoints
        self.order = endpoints.indices.sorted { a, b in
            let x = endpoints[a]
            let y = endpoints[b]
            if x.path.isMoreSpecific(than: y.path) { return true }
            if y.path.isMoreSpecific(than: x.path) { return false }
            let xRequirements = x.query.count + x.headers.count
            let yRequirements = y.query.count + y.headers.count
            if xRequirements != yRequirements { return xRequirements > yRequirements }
            return a < b
        }
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
        for index in self.order {
            let endpoint = self.endpoints[index]
            guard endpoint.method == method, var parameters = endpoint.path.match(target.segments) else { continue }
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
        for requirement in endpoint.query where !requirement.accepts(target.queryValue(requirement.name)) {
            if let value = requirement.value {
                return "it needs the query parameter \(requirement.name)=\(value)"
            }
            return "it needs the query parameter '\(requirement.name)'"
        }
        for requirement in endpoint.headers
        where !requirement.accepts(header(requirement.name), listValued: true) {
            if let value = requirement.value {
                return "it needs the header '\(requirement.name): \(value)'"
            }
            return "it needs the header '\(requirement.name)'"
        }
        return nil
    }

    private func explain(method: String, target: RequestTarget, header: (String) -> String?) -> Unmatched {
        let samePath = self.order.filter { self.endpoints[$0].path.match(target.segments) != nil }
        if let index = samePath.first(where: { self.endpoints[$0].method == method }) {
            let endpoint = self.endpoints[index]
            let reason = Self.missingRequirement(endpoint, target: target, header: header) ?? "it did not match"
            return Unmatched(
                closestID: endpoint.id, closest: endpoint.signature,
                reason: "\(endpoint.signature) exists, but \(reason)")
        }
        if let index = samePath.first {
            let endpoint = self.endpoints[index]
            let methods = samePath.map { self.endpoints[$0].method }
            var unique: [String] = []
            for method in methods where !unique.contains(method) { unique.append(method) }
            return Unmatched(
                closestID: endpoint.id, closest: endpoint.signature,
                reason: "\(endpoint.path) answers \(unique.joined(separator: ", ")), not \(method)")
        }
        let path = target.decodedPath
        var best: (index: Int, score: Int)?
        for (index, endpoint) in self.endpoints.enumerated() {
            var score = EditDistance.between(path, endpoint.path.description)
            if endpoint.method != method { score += 3 }
            if best == nil || score < best!.score { best = (index, score) }
        }
        guard let best else {
            return Unmatched(closestID: nil, closest: nil, reason: "the manifest declares no endpoints")
        }
        let endpoint = self.endpoints[best.index]
        return Unmatched(
            closestID: endpoint.id, closest: endpoint.signature,
            reason: "no endpoint matches \(method) \(path); the closest is \(endpoint.signature)")
    }
}
