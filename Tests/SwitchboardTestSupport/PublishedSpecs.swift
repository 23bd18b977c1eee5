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

    /// The start of the Python scripts that check the real binary against
    /// these descriptions: `spec`, the description at argv[1] (JSON, or
    /// YAML with its dates kept as strings, as they are in JSON), and
    /// `resolve(node)`, which follows `#/components/…` references, and
    /// `send(request)`, the status and body of the server's answer (an
    /// error status is an answer too).
    public static let pythonReader = #"""
        import json, sys, yaml

        class Loader(yaml.SafeLoader):
            pass
        Loader.yaml_implicit_resolvers = {
            key: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
            for key, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}

        text = open(sys.argv[1]).read()
        spec = json.loads(text) if text.lstrip().startswith("{") else yaml.load(text, Loader=Loader)

        def resolve(node):
            while isinstance(node, dict) and "$ref" in node and node["$ref"].startswith("#/components/"):
                _, _, kind, name = node["$ref"].split("/", 3)
                node = spec["components"][kind][name]
            return node

        import urllib.error, urllib.request

        def send(request):
            try:
                with urllib.request.urlopen(request) as answer:
                    return answer.status, answer.read()
            except urllib.error.HTTPError as error:
                return error.code, error.read()

        """#
}
