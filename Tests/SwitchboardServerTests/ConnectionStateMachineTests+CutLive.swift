import NIOCore
import NIOHTTP1
import SwitchboardCore
import Testing

@testable import SwitchboardServer

/// `truncated` on a live endpoint: an answer whose length the upstream
/// gave is relayed (the handler cuts it at its half); one without is held,
/// and nothing goes out before it is whole, so a failure meanwhile is still
/// answered 502 or 504.
extension ConnectionStateMachineTests {
    static var toCut: PreparedResponse {
        var cut = Self.response
        cut.plan = .relay(UpstreamURL(scheme: "http", host: "127.0.0.1", port: 9), AnswerPlan.BodyPlan(cut: .half))
        return cut
    }

    /// Awaiting the upstream's head for an answer to be cut.
    static func awaitingCut() -> Machine {
        var machine = Self.machine(.writing)
        _ = machine.upstreamStarted(Self.request(), Self.toCut)
        _ = machine.upstreamSending(Self.exchange)
        return machine
    }

    @Test func aLiveAnswerOfUnknownLengthToBeCutIsHeldPartByPartThenFinished() {
        var machine = Self.awaitingCut()
        #expect(Self.describe(machine.upstreamHeadReceived(Self.upstreamHead(length: nil), now: Self.now)) == "none")
        #expect(machine.stateName == "holding the upstream's answer")
        #expect(Self.describe(machine.upstreamBodyReceived(ByteBuffer(string: "ab"), now: Self.now)) == "none")
        #expect(Self.describe(machine.upstreamBodyReceived(ByteBuffer(string: "cd"), now: Self.now)) == "none")
        guard case .upstream(.answer(_, let cut, let keep, _, _)) = machine.upstreamFinished(now: Self.now) else {
            Issue.record("not answered")
            return
        }
        #expect(String(buffer: cut.body) == "abcd", "held whole, then sent as `truncated` sends a fixture's")
        #expect(cut.plan == .answer(AnswerPlan.BodyPlan(cut: .half)))
        #expect(keep != nil, "a held answer that came whole is kept for recording")
        #expect(machine.stateName == "writing")
    }

    @Test func aLiveAnswerOfKnownLengthToBeCutIsRelayedAsItComes() {
        var machine = Self.awaitingCut()
        #expect(
            Self.describe(machine.upstreamHeadReceived(Self.upstreamHead(length: 4), now: Self.now)) == "write cut head"
        )
        #expect(Self.describe(machine.upstreamBodyReceived(ByteBuffer(string: "a"), now: Self.now)) == "write")
        #expect(
            Self.describe(machine.upstreamBodyReceived(ByteBuffer(string: "bcd"), now: Self.now)) == "write, then cut",
            "half of 4 bytes, and the cut once they are out")
        #expect(Self.describe(machine.cutReached(now: Self.now)) == "end answered(200), cancel, close")
        #expect(machine.stateName == "closing")
    }

    @Test func aHeldAnswerWhoseUpstreamFailsIsAnswered502Or504() {
        var machine = Self.awaitingCut()
        _ = machine.upstreamHeadReceived(Self.upstreamHead(length: nil), now: Self.now)
        _ = machine.upstreamBodyReceived(ByteBuffer(string: "ab"), now: Self.now)
        #expect(Self.describe(machine.upstreamFailed(.stopping, now: Self.now)) == "answer 502")
        #expect(machine.stateName == "writing")
    }

    @Test func aStreamedCutWhoseUpstreamFailsIsCutShort() {
        var machine = Self.awaitingCut()
        _ = machine.upstreamHeadReceived(Self.upstreamHead(length: 4), now: Self.now)
        #expect(Self.describe(machine.upstreamFailed(.stopping, now: Self.now)) == "end answered(200), close")
        #expect(machine.stateName == "closing")
    }

    @Test func anAnswerNotToBeCutIsRelayedWhateverItsLength() {
        var machine = Self.machine(.awaitingUpstream)
        #expect(
            Self.describe(machine.upstreamHeadReceived(Self.upstreamHead(length: nil), now: Self.now)) == "write head")
    }
}
