import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

/// How a drill is written in the manifest, and what is wrong with one
/// written badly: file position, what, and the fix.
@Suite struct DrillManifestTests {
    @Test func aDrillLoadsItsStepsInOrder() throws {
        let fixtures = MemoryFixtures(DrillManifests.badDayAndOthers)
        let manifest = try fixtures.load()
        let drill = try #require(manifest.scenarios.first { $0.name == "bad-day" })
        #expect(drill.isDrill)
        #expect(drill.steps.map(\.at) == [.zero, .seconds(20), .seconds(40)])
        #expect(drill.steps[1].action == .apply([.init(target: "login", change: SettingChange(mode: .serverError))]))
        #expect(drill.steps[2].action == .resetAll)
        #expect(manifest.scenarios.first { $0.name == "outage" }?.isDrill == false)
    }

    @Test func badStepsAreReportedWithTheirFix() throws {
        let found = try manifestProblems(
            """
            endpoints:
              - { id: login, method: POST, path: /login }
            scenarios:
              bad-day:
                steps:
                  - { at: 10s, "*": { latency: 3g } }
                  - { at: 5s, login: { mode: server_error } }
                  - { login: { mode: error } }
                  - { at: 30s, reset: login }
                  - { at: 40s, logn: { mode: error } }
                  - { at: soon, reset: all }
                  - { at: 50s }
            """)
        #expect(
            found == [
                "7:15: step 2 of drill 'bad-day' is at 5s, not after the step before it (10s) — list the steps in time order, each 'at' later than the last",
                "8:9: step 3 of drill 'bad-day' has no 'at' — say when it happens: 'at: 20s'",
                "9:27: 'reset' of step 4 of drill 'bad-day' should be 'all' — write 'reset: all'",
                "10:20: step 5 of drill 'bad-day' names unknown endpoint 'logn' — did you mean 'login'?",
                "11:15: 'at' of step 6 of drill 'bad-day' 'soon' is not a duration — write a number with a unit: '250ms', '2s', '1.5s', '1m'",
                "12:9: step 7 of drill 'bad-day' sets nothing — name endpoints as a scenario does ('login: { mode: server_error }'), or 'reset: all'",
            ])
    }

    @Test func aDrillKeepsItsSettingsInItsSteps() throws {
        let found = try manifestProblems(
            """
            endpoints:
              - { id: login, method: POST, path: /login }
            scenarios:
              bad-day:
                login: { mode: error }
                steps: [ { at: 0s, reset: all } ]
            """)
        #expect(
            found == [
                "5:5: drill 'bad-day' mixes 'steps' with settings ('login') — move the settings into a step: '- { at: 0s, login: { … } }'"
            ])
    }
}
