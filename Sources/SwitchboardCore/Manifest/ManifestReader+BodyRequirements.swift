import SwitchboardJSON
import Yams

/// `body:` on an endpoint: what a request's body must hold.
///
///     body:
///       json: { username: alice }          # at least these keys and values
///       json_equals: { username: alice }   # exactly this document
///       paths: { "$.items[0].sku": "*" }   # a value at a place ("*": any)
///       form: { username: alice }          # form fields (x-www-form-urlencoded)
///       text: "*hello*"                    # the text, `*` for any run
extension ManifestReader {
    static let bodyRequirementKeys = ["json", "json_equals", "paths", "form", "text"]
    private static let bodyExample = "e.g. 'body: { json: { username: alice } }'"

    mutating func readBodyRequirements(_ node: Node) -> [BodyRequirement] {
        guard case .mapping = node else {
            self.report(at: node, "'body' should be a mapping of requirements", fix: Self.bodyExample)
            return []
        }
        guard let fields = self.mapping(node, what: "'body'") else { return [] }
        self.checkKeys(fields, allowed: Self.bodyRequirementKeys, in: "'body'")
        if fields.isEmpty {
            self.report(at: node, "'body' names no requirement", fix: Self.bodyExample)
        }
        var requirements: [BodyRequirement] = []
        if let json = fields.value(for: "json"), let value = self.jsonValue(json, what: "'json' in 'body'") {
            requirements += BodyRequirement.containing(value)
        }
        if let json = fields.value(for: "json_equals"),
            let value = self.jsonValue(json, what: "'json_equals' in 'body'")
        {
            requirements.append(.json(path: JSONPath([]), value: value, exact: true))
        }
        if let paths = fields.value(for: "paths"), let entries = self.mapping(paths, what: "'paths' in 'body'") {
            for entry in entries {
                guard let path = JSONPath(parsing: entry.key) else {
                    self.report(
                        at: entry.keyNode, "'\(entry.key)' is not a JSON path",
                        fix: "start at the body's root, e.g. '$.items[0].sku' or '$.user[\"first name\"]'")
                    continue
                }
                guard let value = self.jsonValue(entry.value, what: "'\(entry.key)' in 'paths'") else { continue }
                requirements.append(.value(value, at: path))
            }
        }
        if let form = fields.value(for: "form") {
            for pair in self.stringPairs(form, what: "'form' in 'body'") {
                requirements.append(.field(pair.name, pair.value))
            }
        }
        if let text = fields.value(for: "text"), let pattern = self.string(text, what: "'text' in 'body'") {
            requirements.append(.text(TextPattern(pattern)))
        }
        return requirements
    }

    /// A YAML value as the JSON it stands for.
    private mutating func jsonValue(_ node: Node, what: String) -> JSONValue? {
        if case .alias = node {
            self.report(at: node, "\(what) cannot be a YAML alias", fix: "write the value out")
            return nil
        }
        guard let value = JSONValue(bytes: YAMLToJSON.encode(node)) else {
            self.report(at: node, "\(what) is not a JSON value", fix: Self.bodyExample)
            return nil
        }
        return value
    }
}
