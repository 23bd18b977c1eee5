import Foundation

/// `switchboard import SPEC --out DIR`, the part that touches the disk: it
/// reads the description as `switchboard SPEC` serves it, reads what the
/// folder holds, lets `ImportPlan` decide, checks every file the plan
/// writes against the folder's rule, then writes them, the record last (a
/// write the disk fails midway leaves the last record, so the next import
/// still knows which files it wrote).
public enum ImportFolder {
    public enum Failure: Error, Sendable {
        /// The description cannot be served: `check SPEC`'s problems.
        case description(ManifestError)
        /// One sentence on why nothing was written.
        case refused(String)
        /// A file the folder may not hold (`RequestFileRule`): nothing was written.
        case refusedFile(path: String, reason: String)
        /// The disk failed a write: the files before it were written.
        case cannotWrite(path: String, reason: String)
    }

    /// Imports `spec` into `out` (`shownSpec` and `shownOut` are how
    /// messages name them) and returns what it did; `descriptions` reads it.
    public static func run(
        spec: String, shownSpec: String, out: String, shownOut: String, seed: UInt64, force: Bool,
        descriptions: DescriptionFormats
    ) throws(Failure) -> ImportPlan {
        let files = FixtureFiles.disk
        if files.kind(spec) == .missing { throw .refused("\(shownSpec): no such file") }
        guard case .file = files.kind(spec), ManifestLoader.isDescription(spec) else {
            throw .refused(
                "\(shownSpec) is not an OpenAPI description file; `switchboard import` takes one (YAML or JSON)")
        }
        let served: Manifest
        do {
            served = try ManifestLoader.load(
                directory: spec, displayDirectory: shownSpec, files: files, seed: seed, descriptions: descriptions)
        } catch {
            throw .description(error)
        }
        let bytes: [UInt8]
        switch files.read(spec) {
        case .success(let read): bytes = read
        case .failure(let failure): throw .refused("\(shownSpec) cannot be read: \(failure.reason)")
        }
        let snapshot = ImportSnapshot(served: served, description: bytes)

        var holdsFiles = false
        var record: ImportRecord?? = nil
        switch files.kind(out) {
        case .file: throw .refused("\(shownOut) is a file; --out names the folder to write")
        case .missing: break
        case .folder:
            holdsFiles = !((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).isEmpty
            if case .success(let held) = files.read(Self.path(ImportRecord.fileName, in: out)) {
                record = .some(ImportRecord.read(held))
            }
        }
        if let reason = ImportPlan.refusal(folder: shownOut, holdsFiles: holdsFiles, record: record, force: force) {
            throw .refused(reason)
        }
        let previous = record ?? nil
        var disk: [String: String] = [:]
        for path in Set(snapshot.files.map(\.path)).union(previous.map { Array($0.files.keys) } ?? []) {
            if case .success(let held) = files.read(Self.path(path, in: out)) {
                disk[path] = ImportRecord.digest(held)
            }
        }
        let plan = ImportPlan(
            snapshot: snapshot, previous: previous, disk: disk, force: force, seed: seed, folder: shownOut)
        let own = [snapshot.descriptionName, ImportSnapshot.manifestName]
        // Every file is checked before the first is written, so a refused
        // one leaves the folder as it was: a half-written folder with no
        // record could be imported again only with --force.
        for file in plan.writes {
            // The manifest and the description's copy have names of the
            // import's own; any other name must be one a body may have.
            if !own.contains(where: { file.path == $0 || file.path == $0 + ImportPlan.theirsSuffix }),
                let reason = RequestFileRule.whyNotWritable(file.path, in: out)
            {
                throw .refusedFile(path: file.path, reason: reason)
            }
        }
        for file in plan.writes { try Self.write(file.bytes, to: file.path, in: out) }
        for path in plan.deletions where RequestFileRule.whyNotWritable(path, in: out) == nil {
            unlink(Self.path(path, in: out))
        }
        try Self.write(plan.record.bytes, to: ImportRecord.fileName, in: out)
        return plan
    }

    private static func write(_ bytes: [UInt8], to relative: String, in folder: String) throws(Failure) {
        do {
            try AtomicFile.write(bytes, to: Self.path(relative, in: folder))
        } catch {
            throw .cannotWrite(path: error.path, reason: error.reason)
        }
    }

    private static func path(_ relative: String, in folder: String) -> String {
        (folder as NSString).appendingPathComponent(relative)
    }
}
