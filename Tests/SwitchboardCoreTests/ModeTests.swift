import SwitchboardCore
import Testing

@Suite struct ModeTests {
    @Test func everyModeHasOneSpellingThatParsesBack() {
        for mode in Mode.names.compactMap({ Mode(name: $0 == "flaky:N" ? "flaky" : $0) }) + [.flaky(percent: 10)] {
            #expect(Mode(name: mode.name) == mode)
        }
        #expect(Mode(name: "flaky") == .flaky(percent: 25))
        #expect(Mode(name: "flaky:10%") == .flaky(percent: 10))
        #expect(Mode(name: "FLAKY:50") == .flaky(percent: 50))
        #expect(Mode(name: "flaky:101") == nil)
        #expect(Mode(name: "flaky:x") == nil)
    }
}
