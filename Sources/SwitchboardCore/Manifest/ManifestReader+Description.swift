import Foundation
import Yams

extension ManifestReader {
    /// `openapi: api.yaml`: the description's operations come first, each
    /// replaced by the manifest's endpoint of the same id; the manifest's
    /// other endpoints follow. Its problems are reported on its own file.
    /// The description is read by the reader `descriptions` has for the
    /// key; without one the line is refused with the fix.
    mutating func startFromDescription(_ node: Node, key: String, manifest: inout Manifest) {
        guard let relative = self.string(node, what: key) else { return }
        guard let reader = self.descriptions.reader(forKey: key) else {
            let missing = DescriptionFormats.missingReader(key: key)
            self.report(at: node, missing.message, fix: missing.fix)
            return
        }
        let bytes: [UInt8]
        switch self.fixtures.read(relative) {
        case .failure(let problem):
            self.report(at: node, problem.message, fix: problem.fix)
            return
        case .success(.bytes(let held)): bytes = held
        case .success(.onDisk(let path, _)):
            switch self.fixtures.files.read(path) {
            case .success(let read): bytes = read
            case .failure(let failure):
                self.report(at: node, "file '\(relative)' cannot be read: \(failure.reason)", fix: failure.fix)
                return
            }
        }
        let folder = (self.file as NSString).deletingLastPathComponent
        let shown = folder.isEmpty ? relative : folder + "/" + relative
        do {
            let built = try reader.read(bytes, file: shown, seed: self.seed)
            let own = Dictionary(manifest.endpoints.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            // An endpoint the manifest writes in place of an operation's
            // still answers to that operation's contract, as long as it
            // routes the same requests (its parameters may be renamed); one
            // that changes the method or the path is an endpoint of its own.
            let described = built.endpoints.map { endpoint in
                guard var mine = own[endpoint.id] else { return endpoint }
                if mine.contract == nil, let contract = endpoint.contract, mine.method == endpoint.method,
                    Self.routeShape(mine.path) == Self.routeShape(endpoint.path)
                {
                    mine.contract = contract.routed(by: mine.path)
                }
                return mine
            }
            let describedIDs = Set(built.endpoints.map { $0.id })
            manifest.endpoints = described + manifest.endpoints.filter { !describedIDs.contains($0.id) }
            manifest.basePath = built.basePath
            manifest.warnings += built.warnings
        } catch {
            for diagnostic in error.diagnostics { self.report(diagnostic) }
        }
    }
}
