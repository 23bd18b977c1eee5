import NIOCore
import NIOHTTP1
import SwitchboardCore
import Testing

@testable import SwitchboardServer

/// `truncated` on a live endpoint: the upstream's body is held, not
/// written as it comes, and the answer ends as any relayed one does.
extension ConnectionStateMachineTests {
    @Test func aLiveAnswerToBeCutIsHeldPartByPartThenFinished() {
        var machine = Self.machine(.writing)
        var cut = Self.response
        cut.action = .liveTruncated(UpstreamURL(scheme: "http", host: "127.0.0.1", port: 9), bandwidth: nil)
        #expect(machine.upstreamStarted(Self.request(), cut) == .ok)
        #expect(Self.describe(machine.upstreamHeadReceived()) == "relay")
        #expect(machine.upstreamBodyReceived() == .hold)
        #expect(machine.upstreamBodyReceived() == .hold)
        #expect(Self.describe(machine.upstreamFinished()) == "finish")
    }
}
