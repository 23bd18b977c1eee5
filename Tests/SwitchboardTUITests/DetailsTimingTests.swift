import SwitchboardCore
import SwitchboardModel
import SwitchboardTUI
import Testing

/// The details view says where a request's time went and which setting
/// answered it.
@Suite struct DetailsTimingTests {
    @Test func aDelayedAnswerShowsItsPhasesAndTheSettingThatChoseIt() {
        var entry = JournalEntry(
            sequence: 9, time: 0, method: "GET", target: "/weather", status: .answered(500),
            duration: .milliseconds(2_750), endpointID: "weather", mode: .serverError,
            setting: .flaky(percent: 25), latency: "slow", injectedDelay: .seconds(2))
        entry.firstByte = .milliseconds(2_001)
        let lines = DetailsFormatter.view(entry, signature: "GET /weather").lines.map(\.text)
        #expect(
            lines.contains(
                "timing  waited 2000 ms for the delay · first byte 2001 ms · body 749 ms · total 2750 ms"),
            "\(lines)")
        #expect(lines.contains("answered by the setting flaky:25, which chose server_error"))
    }

    @Test func theToxicsAnAnswerWentOutWithAreNamed() {
        var entry = JournalEntry(
            sequence: 9, time: 0, method: "GET", target: "/feed", status: .answered(200),
            duration: .milliseconds(40), endpointID: "feed", mode: .success, latency: nil)
        let plain = DetailsFormatter.view(entry, signature: "GET /feed").lines.map(\.text)
        #expect(!plain.contains { $0.contains("toxics") })
        entry.toxics = Toxics.slicer.with(.limitData(100))
        let lines = DetailsFormatter.view(entry, signature: "GET /feed").lines.map(\.text)
        #expect(lines.contains { $0.contains("success · toxics slicer,limit_data:100 · took 40 ms") }, "\(lines)")
    }

    @Test func aFaultThatSentNothingSaysSo() {
        let entry = JournalEntry(
            sequence: 9, time: 0, method: "GET", target: "/weather", status: .noStatusLine,
            duration: .milliseconds(3), endpointID: "weather", mode: .reset, latency: nil)
        let lines = DetailsFormatter.view(entry, signature: nil).lines.map(\.text)
        #expect(lines.contains { $0.hasPrefix("timing  no delay · no byte of an answer sent · total") })
        #expect(!lines.contains { $0.hasPrefix("answered by") })
    }
}
