import Foundation
import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

/// Editing the fixtures while running: changes apply, settings of endpoints
/// that still exist are kept, and a broken edit keeps the last good version.
@Suite struct ReloadTests {
    static let first = """
        endpoints:
          - { id: a, method: GET, path: /a, success: { file: a.json } }
          - { id: b, method: GET, path: /b }
        latency_profiles:
          slow: 2s
        """

    func setUp() throws -> (TemporaryFixtures, ControlPanel, FixtureWatcher) {
        let fixtures = try TemporaryFixtures(manifest: Self.first, textFiles: ["a.json": #"{"v":1}"#])
        let panel = ControlPanel(manifest: try ManifestLoader.load(directory: fixtures.path))
        let watcher = FixtureWatcher(directory: fixtures.path, displayDirectory: "fx", panel: panel)
        return (fixtures, panel, watcher)
    }

    /// The watcher's clock, moved by hand.
    let time = TestTime()

    /// Looks twice, the settle time apart: a change is loaded once it has
    /// settled.
    func settle(_ watcher: FixtureWatcher) -> FixtureWatcher.Event? {
        _ = watcher.check(at: self.time.advance(by: .seconds(1)))
        return watcher.check(at: self.time.advance(by: .milliseconds(200)))
    }

    @Test func nothingChangedNothingReloads() throws {
        let (fixtures, _, watcher) = try self.setUp()
        _ = fixtures
        #expect(self.settle(watcher) == nil)
    }

    @Test func anEditAppliesAndKeepsTheSettingsOfEndpointsThatStillExist() throws {
        let (fixtures, panel, watcher) = try self.setUp()
        try panel.setMode(.serverError, endpoint: "a")
        try panel.setLatency("slow", endpoint: "a")
        try fixtures.write(
            "switchboard.yml",
            Array(
                """
                endpoints:
                  - { id: a, method: GET, path: /a, success: { file: a.json } }
                  - { id: c, method: POST, path: /c, mode: error }
                latency_profiles:
                  slow: 2s
                """.utf8))
        #expect(self.settle(watcher) == .reloaded(endpoints: 2))
        let snapshot = panel.snapshot()
        #expect(snapshot.manifest.endpoints.map(\.id) == ["a", "c"])
        #expect(
            snapshot.rows.map(\.setting) == [
                .init(mode: .serverError, latency: "slow"), .init(mode: .error, latency: nil),
            ])
        #expect(snapshot.generation == 2)
    }

    @Test func aBodyFileEditIsPickedUp() throws {
        let (fixtures, panel, watcher) = try self.setUp()
        try fixtures.write("a.json", Array(#"{"v":2,"longer":true}"#.utf8))
        #expect(self.settle(watcher) == .reloaded(endpoints: 2))
        guard case .fixed(let body) = panel.snapshot().manifest.endpoints[0].success.body,
            case .bytes(let bytes) = body.content
        else {
            Issue.record("a.json should be a fixed body")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"v":2,"longer":true}"#)
    }

    @Test func aBrokenEditKeepsTheLastGoodVersionUntilFixed() throws {
        let (fixtures, panel, watcher) = try self.setUp()
        try panel.setMode(.error, endpoint: "b")
        try fixtures.write(
            "switchboard.yml",
            Array(
                Self.first.replacingOccurrences(of: "path: /b }", with: "path: /b }\n  - { method: GTE, path: /x }")
                    .utf8)
        )
        guard case .failed(let problems) = self.settle(watcher) else {
            Issue.record("the broken edit should fail to load")
            return
        }
        #expect(problems.map(\.description) == ["fx/switchboard.yml:4:15: unknown method 'GTE' — did you mean 'GET'?"])
        let broken = panel.snapshot()
        #expect(broken.manifest.endpoints.map(\.id) == ["a", "b"])
        #expect(broken.rows[1].setting.mode == .error)
        #expect(broken.reloadProblems == problems)
        try fixtures.write("switchboard.yml", Array(Self.first.utf8))
        #expect(self.settle(watcher) == .reloaded(endpoints: 2))
        #expect(panel.snapshot().reloadProblems.isEmpty)
        #expect(panel.snapshot().rows[1].setting.mode == .error)
    }

    @Test func anAliasBombIsRefusedAndTheLastGoodVersionServesOn() throws {
        let (fixtures, panel, watcher) = try self.setUp()
        try panel.setMode(.error, endpoint: "b")
        let bomb = ManifestProblemsTests.aliasBomb(levels: 10)
        try fixtures.write("switchboard.yml", Array(bomb.utf8))
        guard case .failed(let problems) = self.settle(watcher) else {
            Issue.record("an alias bomb should fail to load")
            return
        }
        #expect(problems.map(\.line) == [5])
        #expect(problems[0].message.contains("expand to more than 100,000 values"))
        #expect(panel.snapshot().manifest.endpoints.map(\.id) == ["a", "b"])
        #expect(panel.snapshot().rows[1].setting.mode == .error)
    }

    /// A string aliased into gigabytes took the server down on reload
    /// (`failed to allocate`); a modest one over the 10 MB budget shows the
    /// refusal, and the last good fixtures serve on.
    @Test func anAliasBombByBytesIsRefusedAndTheLastGoodVersionServesOn() throws {
        let (fixtures, panel, watcher) = try self.setUp()
        try panel.setMode(.error, endpoint: "b")
        let bomb = AliasByteBudgetTests.textBomb(bytes: AliasByteBudgetTests.mebibyte, aliases: 12)
        try fixtures.write("switchboard.yml", Array(bomb.utf8))
        guard case .failed(let problems) = self.settle(watcher) else {
            Issue.record("a string aliased past the budget should fail to load")
            return
        }
        #expect(problems.count == 1)
        #expect(
            problems.first?.description.hasPrefix(
                "fx/switchboard.yml:19:11: the YAML aliases here expand to more than 10MB of text") == true)
        #expect(panel.snapshot().manifest.endpoints.map(\.id) == ["a", "b"])
        #expect(panel.snapshot().rows[1].setting.mode == .error)
        #expect(panel.snapshot().reloadProblems == problems)
    }

    @Test func creatingTheFileABrokenEditNamesReloads() throws {
        let (fixtures, panel, watcher) = try self.setUp()
        try fixtures.write(
            "switchboard.yml",
            Array(
                Self.first.replacingOccurrences(
                    of: "latency_profiles:",
                    with: "  - { id: c, method: GET, path: /c, success: { file: c.json } }\nlatency_profiles:"
                ).utf8))
        guard case .failed(let problems) = self.settle(watcher) else {
            Issue.record("a manifest naming a missing file should fail to load")
            return
        }
        #expect(problems.map(\.description).contains { $0.contains("file 'c.json' does not exist") })
        try fixtures.write("c.json", Array("[]".utf8))
        #expect(self.settle(watcher) == .reloaded(endpoints: 3))
        #expect(panel.snapshot().reloadProblems.isEmpty)
    }

    @Test func settingsThatNoLongerMakeSenseFallBack() throws {
        let (fixtures, panel, watcher) = try self.setUp()
        try panel.setLatency("slow", endpoint: "b")
        try fixtures.write("switchboard.yml", Array("endpoints:\n  - { id: b, method: GET, path: /b }\n".utf8))
        #expect(self.settle(watcher) == .reloaded(endpoints: 1))
        #expect(panel.snapshot().rows.map(\.setting) == [.init(mode: .success, latency: nil)])
    }

    @Test func listenersHearReloads() throws {
        let (fixtures, panel, watcher) = try self.setUp()
        let counter = Counter()
        panel.addListener { counter.increment() }
        try fixtures.write("a.json", Array("[]".utf8))
        _ = self.settle(watcher)
        #expect(counter.value == 1)
    }

    @Test func untouchedEndpointsFollowAnEditedStartingState() throws {
        let (fixtures, panel, watcher) = try self.setUp()
        try panel.setMode(.error, endpoint: "a")
        try fixtures.write(
            "switchboard.yml",
            Array(Self.first.replacingOccurrences(of: "path: /b }", with: "path: /b, mode: hang, latency: slow }").utf8)
        )
        #expect(self.settle(watcher) == .reloaded(endpoints: 2))
        #expect(
            panel.snapshot().rows.map(\.setting) == [
                .init(mode: .error, latency: nil), .init(mode: .hang, latency: "slow"),
            ])
    }

    @Test func aFileThatFitsAPatternIsWatchedAndNothingElseBesideIt() throws {
        let fixtures = try TemporaryFixtures(
            manifest:
                "endpoints:\n  - { method: GET, path: \"/:kind/:id\", success: { file: \"{kind}/{id}.json\" } }\n",
            textFiles: ["users/1.json": "{}"])
        let panel = ControlPanel(manifest: try ManifestLoader.load(directory: fixtures.path))
        let watcher = FixtureWatcher(directory: fixtures.path, displayDirectory: "fx", panel: panel)
        try fixtures.write("requests.jsonl", Array("{}\n".utf8))
        try fixtures.write("users/notes.txt", Array("later".utf8))
        #expect(self.settle(watcher) == nil)
        try fixtures.write("teams/7.json", Array("{}".utf8))
        #expect(self.settle(watcher) == .reloaded(endpoints: 1))
    }

    @Test func filesTheManifestDoesNotUseDoNotTriggerReloads() throws {
        let (fixtures, _, watcher) = try self.setUp()
        try fixtures.write("requests.jsonl", Array("{}\n".utf8))
        try fixtures.write("notes/todo.txt", Array("later".utf8))
        #expect(self.settle(watcher) == nil)
    }

    @Test func aSaveIsAppliedOnlyOnceItHasSettled() throws {
        let (fixtures, panel, watcher) = try self.setUp()
        let full = Self.first.replacingOccurrences(
            of: "path: /b }", with: "path: /b }\n  - { id: c, method: GET, path: /c }")
        let half = String(full.prefix { $0 != "-" }) + "\n  - { id: a, method: GET, path: /a }\n"
        try fixtures.write("switchboard.yml", Array(half.utf8))
        #expect(watcher.check(at: .milliseconds(1_000)) == nil)
        // Unchanged at the next look, but not yet for the settle time.
        #expect(watcher.check(at: .milliseconds(1_100)) == nil)
        try fixtures.write("switchboard.yml", Array(full.utf8))
        #expect(watcher.check(at: .milliseconds(1_150)) == nil)
        #expect(watcher.check(at: .milliseconds(1_300)) == nil)
        #expect(watcher.check(at: .milliseconds(1_350)) == .reloaded(endpoints: 3))
        #expect(panel.snapshot().manifest.endpoints.map(\.id) == ["a", "b", "c"])
    }

    @Test func aFileChangedWhileItWasReadIsLoadedAgain() throws {
        let fixtures = try TemporaryFixtures(manifest: Self.first, textFiles: ["a.json": #"{"v":1}"#])
        let panel = ControlPanel(manifest: try ManifestLoader.load(directory: fixtures.path))
        let full = Self.first + "\n  slower: 5s\n"
        // The writer finishes the file just after the load has read it.
        let files = FixtureFiles { path in
            let read = FixtureFiles.disk.read(path)
            if path.hasSuffix("switchboard.yml") { try? fixtures.write("switchboard.yml", Array(full.utf8)) }
            return read
        }
        let watcher = FixtureWatcher(directory: fixtures.path, displayDirectory: "fx", panel: panel, files: files)
        try fixtures.write("switchboard.yml", Array((Self.first + "\n").utf8))
        #expect(self.settle(watcher) == .reloaded(endpoints: 2))
        #expect(!panel.snapshot().manifest.latencyNames.contains("slower"))
        #expect(self.settle(watcher) == .reloaded(endpoints: 2))
        #expect(panel.snapshot().manifest.latencyNames.contains("slower"))
    }

    @Test func aManifestThatCannotBeReadSaysWhyAndIsRetriedUntilItLoads() throws {
        let fixtures = try TemporaryFixtures(manifest: Self.first, textFiles: ["a.json": #"{"v":1}"#])
        let panel = ControlPanel(manifest: try ManifestLoader.load(directory: fixtures.path))
        let failures = Counter()
        let files = FixtureFiles { path in
            guard path.hasSuffix("switchboard.yml"), failures.value < 3 else { return FixtureFiles.disk.read(path) }
            failures.increment()
            return .failure(ReadFailure(code: EMFILE))
        }
        let watcher = FixtureWatcher(directory: fixtures.path, displayDirectory: "fx", panel: panel, files: files)
        try fixtures.write("switchboard.yml", Array("endpoints:\n  - { id: z, method: GET, path: /z }\n".utf8))
        #expect(watcher.check(at: .milliseconds(0)) == nil)
        guard case .failed(let problems) = watcher.check(at: .milliseconds(200)) else {
            Issue.record("the first read fails")
            return
        }
        #expect(
            problems.map(\.description) == [
                "fx/switchboard.yml:1:1: cannot read the manifest: too many open files — close some files or raise the limit (ulimit -n); a reload retries on its own"
            ])
        #expect(panel.snapshot().reloadProblems == problems)
        // Tried again after 0.1 s, then 0.2 s, though nothing changed.
        #expect(watcher.check(at: .milliseconds(250)) == nil)
        #expect(watcher.check(at: .milliseconds(300)) == .failed(problems))
        #expect(watcher.check(at: .milliseconds(450)) == nil)
        #expect(watcher.check(at: .milliseconds(500)) == .failed(problems))
        #expect(watcher.check(at: .milliseconds(900)) == .reloaded(endpoints: 1))
        #expect(panel.snapshot().reloadProblems.isEmpty)
        #expect(watcher.check(at: .milliseconds(5_000)) == nil)
    }

    @Test func aBodyFileThatCannotBeReadSaysWhy() throws {
        let fixtures = try TemporaryFixtures(manifest: Self.first, textFiles: ["a.json": #"{"v":1}"#])
        let files = FixtureFiles { path in
            path.hasSuffix("a.json") ? .failure(ReadFailure(code: EACCES)) : FixtureFiles.disk.read(path)
        }
        do {
            _ = try ManifestLoader.load(directory: fixtures.path, displayDirectory: "fx", files: files)
            Issue.record("an unreadable body file fails the load")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "fx/switchboard.yml:2:54: file 'a.json' cannot be read: permission denied — check its permissions"
                ])
            #expect(error.unreadable)
        }
    }

    @Test func anEndpointAReloadDroppedGetsItsSettingsBackWhenItReturns() throws {
        let (fixtures, panel, watcher) = try self.setUp()
        try panel.set(endpoint: "b", SettingChange(mode: .serverError, latency: LatencyChoice(name: "slow")))
        try fixtures.write(
            "switchboard.yml",
            Array(Self.first.replacingOccurrences(of: "  - { id: b, method: GET, path: /b }\n", with: "").utf8))
        #expect(self.settle(watcher) == .reloaded(endpoints: 1))
        try fixtures.write("switchboard.yml", Array(Self.first.utf8))
        #expect(self.settle(watcher) == .reloaded(endpoints: 2))
        #expect(panel.snapshot().rows[1].setting == .init(mode: .serverError, latency: "slow"))
    }

    @Test func aReloadThatLeavesNoEndpointsSaysSo() throws {
        let (fixtures, _, watcher) = try self.setUp()
        try fixtures.write("switchboard.yml", Array("endpoints: []\n".utf8))
        #expect(self.settle(watcher) == .reloaded(endpoints: 0))
    }
}
