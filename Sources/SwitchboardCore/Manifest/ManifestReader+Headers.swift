import Yams

extension ManifestReader {
    /// A response's `headers`: `Name: value`, a template whose
    /// `RequestValue` names are filled for each answer (and checked here),
    /// or `Name: { literal: value }`, sent as written, braces and all: what
    /// `import` writes for a description's header examples, which are data.
    mutating func readHeaders(_ node: Node) -> [HeaderField] {
        guard let entries = self.mapping(node, what: "'headers'") else { return [] }
        var fields: [HeaderField] = []
        for entry in entries {
            let what = "'\(entry.key)' in 'headers'"
            var valueNode = entry.value
            var isTemplate = true
            if case .mapping = entry.value {
                guard let inner = self.mapping(entry.value, what: what) else { continue }
                self.checkKeys(inner, allowed: ["literal"], in: what)
                guard let literal = inner.value(for: "literal") else {
                    self.report(
                        at: entry.value, "header '\(entry.key)' is a mapping without 'literal'",
                        fix: "write the value, or { literal: \"…\" } to send it as written")
                    continue
                }
                valueNode = literal
                isTemplate = false
            }
            guard let value = self.string(valueNode, what: what) else { continue }
            if isTemplate { self.checkTemplateNames(in: valueNode, names: []) }
            guard Self.isValidHeader(name: entry.key, value: value) else {
                self.report(
                    at: valueNode, "header '\(entry.key)' has a name or value that cannot be sent",
                    fix: "header names are letters, digits and '-'; values are one line")
                continue
            }
            fields.append(HeaderField(name: entry.key, value: value, isTemplate: isTemplate))
        }
        return fields
    }
}
