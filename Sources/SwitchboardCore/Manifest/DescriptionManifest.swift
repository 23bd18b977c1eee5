import Foundation

/// A description served as the whole manifest (`switchboard api.yaml`),
/// read by the reader `descriptions` has for it; refused with the fix when
/// there is none.
enum DescriptionManifest {
    /// The description at `path` as a manifest whose folder is the one
    /// holding it (so a reload watches it there).
    static func load(
        path: String, shown: String, files: FixtureFiles, seed: UInt64, descriptions: DescriptionFormats
    ) throws(ManifestError) -> Manifest {
        let started = Date().timeIntervalSince1970
        guard let reader = descriptions.fileReader else {
            let missing = DescriptionFormats.missingReader(key: DescriptionFormats.openAPIKey)
            throw ManifestError(diagnostics: [
                Diagnostic(
                    file: shown, line: 0, column: 0,
                    message: "this file is read as an OpenAPI description, and this load reads none",
                    fix: missing.fix + "; or pass the folder that holds switchboard.yml")
            ])
        }
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
        let built: DescribedEndpoints
        do {
            built = try reader.read(bytes, file: shown, seed: seed)
        } catch {
            throw ManifestError(diagnostics: error.diagnostics, reads: reads)
        }
        var manifest = Manifest(
            directory: (path as NSString).deletingLastPathComponent, file: shown, endpoints: built.endpoints)
        manifest.basePath = built.basePath
        manifest.warnings = built.warnings + UnreachableWarnings.of(manifest)
        manifest.isDescriptionOnly = true
        manifest.seed = seed
        manifest.descriptions = descriptions
        manifest.reads = reads
        manifest.loadedAt = started
        return manifest
    }
}
