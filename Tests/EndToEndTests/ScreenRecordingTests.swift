import Foundation
import SwitchboardControl
import SwitchboardCore
import SwitchboardTUI
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer
@testable import switchboard

/// What `w` and `W` do in the program: the server's recording, wired to the
/// screen, and the one line the screen shows for what it did.
@Suite struct ScreenRecordingTests {
    static func written(
        _ endpoint: String, _ file: String? = "recorded/x.json", response: String = "success",
        change: String = "added"
    ) -> RecordResult.Written {
        RecordResult.Written(endpoint: endpoint, response: response, file: file, change: change)
    }

    static func notice(
        _ written: [RecordResult.Written], skipped: [RecordResult.Skipped] = [],
        manifest: String? = "fx/switchboard.yml", changed: Bool = true, folderExisted: Bool = true
    ) -> String {
        ScreenRecording.notice(
            .success(RecordResult(written: written, skipped: skipped, manifest: manifest, manifestChanged: changed)),
            folderExisted: folderExisted)
    }

    @Test func oneEndpointRecordedNamesItsFileAndTheManifest() {
        #expect(
            Self.notice([Self.written("login", "recorded/login.json")])
                == "recorded login → fx/recorded/login.json, fx/switchboard.yml updated")
        #expect(
            Self.notice([Self.written("login", "recorded/login.json")], changed: false)
                == "recorded login → fx/recorded/login.json, fx/switchboard.yml unchanged")
    }

    @Test func anErrorAnswerAndAnEmptyBodySaySo() {
        #expect(
            Self.notice([Self.written("login", "recorded/login-error.json", response: "server_error")])
                == "recorded login server_error → fx/recorded/login-error.json, fx/switchboard.yml updated")
        #expect(
            Self.notice([Self.written("logout", nil)]) == "recorded logout (empty body), fx/switchboard.yml updated")
    }

    @Test func aStubAsksToBeEdited() {
        #expect(
            Self.notice([Self.written("get-nope", "recorded/get-nope.json", change: "stub")])
                == "wrote a stub for get-nope → fx/recorded/get-nope.json, fx/switchboard.yml updated — edit it to answer"
        )
    }

    @Test func severalEndpointsAndTheSkippedOnes() {
        let notice = Self.notice(
            [Self.written("a"), Self.written("b")],
            skipped: [.init(endpoint: "big", reason: "too large"), .init(endpoint: "c", reason: "none yet")])
        #expect(notice == "recorded 2 endpoints → fx/recorded/, fx/switchboard.yml updated; not recorded: big, c")
    }

    @Test func aFolderTheRecordingCreatedIsNamed() {
        #expect(
            Self.notice([Self.written("get-json", "recorded/get-json.json")], folderExisted: false)
                == "started without a fixtures folder: created fx/ — recorded get-json → fx/recorded/get-json.json,"
                + " fx/switchboard.yml updated")
    }

    @Test func nothingWrittenSaysWhy() {
        #expect(
            Self.notice([Self.written("health", nil, change: "already_an_endpoint")], manifest: nil)
                == "health already answers that request; nothing written")
        #expect(
            Self.notice([], skipped: [.init(endpoint: "w", reason: "no live answer to record for w yet")])
                == "no live answer to record for w yet")
        #expect(Self.notice([], manifest: nil) == "no live answers to record yet")
    }

    @Test func aRefusalIsOneLine() {
        let refusal = RecordRefusal(message: "recorded, but the fixtures do not load:\nswitchboard.yml:3:1: bad")
        #expect(
            ScreenRecording.notice(.failure(refusal), folderExisted: true)
                == "recorded, but the fixtures do not load: switchboard.yml:3:1: bad")
    }

    /// `w` on a request nothing answered, through the recording the program
    /// gives the screen and a running server: the stub arrives with the
    /// reload it causes, settings kept.
    @Test func aStubForAnUnmatchedRequestArrivesWithTheReloadAndSettingsKept() async throws {
        let fixtures = try TemporaryFixtures(
            manifest: """
                # mine
                endpoints:
                  - { id: health, method: GET, path: /health, success: {body: ok} }
                """)
        let panel = ControlPanel(manifest: try ManifestLoader.load(directory: fixtures.path))
        try panel.setMode(.serverError, endpoint: "health")
        try await RunningServer(panel: panel).serving { server in
            let harness = ScreenHarness(
                panel: panel, journal: server.journal,
                recording: ScreenRecording.capability(server: server.server, directory: fixtures.path))
            #expect(try await HTTPClient.send(server.url("/nope/5")).status == 404)
            #expect(await waitUntil(timeout: 10) { server.journal.stats().total == 1 })
            harness.frame()
            harness.press(.tab, .char("w"))
            #expect(harness.state.flash == "recording request #1…")
            await harness.frameAfterWake()
            let notice =
                "wrote a stub for get-nope-id → \(fixtures.path)/recorded/get-nope-id.json,"
                + " \(fixtures.path)/switchboard.yml updated — edit it to answer"
            #expect(harness.state.endpoints.map(\.id) == ["health", "get-nope-id"])
            #expect(harness.state.endpoints[0].mode == .serverError, "runtime state survives the reload")
            #expect(harness.state.flash == notice)
            #expect(harness.terminal.screen.contains("wrote a stub for get-nope-id"))
            let manifest = try String(contentsOfFile: fixtures.path + "/switchboard.yml", encoding: .utf8)
            #expect(manifest.contains("# mine"))
            // The fixture watcher reloads the files a moment later: the notice stays.
            panel.replaceManifest(try ManifestLoader.load(directory: fixtures.path))
            harness.frame()
            #expect(harness.state.flash == notice)
            #expect(harness.state.endpoints[0].mode == .serverError)
            // The next key clears it, and a later reload says so again.
            harness.press(.char("j"))
            panel.replaceManifest(try ManifestLoader.load(directory: fixtures.path))
            harness.frame()
            #expect(harness.state.flash == "fixtures reloaded: 2 endpoints")
        }
    }
}
