/// The one rule for a `{name}` in an inline body or a header value that
/// reads like a template name but is none: not a parameter of the
/// endpoint, not a `RequestValue`. Almost always a typo, so the manifest
/// reader reports it on its line and the builder in code with its other
/// problems, in the same words. (JSON's own braces, `{"a": 1}`, do not
/// read like one.)
public enum TemplateNames {
    public struct Unknown: Equatable, Sendable {
        /// `unknown name '{bdy.name}' in a template`.
        public var message: String
        /// `did you mean '{body.name}'?`, or the names there are.
        public var fix: String
    }

    /// Each such name in `text`, given the endpoint's `names`.
    public static func unknown(in text: String, names: Set<String>) -> [Unknown] {
        Self.candidates(in: text).compactMap { name in
            guard Self.readsLikeAName(name), !names.contains(name), RequestValue(name: name) == nil else { return nil }
            let known = names.sorted() + RequestValue.examples
            let fix =
                (Self.respelledPrefix(name) ?? EditDistance.suggestion(for: name, among: known))
                .map { "did you mean '{\($0)}'?" }
                ?? "names here: " + known.map { "{\($0)}" }.joined(separator: ", ")
            return Unknown(message: "unknown name '{\(name)}' in a template", fix: fix)
        }
    }

    /// What stands between each `{` and the next `}` with no `{` between,
    /// as `TextTemplate` finds its names: the `{uuid}` in
    /// `{"id":"{uuid}"}` (the object's own brace is not one).
    private static func candidates(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else { break }
            let inside = after[..<close]
            if inside.contains("{") {
                rest = after
                continue
            }
            names.append(String(inside))
            rest = after[after.index(after: close)...]
        }
        return names
    }

    /// `{bdy.name}` as `{body.name}`: a misspelled prefix, the rest kept.
    private static func respelledPrefix(_ name: String) -> String? {
        guard let dot = name.firstIndex(of: ".") else { return nil }
        let prefix = String(name[..<dot])
        guard let near = EditDistance.suggestion(for: prefix, among: ["header", "query", "body", "now"]) else {
            return nil
        }
        let respelled = near + name[dot...]
        return RequestValue(name: respelled) != nil ? respelled : nil
    }

    /// Letters first, then letters, digits and `_-.:[]`: `{user}`,
    /// `{body.items[0]}`, `{random:1..6}`, not `{"a": 1}` or `{ }`.
    private static func readsLikeAName(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || "_-.:[]\"'".contains($0) }
    }
}
