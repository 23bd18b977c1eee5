import Foundation
import SwitchboardControl
import SwitchboardCore
import SwitchboardServer
import SwitchboardTUI

/// What `w` and `W` do on the screen: the server's recording, run on one
/// serial queue of its own (it writes files, and only one records at a time
/// anyway), told in one line.
enum ScreenRecording {
    /// Where the screen's recordings run, one after the other: a key held
    /// down asks for no more than one thread.
    private static let queue = DispatchQueue(label: "switchboard-screen-recording")

    /// - Parameter directory: the fixtures folder; a recording that creates
    ///   it says so.
    static func capability(server: SwitchboardServer, directory: String) -> FixtureRecording {
        FixtureRecording { target in
            await withCheckedContinuation { continuation in
                Self.queue.async {
                    let folderExisted = FileManager.default.fileExists(atPath: directory)
                    let result =
                        switch target {
                        case .endpoint(let id): server.recordLive([id])
                        case .everySeenLive: server.recordLive(nil)
                        case .request(let sequence): server.recordRequest(sequence)
                        }
                    continuation.resume(returning: Self.notice(result, folderExisted: folderExisted))
                }
            }
        }
    }

    /// `recorded login → fixtures/recorded/login.json, fixtures/switchboard.yml
    /// updated`, or why nothing was written. Paths are the fixtures folder's
    /// as the program was given it (relative to where it runs, unless given
    /// whole), so a demo tried in a clone says it wrote into the clone.
    static func notice(_ result: Result<RecordResult, RecordRefusal>, folderExisted: Bool) -> String {
        let recorded: RecordResult
        switch result {
        case .failure(let refusal): return refusal.message.split(separator: "\n").joined(separator: " ")
        case .success(let success): recorded = success
        }
        let written = recorded.written.filter { $0.change != "already_an_endpoint" }
        guard !written.isEmpty else {
            if let existing = recorded.written.first {
                return "\(existing.endpoint) already answers that request; nothing written"
            }
            return recorded.skipped.first?.reason ?? "no live answers to record yet"
        }
        // The manifest is written in the fixtures folder; the bodies' paths are relative to it.
        let folder = recorded.manifest.map { ($0 as NSString).deletingLastPathComponent } ?? ""
        let inFolder = { (relative: String) in
            folder.isEmpty ? relative : (folder as NSString).appendingPathComponent(relative)
        }
        var text: String
        if written.count == 1, let one = written.first {
            let what = one.change == "stub" ? "wrote a stub for \(one.endpoint)" : "recorded \(one.endpoint)"
            let response = one.response == "success" ? "" : " \(one.response)"
            text = what + response + (one.file.map { " → \(inFolder($0))" } ?? " (empty body)")
        } else {
            text = "recorded \(written.count) endpoints → \(inFolder(FixtureRecorder.folder))/"
        }
        if let manifest = recorded.manifest {
            text += ", \(manifest) \(recorded.manifestChanged ? "updated" : "unchanged")"
            if !folderExisted {
                text =
                    "started without a fixtures folder: created \((manifest as NSString).deletingLastPathComponent)/"
                    + " — " + text
            }
        }
        if written.count == 1, written[0].change == "stub" { text += " — edit it to answer" }
        if !recorded.skipped.isEmpty {
            text += "; not recorded: " + recorded.skipped.map(\.endpoint).joined(separator: ", ")
        }
        return text
    }
}
