import SwitchboardCore
import SwitchboardTUI
import SwitchboardTestSupport
import Testing

/// A route seen live shows as a row on the next frame, and its keys flip it.
@Suite struct SeenLiveRowTests {
    @Test func aRouteSeenLiveAppearsAsARowInModeLiveAndItsKeysFlipIt() throws {
        let fixtures = MemoryFixtures(
            """
            upstream: http://127.0.0.1:9
            endpoints:
              - { id: login, method: POST, path: /login, mode: live }
            """)
        let panel = try fixtures.panel()
        let harness = ScreenHarness(panel: panel)
        harness.frame()
        #expect(harness.state.endpoints.map(\.id) == ["login"])
        // What the server does for a request no endpoint matched that went live.
        _ = panel.learn(method: "GET", target: RequestTarget(uri: "/episodes/3"))
        harness.frame()
        #expect(harness.state.endpoints.map(\.id) == ["login", "get-episodes-id"])
        #expect(harness.state.endpoints[1].mode == .live)
        #expect(harness.terminal.screen.contains("/episodes/:id"))
        #expect(harness.state.flash == nil, "learning a row is no reload")
        harness.press(.down, .char("3"))
        #expect(harness.panelSettings[1].mode == .serverError)
        #expect(harness.rowSettings == harness.panelSettings)
    }

    /// With `--upstream`, a fixture endpoint offers `live` on the screen
    /// after the manifest is edited too (the file itself names no upstream).
    @Test func withTheUpstreamOptionAReloadedFixtureEndpointStillOffersLive() throws {
        let manifest = "endpoints:\n  - { id: login, method: POST, path: /login }\n"
        let fixtures = try TemporaryFixtures(manifest: manifest)
        let panel = ControlPanel(
            manifest: try ManifestLoader.load(directory: fixtures.path),
            upstream: UpstreamURL(scheme: "http", host: "127.0.0.1", port: 9))
        let harness = ScreenHarness(panel: panel)
        harness.frame()
        #expect(harness.state.endpoints.map(\.canGoLive) == [true])
        try fixtures.write("switchboard.yml", Array((manifest + "  - { id: me, method: GET, path: /me }\n").utf8))
        panel.replaceManifest(try ManifestLoader.load(directory: fixtures.path))
        harness.frame()
        #expect(harness.state.endpoints.map(\.id) == ["login", "me"])
        #expect(harness.state.endpoints.map(\.canGoLive) == [true, true])
    }
}
