import Testing

@testable import SwitchboardCore

/// The pattern tree (`PatternRoutes`) routes as walking every endpoint in
/// precedence order would, and compares a request only with the patterns
/// its path matches.
@Suite struct PatternRoutesTests {
    /// Every pattern of up to three segments over `a`, `b`, `:p` and a
    /// trailing `*`, for GET and POST, some twice with a query requirement:
    /// each request over `a`, `b` and `c` of up to four segments routes to
    /// what the documented rule picks among all endpoints.
    @Test func routesAsTheOrderedWalkOfEveryEndpoint() {
        let pieces: [PathPattern.Segment] = [.literal("a"), .literal("b"), .parameter("p"), .wildcard]
        var patterns: [[PathPattern.Segment]] = [[]]
        for length in 1...3 {
            patterns += Self.sequences(of: pieces, length: length).filter { segments in
                !segments.dropLast().contains(.wildcard)
            }
        }
        var endpoints: [EndpointDefinition] = []
        for method in ["GET", "POST"] {
            for (number, segments) in patterns.enumerated() {
                let path = PathPattern(segments: Self.named(segments))
                endpoints.append(EndpointDefinition(id: "\(method)-\(number)", method: method, path: path))
                if number % 3 == 0 {
                    endpoints.append(
                        EndpointDefinition(
                            id: "\(method)-\(number)-q", method: method, path: path,
                            query: [ValueRequirement(name: "q", value: "1")]))
                }
            }
        }
        let table = EndpointTable(endpoints: endpoints)
        var requests = 0
        for length in 0...4 {
            for segments in Self.sequences(of: ["a", "b", "c"], length: length) {
                for query in ["", "?q=1"] {
                    for method in ["GET", "POST", "PUT"] {
                        let uri = "/" + segments.joined(separator: "/") + query
                        let routed = table.match(method: method, target: RequestTarget(uri: uri)) { _ in nil }
                        var id: String?
                        if case .matched(let index, _)? = routed { id = table.endpoints[index].id }
                        let expected = Self.mostSpecific(
                            in: endpoints, method: method, segments: segments, query: query)
                        #expect(id == expected, "\(method) \(uri)")
                        requests += 1
                    }
                }
            }
        }
        #expect(requests == 726)
    }

    /// 4,000 parameter endpoints under as many first segments: a request
    /// to the last is compared with that one pattern alone.
    @Test func aRequestMeetsOnlyThePatternsItsPathMatches() {
        var endpoints: [EndpointDefinition] = []
        for area in 0..<1_000 {
            for method in ["GET", "PUT"] {
                endpoints.append(
                    EndpointDefinition(
                        id: "\(method)-\(area)", method: method,
                        path: PathPattern(segments: [.literal("area\(area)"), .literal("items"), .parameter("id")])))
                endpoints.append(
                    EndpointDefinition(
                        id: "\(method)-\(area)-tags", method: method,
                        path: PathPattern(segments: [.parameter("id"), .literal("area\(area)"), .literal("tags")])))
            }
        }
        let routes = PatternRoutes(endpoints: endpoints, order: Array(endpoints.indices))
        let last = routes.candidates(method: "PUT", segments: ["area999", "items", "7"])
        #expect(last.map { endpoints[$0].id } == ["PUT-999"])
        let tags = routes.candidates(method: "GET", segments: ["area999", "area998", "tags"])
        #expect(tags.map { endpoints[$0].id } == ["GET-998-tags"])
        #expect(routes.candidates(method: "DELETE", segments: ["area999", "items", "7"]).isEmpty)
        #expect(routes.candidates(method: "GET", segments: ["area999", "items"]).isEmpty)
    }

    /// The documented precedence (`EndpointTable`), applied to every
    /// endpoint the request meets: the most specific path, then the most
    /// requirements, then the first declared.
    private static func mostSpecific(
        in endpoints: [EndpointDefinition], method: String, segments: [String], query: String
    ) -> String? {
        let met = endpoints.indices.filter { index in
            let endpoint = endpoints[index]
            return endpoint.method == method && endpoint.path.match(segments) != nil
                && (endpoint.query.isEmpty || query == "?q=1")
        }
        // The rule itself is EndpointTable's; what is checked is that the
        // tree finds the same endpoint as a walk over all of them.
        let best = met.min { EndpointTable.precedes($0, $1, in: endpoints) }
        return best.map { endpoints[$0].id }
    }

    private static func sequences<Element>(of pieces: [Element], length: Int) -> [[Element]] {
        guard length > 0 else { return [[]] }
        return self.sequences(of: pieces, length: length - 1).flatMap { start in pieces.map { start + [$0] } }
    }

    /// Parameters named apart (`p0`, `p1`): a pattern may not use one twice.
    private static func named(_ segments: [PathPattern.Segment]) -> [PathPattern.Segment] {
        segments.enumerated().map { index, segment in
            if case .parameter = segment { return .parameter("p\(index)") }
            return segment
        }
    }
}
