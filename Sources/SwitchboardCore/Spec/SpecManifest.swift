import Foundation
import SwitchboardSpec

/// An OpenAPI description read for serving: as the whole manifest
/// (`switchboard api.yaml`) or as the start of one (`openapi: api.yaml`).
enum SpecManifest {
    /// The description in `bytes` (named `file` in messages) as endpoints
    /// and the base path its first server names; every problem as a
    /// diagnostic on that file.
    static func read(
        _ bytes: [UInt8], file: String, seed: UInt64
    ) throws(ManifestError) -> (endpoints: [EndpointDefinition], basePath: String, warnings: [Diagnostic]) {
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
        return (built.endpoints, document.basePath, warnings)
    }

    /// `switchboard api.yaml`: the description at `path` as a manifest whose
    /// folder is the one holding it (so a reload watches it there).
    static func load(
        path: String, shown: String, files: FixtureFiles, seed: UInt64
    ) throws(ManifestError) -> Manifest {
        let started = Date().timeIntervalSince1970
        let name = (path as NSString).lastPathComponent
        var reads = FixtureReads()
        reads.files = [name]
        let bytes: [UInt8]
        switch files.read(path) {
        case .success(let read): bytes = read
        case .failure(let failure):
            throw ManifestError(
                diagnostics: [
                    Diagnostic(
                        file: shown, line: 0, column: 0, message: "cannot read the description: \(failure.reason)",
                        fix: failure.fix)
                ], reads: reads, unreadable: true)
        }
        let built: (endpoints: [EndpointDefinition], basePath: String, warnings: [Diagnostic])
        do {
            built = try Self.read(bytes, file: shown, seed: seed)
        } catch {
            throw ManifestError(diagnostics: error.diagnostics, reads: reads)
        }
        var manifest = Manifest(
            directory: (path as NSString).deletingLastPathComponent, file: shown, endpoints: built.endpoints)
        manifest.basePath = built.basePath
        manifest.warnings = built.warnings + UnreachableWarnings.of(manifest)
        manifest.isDescriptionOnly = true
        manifest.seed = seed
        manifest.reads = reads
        manifest.loadedAt = started
        return manifest
    }

    /// Whether a file passed where a folder is expected is to be read as a
    /// description: anything but a manifest itself (`fixtures/switchboard.yml`
    /// still gets the sentence asking for its folder).
    static func isDescription(_ path: String) -> Bool {
        !ManifestLoader.manifestNames.contains((path as NSString).lastPathComponent)
    }
}
