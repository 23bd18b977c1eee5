package import SwitchboardCore
package import SwitchboardModel
package import SwitchboardSpec

/// The operation an endpoint was made from, kept so that a request can be
/// checked against it (`--validate`, `validate: true`): the description's
/// own names for the path's parameters, which routing knows by the
/// endpoint's (`SpecEndpoints.pattern` makes them fit a path pattern).
package struct SpecContract: EndpointContract {
    package let operation: SpecOperation
    /// The description the operation's schemas refer into.
    package let document: SpecDocument
    /// Each path parameter's name in the pattern → its name in the description.
    let pathNames: [String: String]
    /// What this operation's generated bodies are made with.
    let seed: UInt64

    init(operation: SpecOperation, document: SpecDocument, pattern: PathPattern, seed: UInt64) {
        self.operation = operation
        self.document = document
        self.seed = seed
        let described = SpecEndpoints.parameterNames(in: operation.path)
        let routed = pattern.segments.compactMap { segment -> String? in
            if case .parameter(let name) = segment { return name }
            return nil
        }
        self.pathNames = Dictionary(zip(routed, described), uniquingKeysWith: { first, _ in first })
    }

    /// A request that gets the operation's success under `--validate`
    /// (`SpecRequestExample`), its path's values by the pattern's names.
    package func exampleRequest() -> RequestExample {
        let example = SpecRequestExample(self.operation, in: self.document, seed: self.seed)
        var values: [String: String] = [:]
        for (routed, described) in self.pathNames {
            if let value = example.pathValues[described] { values[routed] = value }
        }
        return RequestExample(
            pathValues: values, query: example.query, headers: example.headers.map { ($0.name, $0.value) },
            body: example.body)
    }

    package func routed(by pattern: PathPattern) -> any EndpointContract {
        SpecContract(operation: self.operation, document: self.document, pattern: pattern, seed: self.seed)
    }

    /// How the request breaks the operation; none when it keeps to it.
    /// `parameters` are the routed path's values by the pattern's names.
    package func violations(
        target: RequestTarget, parameters: [String: String], header: @escaping (String) -> String?, body: [UInt8]
    ) -> [ContractViolation] {
        var values: [String: String] = [:]
        for (name, value) in parameters {
            if let described = self.pathNames[name] { values[described] = value }
        }
        let request = SpecRequest(pathValues: values, query: target.query, header: header, body: body)
        return RequestCheck.violations(of: request, against: self.operation, in: self.document)
    }

    /// How a real API's answer breaks the operation (`live`): `body` as it
    /// came, `nil` when it was not kept whole; a body that cannot be
    /// decoded (brotli) is not checked either, only status and headers.
    package func drift(status: Int, header: (String) -> String?, body: [UInt8]?) -> [ContractViolation] {
        let readable = body.flatMap { DriftBody.checked($0, contentEncoding: header("Content-Encoding")) }
        return ResponseCheck.violations(
            status: status, header: header, body: readable, against: self.operation, in: self.document.components)
    }

    /// Whether the operation documents a response `kind` answers with
    /// (`SpecResponses.documented`).
    package func documents(_ kind: ResponseKind) -> Bool {
        SpecResponses.documented(kind, in: self.operation) != nil
    }

    /// Why the operation cannot answer as `Prefer` asks: a status it does
    /// not document, an example its response does not name; `nil` when it can.
    package func problem(with preference: SpecPreference) -> String? {
        let id = self.operation.operationID ?? "\(self.operation.method) \(self.operation.path)"
        let documented = self.operation.responses.map(\.status.description).joined(separator: ", ")
        guard let response = self.response(preferred: preference, kind: .success) else {
            return "Prefer: code=\(preference.code ?? 0) is not documented for \(id); it documents \(documented)"
        }
        if let name = preference.example {
            let media = response.media.first(where: \.isJSON) ?? response.media.first
            let names = media?.examples.map(\.name) ?? []
            if !names.contains(name) {
                let known = names.isEmpty ? "it has no named examples" : "it has " + names.joined(separator: ", ")
                return
                    "Prefer: example=\(name): \(id)'s \(response.status) response has no example named \(name); \(known)"
            }
        }
        return nil
    }

    /// The answer `Prefer` asks for in place of the one `kind` sends
    /// (checked first by `problem(with:)`). A generated body is the same for
    /// the same `--seed`, as the modes' are.
    package func definition(preferred preference: SpecPreference, kind: ResponseKind) -> ResponseDefinition {
        guard let response = self.response(preferred: preference, kind: kind) else { return .fallback(for: kind) }
        let status = preference.code ?? response.status.servedCode ?? kind.defaultStatus
        let choice: SpecResponses.BodyChoice =
            if let name = preference.example { .example(name) } else if preference.dynamic { .generated } else {
                .documented
            }
        return SpecResponses.definition(
            response, status: status, document: self.document, seed: SpecResponses.seed(self.seed, kind),
            choice: choice)
    }

    /// The documented response `code=` names (exactly, by its range, else
    /// `default`), or without a code the one `kind` answers with.
    private func response(preferred preference: SpecPreference, kind: ResponseKind) -> SpecResponse? {
        let responses = self.operation.responses
        guard let code = preference.code else { return SpecResponses.documented(kind, in: self.operation) }
        return responses.first { $0.status == .code(code) } ?? responses.first { $0.status == .range(code / 100) }
            ?? responses.first { $0.status == .default }
    }
}
