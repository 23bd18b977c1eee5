import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

/// Connection toxics as a setting: their spelling, the manifest (a list or
/// one string, with file and line for a bad one), runtime changes, reset,
/// `Prefer`, change markers and the decision a request gets.
@Suite struct ToxicsPanelTests {
    func panel() throws -> ControlPanel {
        let fixtures = MemoryFixtures(
            """
            endpoints:
              - { id: a, method: GET, path: /a, toxics: [slicer, "slow_close:500ms", "limit_data:1024"] }
              - { id: b, method: GET, path: /b, toxics: slicer }
              - { id: c, method: GET, path: /c }
            """)
        return try fixtures.panel()
    }

    @Test func theManifestTakesAListOrOneToxic() throws {
        let snapshot = try self.panel().snapshot()
        #expect(
            snapshot.rows.map(\.setting.toxics) == [
                Toxics(slicer: true, slowClose: .milliseconds(500), limitData: 1024), .slicer, .none,
            ])
        #expect(snapshot.rows[0].setting.toxics.names == ["slicer", "slow_close:500ms", "limit_data:1024"])
    }

    @Test func spellingsReadAndWriteTheSame() throws {
        for text in ["slicer", "slow_close:2s", "slow_close:1500ms", "limit_data:0", "slicer,limit_data:10"] {
            guard case .success(let toxics) = Toxics.parseList(text) else {
                Issue.record("\(text) did not parse")
                continue
            }
            #expect(toxics.description == text)
        }
        #expect(try Toxics.parseList("slow_close").get() == .slowClose(.seconds(2)))
        #expect(try Toxics.parseList("none").get() == .none)
    }

    @Test func badToxicsAreReportedWithLineAndFix() throws {
        let found = try manifestProblems(
            """
            endpoints:
              - { id: a, method: GET, path: /a, toxics: "limit_data:-1" }
              - { id: b, method: GET, path: /b, toxics: ["slicer:x"] }
              - { id: c, method: GET, path: /c, toxics: [slicr] }
              - { id: d, method: GET, path: /d, toxics: "slow_close:soon" }
            """)
        #expect(
            found == [
                "2:45: 'limit_data:-1' is not a toxic: limit_data takes a byte count of 0 or more, e.g. limit_data:1024",
                "3:46: 'slicer:x' is not a toxic: slicer takes no argument",
                "4:46: 'slicr' is not a toxic: toxics: slicer, slow_close[:DURATION], limit_data:N"
                    + " — did you mean 'slicer'?",
                "5:45: 'slow_close:soon' is not a toxic: slow_close takes a delay up to 600s, e.g. slow_close:2s or :500ms",
            ])
    }

    @Test func settingResettingAndMarkersCarryToxics() throws {
        let panel = try self.panel()
        try panel.set(endpoint: "c", SettingChange(toxics: .limitData(10)))
        #expect(panel.snapshot().rows[2].setting.toxics == .limitData(10))
        #expect(panel.changes(after: 0).last?.summary == "c → toxics limit_data:10")
        try panel.reset(endpoint: "c")
        #expect(panel.snapshot().rows[2].setting.toxics == .none)
        try panel.reset(endpoint: "b")
        #expect(panel.snapshot().rows[1].setting.toxics == .slicer, "reset returns to the manifest's")
    }

    @Test func theDecisionCarriesTheEndpointsToxicsOrThePreferHeaders() throws {
        let snapshot = try self.panel().snapshot()
        #expect(snapshot.decide(endpoint: 1).toxics == .slicer)
        let prefer = try PreferHeader.parse("toxics=limit_data:5", endpoint: 2, manifest: snapshot.manifest).get()
        #expect(snapshot.decide(endpoint: 2, override: prefer).toxics == .limitData(5))
        #expect(snapshot.decide(endpoint: 2).toxics == .none)
        #expect(throws: PreferHeader.Problem.self) {
            try PreferHeader.parse("toxics=slicr", endpoint: 2, manifest: snapshot.manifest).get()
        }
    }

    @Test func theScreenCycleGoesThroughEachToxicAndBack() {
        let cycle = sequence(first: Toxics.none) { $0.next }.prefix(5).map(\.description)
        #expect(cycle == ["none", "slicer", "slow_close:2s", "limit_data:1024", "none"])
    }
}
