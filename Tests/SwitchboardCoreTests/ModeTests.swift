import SwitchboardCore
import Testing

@Suite struct ModeTests {
    @Test func everyModeHasOneSpellingThatParsesBack() {
        for mode in Mode.cycle + [.flaky(percent: 10)] {
            #expect(Mode(name: mode.name) == mode)
        }
        #expect(Mode(name: "flaky") == .flaky(percent: 25))
        #expect(Mode(name: "flaky:10%") == .flaky(percent: 10))
        #expect(Mode(name: "FLAKY:50") == .flaky(percent: 50))
        #expect(Mode(name: "flaky:101") == nil)
        #expect(Mode(name: "flaky:x") == nil)
    }

    @Test func spaceWalksEveryModeAndSkipsAMissingSequence() {
        var mode = Mode.success
        var seen: [String] = []
        for _ in 0..<10 {
            seen.append(mode.name)
            mode = mode.next(hasSequence: true, flakyPercent: 40)
        }
        #expect(
            seen == [
                "success", "error", "server_error", "reset", "hang", "empty", "garbage", "truncated", "flaky:40",
                "sequence",
            ])
        #expect(mode == .success)
        #expect(Mode.flaky(percent: 40).next(hasSequence: false) == .success)
    }

    @Test func digitsNameModesInCycleOrder() {
        #expect(Mode.numbered(1) == .success)
        #expect(Mode.numbered(4) == .reset)
        #expect(Mode.numbered(9) == .flaky(percent: 25))
        #expect(Mode.numbered(0) == .sequence)
    }
}
