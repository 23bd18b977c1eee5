import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

/// Rows for endpoints seen live: learned by the panel at run time, flipped
/// like declared ones, bounded, and kept across reloads.
@Suite struct SeenLiveTests {
    static let manifest = """
        upstream: http://127.0.0.1:9
        endpoints:
          - { id: login, method: POST, path: /login }
        latency_profiles:
          slow: 2s
        """

    func panel(_ text: String = Self.manifest) throws -> (TemporaryFixtures, ControlPanel) {
        let fixtures = try TemporaryFixtures(manifest: text)
        return (fixtures, ControlPanel(manifest: try ManifestLoader.load(directory: fixtures.path)))
    }

    func load(_ fixtures: TemporaryFixtures) throws -> Manifest {
        try ManifestLoader.load(directory: fixtures.path)
    }

    /// Rewrites the manifest and reloads it, as the fixture watcher would.
    func reload(_ panel: ControlPanel, _ fixtures: TemporaryFixtures, to text: String) throws {
        try fixtures.write("switchboard.yml", Array(text.utf8))
        panel.replaceManifest(try self.load(fixtures))
    }

    @Test func aRequestSeenLiveBecomesARowInModeLiveGroupedByItsId() throws {
        let (_, panel) = try self.panel()
        #expect(panel.learn(method: "GET", target: RequestTarget(uri: "/episodes/3")) == "get-episodes-id")
        #expect(panel.learn(method: "GET", target: RequestTarget(uri: "/episodes/4?full=1")) == "get-episodes-id")
        let snapshot = panel.snapshot()
        #expect(snapshot.manifest.endpoints.map(\.id) == ["login", "get-episodes-id"])
        #expect(snapshot.seenLive.endpoints.map(\.signature) == ["GET /episodes/:id"])
        #expect(snapshot.rows[1].setting == EndpointSetting(mode: .live, latency: nil))
        #expect(snapshot.declared.endpoints.map(\.id) == ["login"])
    }

    @Test func aLearnedRowIsFlippedAndResetBackToLive() throws {
        let (_, panel) = try self.panel()
        _ = panel.learn(method: "GET", target: RequestTarget(uri: "/episodes/3"))
        try panel.set(
            endpoint: "get-episodes-id", SettingChange(mode: .serverError, latency: LatencyChoice(name: "slow")))
        let flipped = panel.snapshot()
        guard
            case .matched(let index, _)? = flipped.seenLive.route(
                method: "GET", target: RequestTarget(uri: "/episodes/9"))
        else {
            Issue.record("the learned row does not route")
            return
        }
        #expect(flipped.decide(endpoint: index).mode == .serverError)
        #expect(flipped.decide(endpoint: index).delay == .seconds(2))
        try panel.reset(endpoint: "get-episodes-id")
        #expect(panel.snapshot().rows[index].setting == EndpointSetting(mode: .live, latency: nil))
        try panel.setMode(.flaky(percent: 0), endpoint: "get-episodes-id")
        #expect(panel.snapshot().decide(endpoint: index).mode == .live, "a flaky success stays live")
    }

    @Test func learningARowTheManifestDeclaresAnIdOfGetsItsOwnId() throws {
        let (_, panel) = try self.panel(
            """
            upstream: http://127.0.0.1:9
            endpoints:
              - { id: get-episodes-id, method: GET, path: /shows }
            """)
        #expect(panel.learn(method: "GET", target: RequestTarget(uri: "/episodes/3")) == "get-episodes-id-2")
    }

    @Test func theRowsAreBoundedAndPastTheBoundNothingIsLearned() throws {
        let fixtures = MemoryFixtures(Self.manifest)
        let limit = 20
        let panel = try fixtures.panel(learnLimit: limit)
        for number in 0..<limit {
            #expect(panel.learn(method: "GET", target: RequestTarget(uri: "/words/w\(number)x")) != nil)
        }
        let version = panel.version
        #expect(panel.learn(method: "GET", target: RequestTarget(uri: "/one/more")) == nil)
        #expect(panel.version == version)
        #expect(panel.snapshot().seenLive.endpoints.count == limit)
        #expect(
            panel.learn(method: "GET", target: RequestTarget(uri: "/words/w7x")) == "get-words-w7x",
            "known rows still route")
    }

    @Test func learningARowItAlreadyHasChangesNothing() throws {
        let (_, panel) = try self.panel()
        _ = panel.learn(method: "GET", target: RequestTarget(uri: "/a/1"))
        let version = panel.version
        _ = panel.learn(method: "GET", target: RequestTarget(uri: "/a/2"))
        #expect(panel.version == version)
    }

    @Test func aReloadKeepsLearnedRowsAndTheirSettings() throws {
        let (fixtures, panel) = try self.panel()
        _ = panel.learn(method: "GET", target: RequestTarget(uri: "/episodes/3"))
        try panel.setMode(.hang, endpoint: "get-episodes-id")
        try self.reload(
            panel, fixtures,
            to: """
                upstream: http://127.0.0.1:9
                endpoints:
                  - { id: login, method: POST, path: /login }
                  - { id: logout, method: POST, path: /logout }
                latency_profiles:
                  slow: 2s
                """)
        let snapshot = panel.snapshot()
        #expect(snapshot.manifest.endpoints.map(\.id) == ["login", "logout", "get-episodes-id"])
        #expect(snapshot.rows[2].setting.mode == .hang)
        #expect(snapshot.seenLive.offset == 2)
        guard
            case .matched(let index, _)? = snapshot.seenLive.route(
                method: "GET", target: RequestTarget(uri: "/episodes/5"))
        else {
            Issue.record("the kept row does not route")
            return
        }
        #expect(index == 2)
    }

    @Test func aRowTheManifestNowDeclaresBecomesTheManifestsWithItsSetting() throws {
        let (fixtures, panel) = try self.panel()
        _ = panel.learn(method: "GET", target: RequestTarget(uri: "/episodes/3"))
        try panel.setMode(.serverError, endpoint: "get-episodes-id")
        try self.reload(
            panel, fixtures,
            to: """
                upstream: http://127.0.0.1:9
                endpoints:
                  - { id: login, method: POST, path: /login }
                  - { id: episode, method: GET, path: /episodes/:episode, mode: live }
                """)
        let snapshot = panel.snapshot()
        #expect(snapshot.seenLive.endpoints.isEmpty)
        #expect(snapshot.manifest.endpoints.map(\.id) == ["login", "episode"])
        #expect(snapshot.rows[1].setting.mode == .serverError)
    }
}
