import SwitchboardModel
import Yams

extension ManifestReader {
    /// In the order "allowed here" has always listed them; a setting key
    /// (`SettingKey`) not among them joins at the end.
    static let endpointKeys: [String] = {
        let listed = [
            "id", "description", "method", "path", "query", "headers", "body", "success", "error", "server_error",
            "mode", "latency", "sequence", "upstream", "rate_limit", "rate_limit_key", "toxics",
        ]
        return listed + SettingKey.names.filter { !listed.contains($0) }
    }()
    static let knownMethods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]

    mutating func readEndpoints(_ node: Node, profiles: [LatencyProfile]) -> [EndpointDefinition] {
        guard case .sequence(let list) = node else {
            self.report(at: node, "'endpoints' should be a list", fix: "start each endpoint with '- method: GET'")
            return []
        }
        var endpoints: [EndpointDefinition] = []
        var seenIDs: [String: Int] = [:]
        var seenRoutes: [String: Int] = [:]
        let declaredIDs = Set(list.compactMap(Self.explicitID))
        for item in list {
            guard var endpoint = self.readEndpoint(item, profiles: profiles) else { continue }
            let line = endpoint.location?.line ?? 0
            // Derived ids of endpoints that differ only by query or headers
            // would collide: number them instead of complaining.
            if Self.explicitID(item) == nil {
                let base = endpoint.id
                var number = 2
                // Nor may a derived id take one that a later entry declares.
                while seenIDs[endpoint.id] != nil || declaredIDs.contains(endpoint.id) {
                    endpoint.id = "\(base)-\(number)"
                    number += 1
                }
            }
            if let first = seenIDs[endpoint.id] {
                self.report(
                    at: item, "endpoint id '\(endpoint.id)' is already used by the endpoint at line \(first)",
                    fix: "give this endpoint its own 'id:'")
                continue
            }
            let route = Self.routeKey(endpoint)
            if let first = seenRoutes[route] {
                self.report(
                    at: item,
                    "duplicate endpoint \(endpoint.signature): the endpoint at line \(first) already matches the same requests",
                    fix: "remove one, or tell them apart with 'query:', 'headers:' or 'body:'")
                continue
            }
            seenIDs[endpoint.id] = line
            seenRoutes[route] = line
            endpoints.append(endpoint)
        }
        return endpoints
    }

    /// The requests a path matches, whatever its parameters are called
    /// (`EndpointTable.routeShape`).
    static func routeShape(_ path: PathPattern) -> String { EndpointTable.routeShape(path) }

    private static func explicitID(_ node: Node) -> String? {
        guard case .mapping(let mapping) = node else { return nil }
        return mapping.first { $0.key.scalar?.string == "id" }?.value.scalar?.string
    }

    /// Two endpoints with equal keys would match exactly the same requests
    /// (`EndpointTable.routeKey`).
    static func routeKey(_ endpoint: EndpointDefinition) -> String { EndpointTable.routeKey(endpoint) }

    private mutating func readEndpoint(_ node: Node, profiles: [LatencyProfile]) -> EndpointDefinition? {
        guard let fields = self.mapping(node, what: "an endpoint") else { return nil }
        self.checkKeys(fields, allowed: Self.endpointKeys, in: "an endpoint")

        let method = fields.value(for: "method").flatMap { self.method($0) }
        if fields.value(for: "method") == nil {
            self.report(at: node, "endpoint has no 'method'", fix: "add e.g. 'method: GET'")
        }
        var path: PathPattern?
        if let pathNode = fields.value(for: "path") {
            if let text = self.string(pathNode, what: "path") {
                switch PathPattern.parse(text) {
                case .success(let pattern): path = pattern
                case .failure(let problem): self.report(at: pathNode, problem.message, fix: problem.fix)
                }
            }
        } else {
            self.report(at: node, "endpoint has no 'path'", fix: "add e.g. 'path: /users/:id'")
        }

        var query: [ValueRequirement] = []
        if let queryNode = fields.value(for: "query") {
            query = self.stringPairs(queryNode, what: "'query'").map {
                ValueRequirement(name: $0.name, declared: $0.value)
            }
        }
        var headers: [ValueRequirement] = []
        if let headersNode = fields.value(for: "headers") {
            headers = self.stringPairs(headersNode, what: "'headers'").map {
                ValueRequirement(name: $0.name, declared: $0.value)
            }
        }

        var body: [BodyRequirement] = []
        if let bodyNode = fields.value(for: "body") {
            body = self.readBodyRequirements(bodyNode)
        }

        // Keep checking the rest of an endpoint whose method or path is
        // broken, so that every problem shows up in one run.
        let pathNames =
            path?.parameterNames
            ?? (fields.value(for: "path").flatMap { $0.scalar?.string } ?? "").split(separator: "/")
            .filter { $0.hasPrefix(":") }.map { String($0.dropFirst()) }
        let names = Set(pathNames).union(query.map(\.name))
        let placeholderPath = PathPattern(segments: [])
        var endpoint = EndpointDefinition(
            id: EndpointDefinition.derivedID(method: method ?? "GET", path: path ?? placeholderPath),
            method: method ?? "GET", path: path ?? placeholderPath, query: query, headers: headers,
            location: node.mark.map { SourceLocation(line: $0.line, column: $0.column) })
        endpoint.body = body

        if let idNode = fields.value(for: "id"), let id = self.string(idNode, what: "id") {
            if id.isEmpty || !id.allSatisfy(\.isEndpointIDCharacter) {
                self.report(
                    at: idNode, "id '\(id)' may only use letters, digits, '-', '_' and '.'", fix: "e.g. 'id: get-user'")
            } else {
                endpoint.id = id
            }
        }
        for kind in ResponseKind.allCases {
            guard let responseNode = fields.value(for: kind.rawValue) else { continue }
            if let response = self.readResponse(responseNode, kind: kind, names: names) {
                switch kind {
                case .success: endpoint.success = response
                case .error: endpoint.error = response
                case .serverError: endpoint.serverError = response
                }
            }
        }
        if let sequenceNode = fields.value(for: "sequence") {
            endpoint.sequence = self.sequence(sequenceNode)
        }
        if let upstreamNode = fields.value(for: "upstream") {
            endpoint.upstream = self.upstream(upstreamNode)
        }
        let start = self.readSettingChange(fields, profiles: profiles)
        if start.mode == .sequence && endpoint.sequence.isEmpty, let modeNode = fields.value(for: "mode") {
            self.report(
                at: modeNode, "mode 'sequence' needs a 'sequence:' list on this endpoint",
                fix: "add e.g. 'sequence: [success, success, server_error]'")
            endpoint.startMode = .sequence
        }
        endpoint.start.apply(start, hasSequence: !endpoint.sequence.isEmpty)
        if let node = fields.value(for: "rate_limit_key"), fields.value(for: "rate_limit") == nil {
            self.report(
                at: node, "'rate_limit_key' needs a 'rate_limit' on the same endpoint",
                fix: "add e.g. 'rate_limit: 5/s'")
        }
        return method == nil || path == nil ? nil : endpoint
    }

    /// `[success, success, server_error]`: any modes but `sequence` itself
    /// and the count rules (which count requests of their own).
    private mutating func sequence(_ node: Node) -> [Mode] {
        guard case .sequence(let items) = node, !items.isEmpty else {
            self.report(
                at: node, "'sequence' should be a list of modes",
                fix: "e.g. 'sequence: [success, success, server_error]'")
            return []
        }
        var modes: [Mode] = []
        for item in items {
            guard let mode = self.mode(item, what: "a sequence step") else { continue }
            if mode == .sequence {
                self.report(at: item, "a sequence cannot contain 'sequence'", fix: "list the modes to serve in turn")
                continue
            }
            if mode.isCountRule {
                self.report(
                    at: item, "a sequence cannot contain the count rule '\(mode.name)'",
                    fix: "list the modes to serve in turn, or make the rule the endpoint's mode")
                continue
            }
            modes.append(mode)
        }
        return modes
    }

    private mutating func method(_ node: Node) -> String? {
        guard let text = self.string(node, what: "method") else { return nil }
        let upper = text.uppercased()
        if Self.knownMethods.contains(upper) { return upper }
        let isToken = !upper.isEmpty && upper.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "-") }
        if let suggestion = EditDistance.suggestion(for: upper, among: Self.knownMethods) {
            self.report(at: node, "unknown method '\(text)'", fix: "did you mean '\(suggestion)'?")
            return nil
        }
        guard isToken else {
            self.report(
                at: node, "'\(text)' is not an HTTP method",
                fix: "use one of " + Self.knownMethods.joined(separator: ", "))
            return nil
        }
        return upper
    }
}
