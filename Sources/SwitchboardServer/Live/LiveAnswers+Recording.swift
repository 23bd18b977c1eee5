import Foundation
import SwitchboardControl
import SwitchboardCore

/// Writes kept live answers into the fixtures folder the server serves
/// from. Runs off the event loops (NIO's thread pool, or a background
/// task); one recording at a time, so two never edit the manifest at once.
extension LiveAnswers {
    /// Records the answers kept for `keys` (every key when nil), then loads
    /// the edited manifest into the panel: the recorded endpoint answers
    /// as soon as this returns, with or without a fixture watcher (there is
    /// none when the folder did not exist before), runtime state kept.
    func record(_ keys: [String]?, panel: ControlPanel) -> Result<RecordResult, RecordRefusal> {
        let wanted = keys ?? self.keys
        var exchanges: [RecordedExchange] = []
        var skipped: [RecordResult.Skipped] = []
        for key in wanted {
            if let exchange = self.exchange(for: key, skipped: &skipped) { exchanges.append(exchange) }
        }
        if exchanges.isEmpty {
            if keys == nil {
                return .success(RecordResult(written: [], skipped: [], manifest: nil, manifestChanged: false))
            }
            return .failure(RecordRefusal(message: skipped.map(\.reason).joined(separator: "; ")))
        }
        return self.write(exchanges, skipped: skipped, panel: panel)
    }

    /// The answer kept for `key`, as an exchange to record; nil, and why
    /// added to `skipped`, when there is none to record.
    func exchange(for key: String, skipped: inout [RecordResult.Skipped]) -> RecordedExchange? {
        guard let answer = self.answer(for: key) else {
            skipped.append(.init(endpoint: key, reason: "no live answer to record for \(key) yet"))
            return nil
        }
        guard let body = answer.bytes else {
            skipped.append(
                .init(
                    endpoint: key,
                    reason: "the live answer for \(key) was \(answer.size) bytes, over the \(self.bodyLimit >> 20) MB"
                        + " a recording keeps; write its fixture by hand"))
            return nil
        }
        return RecordedExchange(
            method: answer.method, pattern: answer.pattern, suggestedID: answer.suggestedID,
            existingID: answer.existingID, parameters: answer.parameters,
            answer: .live(status: answer.status, headers: answer.headers, body: body))
    }

    /// Writes `exchanges` into the fixtures and loads the result into the
    /// panel; one writer at a time.
    func write(_ exchanges: [RecordedExchange], skipped: [RecordResult.Skipped], panel: ControlPanel) -> Result<
        RecordResult, RecordRefusal
    > {
        self.writes.withLock { () -> Result<RecordResult, RecordRefusal> in
            let manifest = panel.snapshot().manifest
            // Writing a switchboard.yml beside a description served alone
            // and loading that folder would replace every described
            // endpoint with the recorded ones.
            if manifest.isDescriptionOnly {
                let name = (manifest.file as NSString).lastPathComponent
                return .failure(
                    RecordRefusal(
                        message:
                            "recording writes into a fixtures folder, and \(manifest.file) is an OpenAPI description served on its own: "
                            + "serve a folder whose switchboard.yml says 'openapi: \(name)' to record beside it"))
            }
            let directory = manifest.directory
            let summary: FixtureRecorder.Summary
            let before = Self.manifestText(in: directory)
            let folderExisted = FileManager.default.fileExists(atPath: directory)
            do {
                summary = try FixtureRecorder(directory: directory, descriptions: manifest.descriptions).record(
                    exchanges)
            } catch {
                return .failure(RecordRefusal(message: "\(error)"))
            }
            let changed = Self.manifestText(in: directory) != before
            do {
                panel.replaceManifest(
                    try ManifestLoader.load(
                        directory: directory, displayDirectory: directory, seed: manifest.seed,
                        descriptions: manifest.descriptions))
            } catch {
                return .failure(RecordRefusal(message: "recorded, but the fixtures do not load:\n\(error)"))
            }
            if !folderExisted { self.createdFolder.withLockedValue { $0 }() }
            let written = summary.outcomes.map { outcome in
                RecordResult.Written(
                    endpoint: outcome.endpointID, response: outcome.kind.rawValue, file: outcome.bodyFile,
                    change: Self.word(outcome.change))
            }
            let refused = summary.skipped.map { RecordResult.Skipped(endpoint: $0.endpointID, reason: $0.reason) }
            return .success(
                RecordResult(
                    written: written, skipped: skipped + refused, manifest: summary.manifestPath,
                    manifestChanged: changed))
        }
    }

    private static func manifestText(in directory: String) -> Data? {
        for name in ManifestLoader.manifestNames {
            if let data = FileManager.default.contents(atPath: (directory as NSString).appendingPathComponent(name)) {
                return data
            }
        }
        return nil
    }

    private static func word(_ change: FixtureRecorder.Outcome.Change) -> String {
        switch change {
        case .added: "added"
        case .updated: "updated"
        case .alreadyAnEndpoint: "already_an_endpoint"
        }
    }
}
