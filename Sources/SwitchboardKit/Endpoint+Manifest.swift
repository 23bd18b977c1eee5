import SwitchboardCore

/// Why endpoints (and scenarios) declared in code cannot be served, in the
/// manifest's words.
public struct EndpointDeclarationError: Error, Sendable, CustomStringConvertible {
    /// One sentence per problem, with the fix.
    public var problems: [String]

    /// Every problem on its own line.
    public var description: String {
        "what is declared in code has problems:\n" + self.problems.map { "  " + $0 }.joined(separator: "\n")
    }
}

extension Endpoint {
    /// The manifest these endpoints and scenarios make, checked as the
    /// manifest loader checks a file: paths that parse, ids that are unique,
    /// profiles and sequences that exist (of modes a step can be),
    /// scenarios that name real endpoints. Every problem is reported at once.
    static func manifest(
        of endpoints: [Endpoint], scenarios: [Scenario] = []
    ) throws(EndpointDeclarationError) -> Manifest {
        var problems: [String] = []
        var definitions: [EndpointDefinition] = []
        var seen = Set<String>()
        var resources: [ResourceDefinition] = []
        for endpoint in endpoints {
            if let resource = endpoint.resource {
                guard let definition = resource.checked(problems: &problems) else { continue }
                for declared in definition.endpoints where !seen.insert(declared.id).inserted {
                    problems.append(
                        "two endpoints have the id '\(declared.id)' — give the resource another name")
                }
                resources.append(definition)
                definitions += definition.endpoints
                continue
            }
            let pattern: PathPattern
            switch PathPattern.parse(endpoint.path) {
            case .success(let parsed): pattern = parsed
            case .failure(let error):
                problems.append("\(endpoint.method) \(endpoint.path): \(error.message) — \(error.fix)")
                continue
            }
            let id = endpoint.id
            if !seen.insert(id).inserted {
                problems.append("two endpoints have the id '\(id)' — give one another id: `id: \"…\"`")
            }
            if let latency = endpoint.startLatency, !LatencyProfile.builtIns.contains(where: { $0.name == latency }) {
                let names = LatencyProfile.builtIns.map(\.name).joined(separator: ", ")
                problems.append("\(id): no latency profile '\(latency)' (built in: \(names))")
            }
            if endpoint.startMode == .sequence && endpoint.sequence.isEmpty {
                problems.append("\(id): starts in mode sequence but has none — add `.sequence([...])`")
            }
            // The manifest's sentences: a rule counts requests of its own,
            // which a step taking its turn cannot.
            for step in endpoint.sequence where step == .sequence || step.isCountRule {
                let what = step == .sequence ? "'sequence'" : "the count rule '\(step.name)'"
                let fix = step == .sequence ? "" : ", or make the rule the endpoint's mode"
                problems.append("\(id): a sequence cannot contain \(what) — list the modes to serve in turn\(fix)")
            }
            problems += endpoint.problems
            // The names a template reads as the endpoint's own, as a manifest's.
            let names = Set(pattern.parameterNames).union(endpoint.query.map(\.name))
            var definition = EndpointDefinition(
                id: id, method: endpoint.method, path: pattern, query: endpoint.query,
                headers: endpoint.headerRequirements,
                success: Self.compiled(
                    endpoint.success, template: !endpoint.successIsData, names: names, id: id, problems: &problems),
                error: Self.compiled(endpoint.error, template: true, names: names, id: id, problems: &problems),
                serverError: Self.compiled(
                    endpoint.serverError, template: true, names: names, id: id, problems: &problems),
                startMode: endpoint.startMode, startLatency: endpoint.startLatency, sequence: endpoint.sequence)
            definition.body = endpoint.bodyRequirements
            definitions.append(definition)
        }
        let scenarios = Scenario.definitions(
            of: scenarios, endpointIDs: definitions.map(\.id), problems: &problems)
        guard problems.isEmpty else { throw EndpointDeclarationError(problems: problems) }
        var manifest = Manifest(
            directory: "", file: "(endpoints declared in code)", endpoints: definitions, scenarios: scenarios)
        manifest.resources = resources
        return manifest
    }

    /// A response as the manifest reader makes it: an inline body a
    /// template (`BodyContent.inline`), header values reading the request's
    /// values only; a name that reads like a template's but is none is a
    /// problem, in the reader's words (`TemplateNames`).
    private static func compiled(
        _ response: ResponseDefinition, template: Bool, names: Set<String>, id: String, problems: inout [String]
    ) -> ResponseDefinition {
        var response = response
        for field in response.headers {
            for unknown in TemplateNames.unknown(in: field.value, names: []) {
                problems.append("\(id): header \(field.name): \(unknown.message) — \(unknown.fix)")
            }
        }
        guard template, case .fixed(var body) = response.body, case .bytes(let bytes) = body.content else {
            return response
        }
        for unknown in TemplateNames.unknown(in: String(decoding: bytes, as: UTF8.self), names: names) {
            problems.append("\(id): \(unknown.message) — \(unknown.fix)")
        }
        body.content = .inline(bytes, names: names)
        response.body = .fixed(body)
        return response
    }
}
