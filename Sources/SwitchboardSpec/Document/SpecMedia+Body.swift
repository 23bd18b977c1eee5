public import OpenAPIKit
public import SwitchboardJSON

extension SpecMedia {
    /// The example a response of this type is answered with: the media
    /// type's `example`, else its first named `examples` entry, else the
    /// schema's own example; `nil` when the description gives none (the
    /// body is then generated from the schema, `SchemaSample`).
    public func documentedExample(in components: OpenAPI.Components) -> JSONValue? {
        if let example = self.example { return example }
        if let first = self.examples.first { return first.value }
        guard let schema = self.schema else { return nil }
        let resolved = (try? components.lookup(schema)) ?? schema
        return resolved.examples.first.flatMap(JSONValue.init(openAPI:))
    }
}
