extension EndpointTable {
    /// The requests a path matches, whatever its parameters are called:
    /// `/pets/:` for `/pets/:id` and `/pets/:petId` alike.
    static func routeShape(_ path: PathPattern) -> String {
        path.segments.map { segment -> String in
            switch segment {
            case .literal(let text): "/" + text
            case .parameter: "/:"
            case .wildcard: "/*"
            }
        }.joined()
    }

    /// Two endpoints with equal keys match exactly the same requests: the
    /// same method, path shape and requirements.
    static func routeKey(_ endpoint: EndpointDefinition) -> String {
        let shape = Self.routeShape(endpoint.path)
        let query = endpoint.query.map(\.description).sorted().joined(separator: "&")
        let headers = endpoint.headers.map { $0.name.lowercased() + "=" + ($0.value ?? "*") }.sorted()
            .joined(separator: "&")
        let body = endpoint.body.map(\.description).sorted().joined(separator: "&")
        return "\(endpoint.method) \(shape)?\(query)#\(headers)#\(body)"
    }

    /// The endpoints no request can ever reach, each with the one that
    /// answers every request it matches first (by `precedes`, the order a
    /// table tries them in), in the order of `endpoints`. (A manifest's own
    /// endpoints may not match the same requests; a description's
    /// operations, the resources and endpoints beside them may.)
    public static func unreachable(_ endpoints: [EndpointDefinition]) -> [(endpoint: Int, answeredBy: Int)] {
        var alike: [String: [Int]] = [:]
        for index in endpoints.indices { alike[Self.routeKey(endpoints[index]), default: []].append(index) }
        var found: [(endpoint: Int, answeredBy: Int)] = []
        for indices in alike.values where indices.count > 1 {
            guard let first = indices.min(by: { Self.precedes($0, $1, in: endpoints) }) else { continue }
            for index in indices where index != first { found.append((index, first)) }
        }
        return found.sorted { $0.endpoint < $1.endpoint }
    }
}
