public import OpenAPIKit
public import SwitchboardJSON
public import SwitchboardModel

/// A JSON value checked against an OpenAPI schema: every way it breaks the
/// schema, each with its place in the value and a few words.
///
/// Covers the JSON Schema keywords OpenAPI descriptions use, as OpenAPIKit
/// models them: `type` (3.1 type arrays and 3.0 `nullable`, integer apart
/// from number), `enum`/`const`, `required`, `properties`,
/// `additionalProperties`, `patternProperties`, `items`/`prefixItems`,
/// bounds (exclusive too), `multipleOf`, lengths, `pattern`, the checkable
/// `format`s (`StringFormat`, `int32`/`int64`), `allOf`/`oneOf`/`anyOf`/
/// `not`, `discriminator` (as OpenAPI 3.0 validators read it: the value's
/// property picks the one branch it is checked against), item and property
/// counts and `uniqueItems`. With a `use`, a required `readOnly` property
/// may be missing from a request, and a `writeOnly` one from an answer.
///
/// What OpenAPIKit's model does not keep is not checked either: a type
/// array's second non-null type, and a reference to anything but a
/// component (keywords beside a combinator are kept when the loader folds
/// them in first, `CombinatorSiblings`). One thing is stricter than JSON
/// Schema: a schema with object keywords (`properties`, `required`) and no
/// `type` is an object in that model, so a string is `expected object`,
/// which is what such a schema's author means.
public enum SchemaCheck {
    /// The ways `value` breaks `schema`, in the order met; none when it
    /// satisfies it. `location` names the value (`body`, `query.limit`);
    /// `use` says which way it travels, when it does.
    public static func violations(
        of value: JSONValue, against schema: JSONSchema, in components: OpenAPI.Components, at location: String,
        for use: SchemaUse? = nil
    ) -> [ContractViolation] {
        let checker = SchemaChecker(references: SchemaReferences(components: components), use: use, bounded: true)
        let found = checker.violations(of: value, against: schema, at: location, depth: 0)
        // What was found before the steps ran out may be one branch's
        // complaint of many: say only that the value was not checked.
        guard !checker.exhausted else {
            return [SchemaChecker.notChecked(at: location)]
        }
        guard found.count > SchemaChecker.listLimit else { return found }
        return found.prefix(SchemaChecker.listLimit)
            + [ContractViolation(location: location, message: SchemaChecker.moreNotListed)]
    }
}
