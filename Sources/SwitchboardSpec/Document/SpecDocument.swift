public import OpenAPIKit

/// An OpenAPI description as Switchboard serves it: its operations as plain
/// values, the base path its first server names, and the components its
/// schemas' `$ref`s point into. 3.0 documents arrive converted to the 3.1
/// model, so nothing downstream tells the two apart.
public struct SpecDocument: Sendable {
    public var version: SpecVersion
    /// `info.title`.
    public var title: String
    /// The path of the first server's URL (`/api/v3` for
    /// `https://petstore3.swagger.io/api/v3`), without a trailing slash;
    /// empty when it has none (`SpecBasePath`).
    public var basePath: String
    /// Every operation under `paths`, in document order (webhooks are
    /// requests the API sends, not ones it answers: not listed).
    public var operations: [SpecOperation]
    /// Where schemas' references are looked up.
    public var components: OpenAPI.Components
    /// Its examples as written, for sending them so.
    public var examples: SpecExampleOrder
    /// What was mended to read it (`SpecMend`), each on its line: served,
    /// and said.
    public var warnings: [SpecProblem] = []

    public init(
        version: SpecVersion, title: String, basePath: String, operations: [SpecOperation],
        components: OpenAPI.Components, examples: SpecExampleOrder = .none
    ) {
        self.version = version
        self.title = title
        self.basePath = basePath
        self.operations = operations
        self.components = components
        self.examples = examples
    }
}
