import SwitchboardCore
import SwitchboardTUI
import SwitchboardTestSupport
import Testing

/// A manifest's warnings (a description's mends, an endpoint no request
/// reaches) are on the screen's line when it starts and after a reload.
@Suite struct ManifestWarningScreenTests {
    static func manifest(warnings: Int) throws -> Manifest {
        var manifest = try MemoryFixtures("endpoints:\n  - { id: a, method: GET, path: /a }\n").load()
        manifest.warnings = (0..<warnings).map { index in
            Diagnostic(
                file: "api.yaml", line: index + 1, column: 1,
                message: "this response has no `description`; read as empty",
                isWarning: true)
        }
        return manifest
    }

    @Test func theFirstWarningAndHowManyMoreAreShownAtStartAndOnAReload() throws {
        let panel = ControlPanel(manifest: try Self.manifest(warnings: 2))
        let harness = ScreenHarness(panel: panel, width: 160)
        harness.frame()
        #expect(
            harness.state.flash
                == "api.yaml:1:1: warning: this response has no `description`; read as empty (+1 more: `switchboard check` lists them)"
        )
        panel.replaceManifest(try Self.manifest(warnings: 1))
        harness.frame()
        #expect(
            harness.state.flash
                == "fixtures reloaded: 1 endpoint; api.yaml:1:1: warning: this response has no `description`; read as empty"
        )
        #expect(harness.terminal.screen.contains("warning: this response has no"))
    }
}
