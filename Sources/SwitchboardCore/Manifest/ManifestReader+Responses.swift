import Yams

extension ManifestReader {
    static let responseKeys = ["status", "headers", "file", "json", "body"]
    static let bodyKeys = ["file", "json", "body"]

    mutating func readResponse(_ node: Node, kind: ResponseKind, names: Set<String>) -> ResponseDefinition? {
        guard let fields = self.mapping(node, what: "'\(kind.rawValue)'") else { return nil }
        self.checkKeys(fields, allowed: Self.responseKeys, in: "'\(kind.rawValue)'")

        var response = ResponseDefinition(
            status: kind.defaultStatus, body: .fixed(FixtureBody(contentType: nil, content: .bytes([]))))
        if let statusNode = fields.value(for: "status"),
            let status = self.integer(statusNode, what: "status", range: 100...599)
        {
            response.status = status
        }
        if let headersNode = fields.value(for: "headers") {
            // Header values read the request's values only (`RequestValue`).
            response.headers = self.readHeaders(headersNode)
        }
        let bodies = fields.filter { Self.bodyKeys.contains($0.key) }
        if bodies.count > 1 {
            self.report(
                at: bodies[1].keyNode, "'\(kind.rawValue)' has both '\(bodies[0].key)' and '\(bodies[1].key)'",
                fix: "keep one of file, json or body")
            return nil
        }
        let explicitType = response.hasExplicitContentType
        if let body = bodies.first {
            switch body.key {
            case "file":
                guard let spec = self.string(body.value, what: "file") else { return nil }
                guard let loaded = self.readFileBody(spec, node: body.value, names: names, explicitType: explicitType)
                else { return nil }
                response.body = loaded
            case "json":
                self.checkTemplateNames(in: body.value, names: names)
                response.body = .fixed(
                    FixtureBody(
                        contentType: explicitType ? nil : "application/json",
                        content: .inline(YAMLToJSON.encode(body.value), names: names)))
            default:
                guard let text = self.string(body.value, what: "body") else { return nil }
                self.checkTemplateNames(in: body.value, names: names)
                response.body = .fixed(
                    FixtureBody(
                        contentType: explicitType ? nil : ContentTypes.forInlineText(text),
                        content: .inline(Array(text.utf8), names: names)))
            }
        } else if kind != .success && !fields.contains(where: { $0.key == "status" || $0.key == "headers" }) {
            return nil
        } else if kind != .success {
            // A status without a body still gets the default error text.
            let fallback = ResponseDefinition.fallback(for: kind)
            response.body = explicitType ? .fixed(FixtureBody(contentType: nil, content: .bytes([]))) : fallback.body
        }
        return response
    }

    private mutating func readFileBody(
        _ spec: String, node: Node, names: Set<String>, explicitType: Bool
    ) -> ResponseBody? {
        let pattern = TextTemplate(spec, names: names)
        // Braces that are not a known parameter are almost always a typo.
        for unknown in FixtureFolder.placeholders(in: spec)
        where !names.contains(unknown) && RequestValue(name: unknown) == nil {
            let fix =
                EditDistance.suggestion(for: unknown, among: names).map { "did you mean '{\($0)}'?" }
                ?? (names.isEmpty
                    ? "this endpoint has no parameters; add ':\(unknown)' to its path or '\(unknown)' under 'query:'"
                    : "parameters here: " + names.sorted().map { "{\($0)}" }.joined(separator: ", "))
            self.report(
                at: node, "file '\(spec)' uses '{\(unknown)}', which is not a parameter of this endpoint", fix: fix)
            return nil
        }
        if !pattern.hasParameters {
            switch self.fixtures.read(spec) {
            case .success(let bytes):
                return .fixed(self.fixtures.body(bytes, relativePath: spec, names: names, explicitType: explicitType))
            case .failure(let problem):
                self.report(at: node, problem.message, fix: problem.fix)
                return nil
            }
        }
        switch self.fixtures.readAll(matching: pattern) {
        case .success(let files):
            var bodies: [String: FixtureBody] = [:]
            for (path, bytes) in files {
                bodies[path] = self.fixtures.body(bytes, relativePath: path, names: names, explicitType: explicitType)
            }
            return .perRequestFile(pattern: pattern, files: bodies)
        case .failure(let problem):
            self.report(at: node, problem.message, fix: problem.fix)
            return nil
        }
    }

    package static func isValidHeader(name: String, value: String) -> Bool {
        let tokenSymbols = Set("!#$%&'*+-.^_`|~")
        let nameOK =
            !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || tokenSymbols.contains($0)) }
        let valueOK = value.unicodeScalars.allSatisfy { $0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F) }
        return nameOK && valueOK
    }
}

extension ManifestReader {
    /// Reports each `{name}` in an inline body's text that reads like a
    /// template name but is none: not a parameter of the endpoint, not a
    /// `RequestValue`. (JSON's own braces, `{"a": 1}`, do not read like
    /// one; body files are not checked: their braces may be anything.)
    mutating func checkTemplateNames(in node: Node, names: Set<String>) {
        switch node {
        case .mapping(let mapping):
            for (key, value) in mapping {
                self.checkTemplateNames(in: key, names: names)
                self.checkTemplateNames(in: value, names: names)
            }
        case .sequence(let items):
            for item in items { self.checkTemplateNames(in: item, names: names) }
        case .scalar(let scalar):
            for unknown in TemplateNames.unknown(in: scalar.string, names: names) {
                self.report(at: node, unknown.message, fix: unknown.fix)
            }
        case .alias:
            break
        }
    }
}
