public import SwitchboardCore
import SwitchboardSpec

/// An OpenAPI 3.0 or 3.1 description read for serving, with OpenAPIKit
/// (`SwitchboardSpec`): as the whole manifest (`switchboard api.yaml`) or
/// as the start of one (`openapi: api.yaml`). The core's
/// `DescriptionReader` for the `openapi:` key.
struct OpenAPIReader: DescriptionReader {
    var manifestKey: String { DescriptionFormats.openAPIKey }

    /// The description in `bytes` (named `file` in messages) as endpoints
    /// and the base path its first server names; every problem as a
    /// diagnostic on that file.
    func read(_ bytes: [UInt8], file: String, seed: UInt64) throws(ManifestError) -> DescribedEndpoints {
        let document: SpecDocument
        do {
            document = try SpecLoader.load(bytes: bytes) { root, text in
                AliasBudget.check(root, text: text, file: file).map {
                    SpecProblem(line: $0.line, column: $0.column, message: $0.message, fix: $0.fix)
                }
            }
        } catch {
            if let yaml = error.yaml {
                throw ManifestError(diagnostics: [YAMLErrorText.diagnostic(for: yaml, file: file)])
            }
            throw ManifestError(diagnostics: [
                Diagnostic(file: file, line: error.line, column: error.column, message: error.message, fix: error.fix)
            ])
        }
        var built = SpecEndpoints.endpoints(from: document, file: file, seed: seed)
        guard built.diagnostics.isEmpty else { throw ManifestError(diagnostics: built.diagnostics) }
        // Where each operation is, to name it in a warning (an endpoint
        // another answers first: `UnreachableWarnings`).
        let lines = SpecOperationLines.lines(of: document.operations, in: bytes)
        for index in built.endpoints.indices where index < lines.count {
            built.endpoints[index].location = SourceLocation(line: lines[index], column: 1, file: file)
        }
        let warnings = document.warnings.map {
            Diagnostic(file: file, line: $0.line, column: $0.column, message: $0.message, fix: $0.fix, isWarning: true)
        }
        return DescribedEndpoints(endpoints: built.endpoints, basePath: document.basePath, warnings: warnings)
    }

    func copyName(of bytes: [UInt8]) -> String {
        SpecLoader.isJSON(bytes) ? "openapi.json" : "openapi.yaml"
    }
}

extension DescriptionFormats {
    /// OpenAPI 3.0 and 3.1 descriptions, YAML or JSON: a manifest's
    /// `openapi: api.yaml`, and a description file served in place of a
    /// fixtures folder (docs/openapi.md).
    public static let openAPI = DescriptionFormats(readers: [OpenAPIReader()])
}
