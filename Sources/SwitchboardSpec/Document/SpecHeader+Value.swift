public import OpenAPIKit

extension SpecHeader {
    /// The text a response sends this header with: its example, else a
    /// value generated from its schema (`SchemaSample`; a plain string
    /// where it has none), the same for the same `seed`, written as OpenAPI's
    /// `simple` style writes it (`ParameterText`).
    public func value(in components: OpenAPI.Components, seed: UInt64) -> String {
        ParameterText.text(self.example ?? SchemaSample.value(for: self.schema ?? .string, in: components, seed: seed))
    }
}
