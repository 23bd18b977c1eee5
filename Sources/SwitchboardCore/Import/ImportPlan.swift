/// What an import does to a fixtures folder, decided from what the
/// description makes now (`ImportSnapshot`), what the last import wrote
/// (`ImportRecord`) and what the folder holds (each file's digest), without
/// touching a file (`ImportFolder` does what it says).
///
/// A file is rewritten when it is missing or still as the last import wrote
/// it. One edited here is kept: silently when the description does not
/// change it, as a conflict when it does; then the description's version is
/// written beside it as `<file>.imported`, and the record takes the new
/// version as its base, as `git merge` leaves a conflict for the user to
/// settle. `--force` writes the description's version over the edit. A file
/// whose operation is gone is deleted unless it was edited.
public struct ImportPlan: Equatable, Sendable {
    public var writes: [ImportSnapshot.File] = []
    public var deletions: [String] = []
    /// One line per change, in the folder's order: the operations, then the files.
    public var lines: [String] = []
    public var conflicts = 0
    public var record: ImportRecord
    /// The last line: what the import did in all.
    public var summary = ""

    /// The suffix of the description's version of a file in conflict.
    public static let theirsSuffix = ".imported"

    /// `disk`: the digest of each file the folder holds now, by path (any
    /// file the snapshot or the last record names; a missing one is absent).
    public init(
        snapshot: ImportSnapshot, previous: ImportRecord?, disk: [String: String], force: Bool, seed: UInt64,
        folder: String
    ) {
        self.record = ImportRecord(
            descriptionFile: snapshot.descriptionName, seed: seed, files: [:], operations: snapshot.operations)
        if let previous { self.lines += Self.operationChanges(from: previous.operations, to: snapshot.operations) }
        for skipped in snapshot.shadowed {
            self.lines.append(
                "skipped   \(skipped.id) (\(skipped.route)): \(skipped.answeredBy) has the same method and path and"
                    + " answers it; it is served as the description makes it")
        }
        var written = 0
        var keptManifest = false
        for file in snapshot.files {
            let new = ImportRecord.digest(file.bytes)
            let last = previous?.files[file.path]
            self.record.files[file.path] = new
            switch disk[file.path] {
            case nil, new?: break
            case let current? where current == last: break
            case _ where force:
                self.lines.append("overwrote \(file.path): it was edited here (--force)")
            case _ where last == new:
                if file.path == ImportSnapshot.manifestName { keptManifest = true }
                continue
            default:
                if file.path == ImportSnapshot.manifestName { keptManifest = true }
                self.conflicts += 1
                let theirs = file.path + Self.theirsSuffix
                self.writes.append(ImportSnapshot.File(path: theirs, bytes: file.bytes))
                self.lines.append(
                    "conflict  \(file.path): edited here and changed by the description; yours is kept, the"
                        + " description's is in \(theirs) (import with --force to take it instead)")
                continue
            }
            if disk[file.path] != new {
                self.writes.append(file)
                written += 1
            }
        }
        let kept = Set(snapshot.files.map(\.path))
        for (path, last) in (previous?.files ?? [:]).sorted(by: { $0.key < $1.key }) where !kept.contains(path) {
            guard let current = disk[path] else { continue }
            if current != last {
                self.lines.append(
                    "kept      \(path): edited here, and no operation uses it now (delete it when you are done with it)"
                )
            } else if keptManifest {
                self.lines.append("kept      \(path): your edited \(ImportSnapshot.manifestName) may still name it")
            } else {
                self.deletions.append(path)
            }
        }
        self.summary = Self.summary(
            snapshot: snapshot, previous: previous, lines: self.lines, written: written, conflicts: self.conflicts,
            folder: folder)
    }

    /// Why an import may not write into a folder, or `nil` when it may: one
    /// that holds files but no record of an import is someone else's.
    /// `record`: the folder's `.switchboard-import.json`, `nil` when absent,
    /// `.some(nil)` when it is there but cannot be read.
    public static func refusal(folder: String, holdsFiles: Bool, record: ImportRecord??, force: Bool) -> String? {
        guard !force, holdsFiles else { return nil }
        switch record {
        case nil:
            return "\(folder) holds files and no \(ImportRecord.fileName), so `switchboard import` did not write it;"
                + " pass --force to import into it anyway (it replaces the files an import writes), or choose another --out"
        case .some(nil):
            return "\(folder)/\(ImportRecord.fileName) is not a record `switchboard import` can read;"
                + " pass --force to import anew (it replaces the files an import writes)"
        default:
            return nil
        }
    }

    /// `added`, `removed` and `changed` lines, one per operation.
    static func operationChanges(from old: [ImportedOperation], to new: [ImportedOperation]) -> [String] {
        let before = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Set(new.map(\.id))
        var lines: [String] = []
        for operation in new {
            guard let last = before[operation.id] else {
                lines.append("added     \(operation.id) (\(operation.route))")
                continue
            }
            let changes = Self.changes(from: last, to: operation)
            if !changes.isEmpty { lines.append("changed   \(operation.id): " + changes.joined(separator: "; ")) }
        }
        for operation in old where !after.contains(operation.id) {
            lines.append("removed   \(operation.id) (\(operation.route))")
        }
        return lines
    }

    private static func changes(from old: ImportedOperation, to new: ImportedOperation) -> [String] {
        var changes: [String] = []
        if old.route != new.route { changes.append("\(old.route) → \(new.route)") }
        for kind in [ResponseKind.success, .error, .serverError].map(\.rawValue) {
            let was = old.responses.first { $0.kind == kind }
            let now = new.responses.first { $0.kind == kind }
            switch (was, now) {
            case (nil, nil): break
            case (nil, let now?): changes.append("now documents \(kind) (\(now.status))")
            case (let was?, nil): changes.append("no longer documents \(kind) (was \(was.status))")
            case (let was?, let now?):
                if was.status != now.status { changes.append("\(kind) status \(was.status) → \(now.status)") }
                if was.digest != now.digest { changes.append("\(kind) body (\(now.file ?? "now empty"))") }
            }
        }
        return changes
    }

    private static func summary(
        snapshot: ImportSnapshot, previous: ImportRecord?, lines: [String], written: Int, conflicts: Int,
        folder: String
    ) -> String {
        let count = snapshot.operations.count + snapshot.shadowed.count
        let skipped = snapshot.shadowed.isEmpty ? "" : " (\(snapshot.shadowed.count) skipped)"
        let endpoints = "\(count) endpoint\(count == 1 ? "" : "s")\(skipped)"
        let conflictText = conflicts == 0 ? "" : ", \(conflicts) conflict\(conflicts == 1 ? "" : "s")"
        guard previous != nil else {
            let bodies = snapshot.files.count - 2
            return
                "\(folder): imported \(snapshot.descriptionName), \(endpoints), \(bodies) body file\(bodies == 1 ? "" : "s")"
                + conflictText
        }
        func tally(_ prefix: String) -> Int { lines.count { $0.hasPrefix(prefix) } }
        let parts = [("added", tally("added ")), ("changed", tally("changed ")), ("removed", tally("removed "))]
            .filter { $0.1 > 0 }.map { "\($0.1) \($0.0)" }
        let files = "\(written) file\(written == 1 ? "" : "s") written"
        return "\(folder): \(endpoints); "
            + (parts.isEmpty ? "no operation changed" : parts.joined(separator: ", ")) + "; \(files)" + conflictText
    }
}
