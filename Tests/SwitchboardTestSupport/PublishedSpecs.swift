import Foundation

/// The public OpenAPI descriptions in `Tests/Specs` (SOURCES.md there), each
/// with how many operations it has: one list for the tests that read, serve
/// and check them all.
public enum PublishedSpecs {
    public static let folder = RepositoryPaths.root.appendingPathComponent("Tests/Specs")

    /// Every description Switchboard reads (the Swagger 2.0 one aside).
    public static let all: [(file: String, operations: Int)] = [
        ("oai-examples/v3.0-api-with-examples.yaml", 2), ("oai-examples/v3.0-callback-example.yaml", 1),
        ("oai-examples/v3.0-link-example.yaml", 6), ("oai-examples/v3.0-petstore-expanded.yaml", 4),
        ("oai-examples/v3.0-petstore.yaml", 3), ("oai-examples/v3.0-uspto.yaml", 3),
        ("oai-examples/v3.1-webhook-example.yaml", 0), ("swagger-petstore/openapi.yaml", 19),
        ("box/openapi.json", 296), ("swift-openapi-generator/hello-world.yaml", 1),
        ("swift-openapi-generator/various-content-types.yaml", 11),
    ]
}
