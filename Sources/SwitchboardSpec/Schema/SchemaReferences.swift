import OpenAPIKit

/// `$ref`s read through a document's `components`: the one way the sampler
/// and the checker follow a reference or a discriminator's mapping.
struct SchemaReferences {
    let components: OpenAPI.Components

    /// What `schema` stands for: itself, or the schema its reference names
    /// (through chains of references); `nil` when the reference names
    /// nothing in `components` or only goes round a cycle of references.
    func resolved(_ schema: JSONSchema) -> JSONSchema? {
        guard case .reference(let reference, _) = schema.value else { return schema }
        return self.components[reference]
    }

    /// The component a reference names (`Pet` for
    /// `#/components/schemas/Pet`): the key recursion is counted by, and a
    /// discriminator's value when its mapping says nothing else.
    static func name(of schema: JSONSchema) -> String? {
        guard case .reference(let reference, _) = schema.value else { return nil }
        return reference.name
    }

    /// The schema a discriminator value stands for: its mapping's
    /// reference (`#/components/schemas/Cat`, or a bare name), else the
    /// component named like the value itself.
    func schema(forDiscriminatorValue value: String, in discriminator: OpenAPI.Discriminator) -> JSONSchema? {
        let target = discriminator.mapping?[value] ?? value
        let prefix = "#/components/schemas/"
        let name = target.hasPrefix(prefix) ? String(target.dropFirst(prefix.count)) : target
        guard let key = OpenAPI.ComponentKey(rawValue: name) else { return nil }
        return self.components.schemas[key].flatMap { self.resolved($0) }
    }

    /// The value a discriminator gives a branch: the mapping's key that
    /// names the branch's component, else the component's own name.
    static func discriminatorValue(for branch: JSONSchema, in discriminator: OpenAPI.Discriminator) -> String? {
        guard let name = self.name(of: branch) else { return nil }
        let reference = "#/components/schemas/" + name
        if let (key, _) = discriminator.mapping?.first(where: { $0.value == reference || $0.value == name }) {
            return key
        }
        return name
    }
}
