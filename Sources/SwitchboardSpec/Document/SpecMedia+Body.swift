public import OpenAPIKit
public import SwitchboardControl

extension SpecMedia {
    /// The body a response of this type is answered with: the media type's
    /// `example`, else its first named `examples` entry, else the schema's
    /// own example, else a value generated from the schema (`SchemaSample`,
    /// the same for the same `seed`, for `use`: a request's has no
    /// `readOnly` property); `nil` when the description gives neither
    /// example nor schema.
    public func body(in components: OpenAPI.Components, seed: UInt64, use: SchemaUse = .response) -> JSONValue? {
        if let example = self.example { return example }
        if let first = self.examples.first { return first.value }
        guard let schema = self.schema else { return nil }
        let resolved = (try? components.lookup(schema)) ?? schema
        if let example = resolved.examples.first.flatMap(JSONValue.init(openAPI:)) { return example }
        return SchemaSample.value(for: schema, in: components, seed: seed, use: use)
    }
}
