public import OpenAPIKit
public import SwitchboardJSON

/// A JSON value generated from an OpenAPI schema: what a fake API answers
/// when the description gives no example. It satisfies the schema
/// (`SchemaCheck` finds nothing in it) wherever the schema can be
/// satisfied by the rules below, and is the same for the same seed.
///
/// - The schema's own `example`/`examples` (first), else its `default`, is
///   taken when it satisfies the schema; else an `enum`/`const` member.
/// - Objects get their required properties and, like Prism, their optional
///   ones too, down to a depth: a body then looks like the real API's, and
///   a `required` list that OpenAPIKit drops beside an `allOf` is still
///   met. An optional property that would enter a component the value is
///   already inside (recursion) is left out; a required one ends in the
///   smallest valid value (null where allowed, only required properties,
///   the fewest items).
/// - Strings follow `format` (`StringFormat`), then `pattern` (the simple
///   patterns `PatternSample` reads; else a plain word, which then does not
///   match), then lengths. Numbers keep within bounds (exclusive too) and
///   `multipleOf`. Arrays have one or two items (`minItems`/`maxItems`
///   first), distinct when `uniqueItems`.
/// - `allOf` is merged (objects' properties together), `oneOf`/`anyOf`
///   take the first branch whose sample the whole schema accepts, with a
///   discriminator's value set for that branch; 3.1 type arrays and 3.0
///   `nullable` give a non-null value (null only past the depth).
/// - A value for an answer (`use`, the default) has no `writeOnly`
///   property, one for a request no `readOnly` one, required or not.
public enum SchemaSample {
    public static func value(
        for schema: JSONSchema, in components: OpenAPI.Components, seed: UInt64, use: SchemaUse = .response
    ) -> JSONValue {
        let references = SchemaReferences(components: components)
        // Bounded: `A: oneOf: [$ref: A, $ref: A]` doubles the work at each
        // of the 64 references a sample may enter (and each check of it the
        // same), so sampling and its checks share the checker's steps, and a
        // sample past them is null (then honestly invalid).
        let checker = SchemaChecker(references: references, use: use, bounded: true)
        let sampler = SchemaSampler(references: references, checker: checker)
        return sampler.sample(schema, draw: SampleDraw(seed: seed), trail: SampleTrail())
    }
}
