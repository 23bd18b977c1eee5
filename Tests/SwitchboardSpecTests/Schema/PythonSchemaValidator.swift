import Foundation
import SwitchboardJSON
import SwitchboardTestSupport
import Testing

/// Python's `openapi-schema-validator` (PyPI; `.ci/run` installs it) run
/// once over many values: each checked against a component schema of a
/// document, with the OAS 3.0 or 3.1 validator as the document's version
/// says.
enum Python {
    /// Locally a missing python3 skips the cross-checks; CI must run them.
    static let shouldRun =
        (try? Subprocess.resolve("python3")) != nil || ProcessInfo.processInfo.environment["CI"] != nil
    static let skipReason: Comment = "needs python3 with openapi-schema-validator; under CI it is required"

    static let script = """
        import json, sys
        try:
            from openapi_schema_validator import OAS30Validator, OAS31Validator
        except ImportError:
            sys.exit("openapi-schema-validator is missing: python3 -m pip install openapi-schema-validator")

        request = json.load(open(sys.argv[1]))
        documents = {}
        for name, document in request["documents"].items():
            if document.get("path"):
                with open(document["path"]) as file:
                    if document["path"].endswith((".yaml", ".yml")):
                        import yaml
                        loaded = yaml.safe_load(file)
                    else:
                        loaded = json.load(file)
                documents[name] = (document["version"], loaded["components"])
            else:
                documents[name] = (document["version"], {"schemas": document["schemas"]})

        validators = {}
        verdicts = []
        for document, schema, value in request["cases"]:
            key = (document, schema)
            if key not in validators:
                version, components = documents[document]
                kind = OAS31Validator if version.startswith("3.1") else OAS30Validator
                validators[key] = kind(
                    {"$ref": "#/components/schemas/" + schema, "components": components},
                    format_checker=kind.FORMAT_CHECKER)
            error = next(iter(validators[key].iter_errors(value)), None)
            verdicts.append(None if error is None else error.message[:200])
        json.dump(verdicts, open(sys.argv[2], "w"))
        """

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// For each case, `nil` when Python's validator accepts the value, else
    /// its first complaint.
    static func validate(
        _ cases: [SchemaCrossCheckTests.Case], documents: [SchemaCrossCheckTests.Document]
    ) async throws -> [String?] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schema-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        var request = #"{"documents": {"#
        request += documents.map { document in
            var fields = [#""version": "# + JSONText.quoted(document.version)]
            if let path = document.path {
                fields.append(
                    #""path": "# + JSONText.quoted(SchemaTesting.specsFolder.appendingPathComponent(path).path))
            }
            if let schemas = document.inlineSchemas { fields.append(#""schemas": "# + schemas) }
            return JSONText.quoted(document.name) + ": {" + fields.joined(separator: ", ") + "}"
        }.joined(separator: ", ")
        request += #"}, "cases": ["#
        request += cases.map {
            "[" + JSONText.quoted($0.document) + ", " + JSONText.quoted($0.schema) + ", " + $0.value.json + "]"
        }
        .joined(separator: ",\n")
        request += "]}"

        let script = folder.appendingPathComponent("validate.py")
        let input = folder.appendingPathComponent("request.json")
        let output = folder.appendingPathComponent("verdicts.json")
        try Data(self.script.utf8).write(to: script)
        try Data(request.utf8).write(to: input)
        let run = try await Subprocess.run("python3", [script.path, input.path, output.path])
        guard run.status == 0 else { throw Failure(description: "python3 failed (\(run.status)): \(run.stderr)") }
        guard case .array(let verdicts)? = JSONValue(bytes: Array(try Data(contentsOf: output))) else {
            throw Failure(description: "python3 wrote no verdicts")
        }
        return verdicts.map { verdict in
            if case .string(let message) = verdict { message } else { nil }
        }
    }
}
