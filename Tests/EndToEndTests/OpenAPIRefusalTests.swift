import Foundation
import SwitchboardTestSupport
import Testing

/// Issue 26's proof for `--validate`, on every public description in
/// Tests/Specs: for each operation with something a request can break (a
/// typed property of its JSON body, a typed or required parameter), the
/// real binary answers a request that breaks it 422, naming that field,
/// though the request carries the credentials the operation asks for.
/// The requests are written by Python from the description itself, not by
/// our code.
@Suite struct OpenAPIRefusalTests {
    static let specs = PublishedSpecs.folder
    /// How many operations of each have something the script can break (a
    /// typed property of a JSON body, a typed or required query or path
    /// parameter); the rest take only strings or bodies of other types.
    static let breakable = [
        "box/openapi.json": 143, "swagger-petstore/openapi.yaml": 11, "oai-examples/v3.0-petstore-expanded.yaml": 4,
        "oai-examples/v3.0-callback-example.yaml": 1, "oai-examples/v3.0-petstore.yaml": 1,
        "swift-openapi-generator/various-content-types.yaml": 2,
    ]

    @Test(
        .enabled("needs `pip install pyyaml`; CI requires it", OpenAPIServeTests.validatorInstalled),
        .serialized, arguments: PublishedSpecs.all.filter { $0.operations > 0 })
    func everyOperationRefusesABrokenRequestNamingTheField(file: String, operations: Int) async throws {
        let scratch = try TemporaryFixtures(manifest: "endpoints: []\n", textFiles: ["refusals.py": Self.refusals])
        let spec = Self.specs.appendingPathComponent(file).path
        let serve = try await ServeProcess.start(
            arguments: [spec, "--port", "0", "--quiet", "--no-reload", "--validate"], startTimeout: 180)
        try await serve.serving { serve in
            let run = try await Subprocess.run(
                "python3", [scratch.url.appendingPathComponent("refusals.py").path, spec, String(serve.port)])
            #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
            // So a change that stops breaking (or refusing) fails here too.
            #expect(run.stdout.hasPrefix("refused \(Self.breakable[file, default: 0]) of "), "\(run.stdout)")
        }
    }

    /// For each operation of the description at argv[1] (served with
    /// `--validate` on port argv[2]): the first thing it can break, broken,
    /// with the credentials of its first security requirement; the answer
    /// must be 422 with an `errors` entry at that location. Prints one
    /// line per failure, then `refused N of M`, N counting the operations
    /// that had something to break.
    static let refusals =
        PublishedSpecs.pythonReader + #"""
            import urllib.parse

            base = "http://127.0.0.1:" + sys.argv[2]
            components = spec.get("components") or {}

            def kind(schema):
                schema = resolve(schema) or {}
                kind = schema.get("type")
                if isinstance(kind, list):
                    kind = next((k for k in kind if k != "null"), None)
                return kind if kind in ("string", "integer", "number", "boolean", "array", "object") else None

            def wrong(kind):
                return 12345 if kind == "string" else "not-a-" + kind

            def credentials(operation, headers, query):
                requirements = operation.get("security", spec.get("security")) or []
                if not requirements:
                    return
                for name in requirements[0]:
                    scheme = resolve((components.get("securitySchemes") or {}).get(name)) or {}
                    if scheme.get("type") == "apiKey":
                        where = scheme.get("in")
                        if where == "header":
                            headers[scheme["name"]] = "k"
                        elif where == "query":
                            query.append((scheme["name"], "k"))
                        elif where == "cookie":
                            headers["Cookie"] = scheme["name"] + "=k"
                    elif scheme.get("type") == "http" and scheme.get("scheme", "").lower() == "basic":
                        headers["Authorization"] = "Basic dTpw"
                    elif scheme.get("type") in ("http", "oauth2", "openIdConnect"):
                        headers["Authorization"] = "Bearer t"

            def is_json(media):
                bare = media.split(";")[0].strip().lower()
                return bare == "application/json" or bare.endswith("+json")

            def broken(operation, parameters):
                """What to send broken, and the location the 422 must name."""
                body = resolve(operation.get("requestBody")) or {}
                for media, content in (body.get("content") or {}).items():
                    if not is_json(media):
                        continue
                    schema = resolve((resolve(content) or {}).get("schema")) or {}
                    properties = schema.get("properties") or {}
                    required = schema.get("required") or []
                    for name in sorted(properties, key=lambda n: n not in required):
                        property = resolve(properties[name]) or {}
                        if property.get("readOnly") or "enum" in property or not kind(property):
                            continue
                        return ("body", media, {name: wrong(kind(property))}), "body." + name
                for parameter in parameters:
                    place, name = parameter.get("in"), parameter.get("name")
                    if place not in ("query", "path") or not name:
                        continue
                    k = kind(parameter.get("schema"))
                    if k in ("integer", "number", "boolean"):
                        return (place, name, "not-a-" + k), place + "." + name
                for parameter in parameters:
                    if parameter.get("in") == "query" and parameter.get("required"):
                        return ("omit", parameter["name"], None), "query." + parameter["name"]
                return None, None

            failures, refused, total, seen = [], 0, 0, set()
            for key_path, item in (spec.get("paths") or {}).items():
                item = resolve(item)
                path = key_path.split("#")[0]
                shared = [resolve(p) for p in item.get("parameters") or []]
                for method, operation in item.items():
                    if method not in ("get", "put", "post", "delete", "patch"):
                        continue
                    if (method, path) in seen:
                        continue
                    seen.add((method, path))
                    total += 1
                    own = [resolve(p) for p in operation.get("parameters") or []]
                    names = {(p.get("in"), p.get("name")) for p in own}
                    parameters = own + [p for p in shared if (p.get("in"), p.get("name")) not in names]
                    what, location = broken(operation, parameters)
                    if what is None:
                        continue
                    headers, query, data = {}, [], None
                    credentials(operation, headers, query)
                    segments = []
                    for part in path.split("/"):
                        if part.startswith("{") and part.endswith("}"):
                            segments.append(what[2] if what[0] == "path" and what[1] == part[1:-1] else "1")
                        else:
                            segments.append(part)
                    for parameter in parameters:
                        if parameter.get("in") == "query" and parameter.get("required") and what[1] != parameter["name"]:
                            k = kind(parameter.get("schema"))
                            query.append((parameter["name"], "1" if k in ("integer", "number") else "true" if k == "boolean" else "a"))
                    if what[0] == "query":
                        query.append((what[1], what[2]))
                    if what[0] == "body":
                        headers["Content-Type"] = what[1]
                        data = json.dumps(what[2]).encode()
                    url = base + "/".join(segments)
                    if query:
                        url += "?" + "&".join(urllib.parse.quote(n) + "=" + urllib.parse.quote(v) for n, v in query)
                    request = urllib.request.Request(url, data=data, method=method.upper(), headers=headers)
                    status, body = send(request)
                    name = method.upper() + " " + path
                    if status != 422:
                        failures.append("%s: %d for broken %s: %r" % (name, status, location, body[:200]))
                        continue
                    locations = [e.get("location") for e in json.loads(body).get("errors", [])]
                    if location not in locations:
                        failures.append("%s: 422 names %s, not %s" % (name, locations, location))
                        continue
                    refused += 1
            for failure in failures:
                print(failure)
            print("refused %d of %d" % (refused, total))
            sys.exit(1 if failures else 0)
            """#
}
