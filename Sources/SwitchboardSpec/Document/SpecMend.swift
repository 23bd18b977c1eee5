/// What the loader mends in a description before OpenAPIKit reads it, and
/// says so in a warning on its line: the omissions and slips that Prism
/// and most tools serve, and OpenAPIKit, right by the letter of OpenAPI,
/// refuses. One entry a shape; `SpecMender` finds them, and
/// `SpecMendTests` holds a document of each.
public enum SpecMend: String, CaseIterable, Sendable {
    /// No `info`: one with an empty title and version is read.
    case noInfo
    /// `info` without `title` or `version`: the missing one is empty.
    case infoField
    /// A response without `description`: it is empty.
    case responseDescription
    /// A parameter or header with neither `schema` nor `content`: any value.
    case parameterSchema
    /// A key in `content` that is no media type (`description:` written one
    /// level too deep): left out.
    case contentKey
    /// `example` beside `examples`, which OpenAPI allows only one of: the
    /// `examples` are read.
    case exampleBesideExamples
    /// An OAuth flow without `scopes`: it has none.
    case flowScopes
    /// An integer's bound past what an integer holds
    /// (`maximum: 9223372036854776000`), or with a fraction: the nearest
    /// integer inside it.
    case integerBound
    /// OpenAPI 3.0's `exclusiveMinimum: true` in a 3.1 document: read as
    /// 3.0 meant it, the number of `minimum` made exclusive.
    case booleanExclusiveBound
    /// OpenAPI 3.0's `nullable: true` in a 3.1 document: read as a type that
    /// also allows `null`.
    case nullable
    /// A schema's `$ref` that names nothing in `components`, another file,
    /// or a place that is not a schema of `components`: read as any value.
    case schemaReference

    /// The warning's words; `detail` names the value mended.
    func message(_ detail: String) -> String {
        switch self {
        case .noInfo: "the description has no `info`; read as an empty title and version"
        case .infoField: "`info` has no `\(detail)`; read as empty"
        case .responseDescription: "this response has no `description`; read as empty"
        case .parameterSchema: "\(detail) has no `schema` (nor `content`); any value is accepted"
        case .contentKey: "`\(detail)` in `content` is not a media type (`application/json`); left out"
        case .exampleBesideExamples: "`example` beside `examples` (OpenAPI allows one); the `examples` are read"
        case .flowScopes: "this OAuth flow has no `scopes`; read as none"
        case .integerBound: "an integer's \(detail)"
        case .booleanExclusiveBound: "\(detail) is OpenAPI 3.0's form in a 3.1 document; read as 3.0 meant it"
        case .nullable: "`nullable: true` is OpenAPI 3.0's in a 3.1 document; read as a type that allows null"
        case .schemaReference: "the schema `$ref` `\(detail)`; read as any value"
        }
    }

    /// What to write instead.
    var fix: String {
        switch self {
        case .noInfo: "add `info: {title: …, version: …}`"
        case .infoField: "add it to `info`"
        case .responseDescription: "add `description: …`"
        case .parameterSchema: "add a `schema` (`schema: {type: string}`)"
        case .contentKey: "put it beside `content`, or remove it"
        case .exampleBesideExamples: "keep one of them"
        case .flowScopes: "add `scopes: {}`"
        case .integerBound: "write a bound from -9223372036854775808 to 9223372036854775807"
        case .booleanExclusiveBound: "in 3.1, write the bound itself: `exclusiveMinimum: 0`"
        case .nullable: "in 3.1, write `type: [string, \"null\"]`"
        case .schemaReference:
            "point it at an entry of `components.schemas` in the same file (other files are not read)"
        }
    }
}
