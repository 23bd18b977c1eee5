import Foundation
import Yams

/// Reads a fixtures folder into a `Manifest`, or reports every problem in it.
public enum ManifestLoader {
    /// The manifest names tried, in order.
    public static let manifestNames = ["switchboard.yml", "switchboard.yaml", "switchboard.json"]

    /// The seed bodies generated from an OpenAPI description's schemas are
    /// made with when `--seed` gives none: the same description serves the
    /// same bodies on every start.
    public static let defaultSeed: UInt64 = 26

    /// Loads `directory`, or the OpenAPI description it names (docs/openapi.md).
    /// `displayDirectory` is how messages name the folder (the path as the
    /// user typed it); `files` reads what it holds; `seed` makes the bodies
    /// generated from a description's schemas; `descriptions` reads an
    /// `openapi:` key or a description file (without it both are refused).
    public static func load(
        directory: String, displayDirectory: String? = nil, files: FixtureFiles = .disk,
        seed: UInt64 = Self.defaultSeed, descriptions: DescriptionFormats = .none
    ) throws(ManifestError) -> Manifest {
        let started = Date().timeIntervalSince1970
        let shown = displayDirectory ?? directory
        let kind = files.kind(directory)
        if case .file = kind, Self.isDescription(directory) {
            return try DescriptionManifest.load(
                path: directory, shown: shown, files: files, seed: seed, descriptions: descriptions)
        }
        if case .file = kind {
            let folder = (shown as NSString).deletingLastPathComponent
            throw ManifestError(diagnostics: [
                Diagnostic(
                    file: shown, line: 0, column: 0,
                    message: "this is a file; Switchboard wants the folder that holds it",
                    fix: "pass '\(folder.isEmpty ? "." : folder)'")
            ])
        }
        guard kind == .folder else {
            throw ManifestError(diagnostics: [
                Diagnostic(
                    file: shown, line: 0, column: 0,
                    message: "no such folder",
                    fix: "pass the folder that holds switchboard.yml, e.g. `switchboard fixtures`"
                )
            ])
        }
        guard
            let name = manifestNames.first(where: {
                files.kind((directory as NSString).appendingPathComponent($0)) != .missing
            })
        else {
            throw ManifestError(diagnostics: [
                Diagnostic(
                    file: (shown as NSString).appendingPathComponent("switchboard.yml"), line: 0, column: 0,
                    message: "no switchboard.yml in '\(shown)'",
                    fix: "create one; docs/fixtures.md shows the format"
                )
            ])
        }
        let path = (directory as NSString).appendingPathComponent(name)
        let file = (shown as NSString).appendingPathComponent(name)
        let data: [UInt8]
        switch files.read(path) {
        case .success(let bytes): data = bytes
        case .failure(let failure):
            throw ManifestError(
                diagnostics: [
                    Diagnostic(
                        file: file, line: 1, column: 1, message: "cannot read the manifest: \(failure.reason)",
                        fix: failure.fix)
                ], unreadable: true)
        }
        guard let text = UTF8Text.decode(data) else {
            throw ManifestError(diagnostics: [
                Diagnostic(
                    file: file, line: 1, column: 1, message: "the manifest is not UTF-8 text", fix: "save it as UTF-8")
            ])
        }
        var manifest = try parse(
            text: text, file: file, directory: directory, files: files, seed: seed, descriptions: descriptions)
        manifest.loadedAt = started
        return manifest
    }

    /// Parses manifest text whose body files live in `directory`.
    public static func parse(
        text: String, file: String, directory: String, files: FixtureFiles = .disk, seed: UInt64 = Self.defaultSeed,
        descriptions: DescriptionFormats = .none
    ) throws(ManifestError) -> Manifest {
        let started = Date().timeIntervalSince1970
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw ManifestError(diagnostics: [YAMLErrorText.diagnostic(for: error, file: file)])
        } catch {
            throw ManifestError(diagnostics: [Diagnostic(file: file, line: 1, column: 1, message: "\(error)")])
        }
        // Before anything walks the tree: an alias bomb expands in any walk.
        if let blown = AliasBudget.check(root, text: text, file: file) {
            throw ManifestError(diagnostics: [blown])
        }
        let fixtures = FixtureFolder(path: directory, files: files)
        var reader = ManifestReader(file: file, fixtures: fixtures, seed: seed, descriptions: descriptions)
        var manifest = reader.readManifest(root)
        manifest.seed = seed
        manifest.descriptions = descriptions
        manifest.reads = fixtures.log.reads
        manifest.loadedAt = started
        if !reader.diagnostics.isEmpty {
            throw ManifestError(
                diagnostics: reader.diagnostics.sorted { ($0.line, $0.column) < ($1.line, $1.column) },
                reads: fixtures.log.reads, unreadable: fixtures.log.unreadable)
        }
        manifest.warnings += UnreachableWarnings.of(manifest)
        return manifest
    }

    /// Whether a file passed where a folder is expected is to be read as a
    /// description: anything but a manifest itself (`fixtures/switchboard.yml`
    /// still gets the sentence asking for its folder).
    package static func isDescription(_ path: String) -> Bool {
        !Self.manifestNames.contains((path as NSString).lastPathComponent)
    }
}
