import SwitchboardCore
import SwitchboardTUI
import SwitchboardTestSupport
import Testing

/// A log line keeps a bounded part of a long path and query: the screen
/// holds 2,000 lines, and clients may send 60KB queries.
@Suite struct LogLineTargetLimitTests {
    static func line(_ target: String) -> LogLine {
        LogLine(
            JournalEntry(
                sequence: 1, time: 0, method: "GET", target: target, status: .answered(200),
                duration: .milliseconds(1), endpointID: "a", mode: .success, latency: nil))
    }

    @Test func aLongQueryIsCutWithAnEllipsisAndStillMasked() {
        let line = Self.line("/a?api_key=sk_live_1234567890abcdef&x=" + String(repeating: "é", count: 60_000))
        #expect(line.target.count == LogLine.targetLimit)
        #expect(line.target.hasSuffix("…"))
        #expect(line.target.hasPrefix("/a?api_key=••••cdef&x=é"))
        #expect(line.revealedTarget?.count == LogLine.targetLimit)
        #expect(line.revealedTarget?.hasPrefix("/a?api_key=sk_live_1234567890abcdef") == true)
        #expect(line.searchableTarget.count == LogLine.targetLimit)
    }

    @Test func aTargetUpToTheLimitIsKeptWhole() {
        let exact = "/" + String(repeating: "b", count: LogLine.targetLimit - 1)
        #expect(Self.line(exact).target == exact)
        // Many bytes, few characters: the limit counts characters.
        let wide = "/" + String(repeating: "語", count: LogLine.targetLimit - 1)
        #expect(Self.line(wide).target == wide)
        #expect(Self.line(wide + "語").target == String(wide.dropLast()) + "…")
        #expect(Self.line("/plain?id=1").target == "/plain?id=1")
    }
}
