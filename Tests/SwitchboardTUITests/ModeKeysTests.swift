import SwitchboardCore
import SwitchboardModel
import SwitchboardTUI
import Testing

@Suite struct ModeKeysTests {
    @Test func spaceWalksEveryModeAndSkipsAMissingSequence() {
        var mode = Mode.success
        var seen: [String] = []
        for _ in 0..<10 {
            seen.append(mode.name)
            mode = ModeKeys.next(after: mode, hasSequence: true, flakyPercent: 40)
        }
        #expect(
            seen == [
                "success", "error", "server_error", "reset", "hang", "empty", "garbage", "truncated", "flaky:40",
                "sequence",
            ])
        #expect(mode == .offline, "the faults without a digit come after the digits' modes")
        #expect(ModeKeys.next(after: .offline) == .success)
        #expect(ModeKeys.next(after: .flaky(percent: 40), hasSequence: false) == .offline)
    }

    @Test func spaceReachesLiveOnlyWhereThereIsAnUpstream() {
        #expect(ModeKeys.next(after: .offline, canGoLive: true) == .live)
        #expect(ModeKeys.next(after: .live, canGoLive: true) == .success)
        #expect(ModeKeys.next(after: .offline, hasSequence: false, canGoLive: true) == .live)
        #expect(ModeKeys.next(after: .offline, canGoLive: false) == .success)
        #expect(ModeKeys.numbered(0) == .sequence, "the digits keep their ten modes")
    }

    @Test func digitsNameModesInCycleOrder() {
        #expect(ModeKeys.numbered(1) == .success)
        #expect(ModeKeys.numbered(4) == .reset)
        #expect(ModeKeys.numbered(9) == .flaky(percent: 25))
        #expect(ModeKeys.numbered(0) == .sequence)
    }

    @Test func flakyPresetsWrapAround() {
        #expect(ModeKeys.nextFlakyPreset(after: 25) == 50)
        #expect(ModeKeys.nextFlakyPreset(after: 33) == 50)
        #expect(ModeKeys.nextFlakyPreset(after: 90) == 10)
    }
}
