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
        return machine
    }

    @Test func aLiveAnswerOfUnknownLengthToBeCutIsHeldPartByPartThenFinished() {
        var machine = Self.awaitingCut()
        #expect(Self.describe(machine.upstreamHeadReceived(lengthKnown: false)) == "hold")
        #expect(machine.stateName == "holding the upstream's answer")
        #expect(machine.upstreamBodyReceived() == .hold)
        #expect(machine.upstreamBodyReceived() == .hold)
        #expect(Self.describe(machine.upstreamFinished()) == "finish")
        #expect(machine.stateName == "writing")
    }

    @Test func aLiveAnswerOfKnownLengthToBeCutIsRelayedAsItComes() {
        var machine = Self.awaitingCut()
        #expect(Self.describe(machine.upstreamHeadReceived(lengthKnown: true)) == "relay")
        #expect(machine.upstreamBodyReceived() == .write)
        // The cut at its half ends it as the upstream's end would.
        #expect(Self.describe(machine.upstreamFinished()) == "finish")
    }

    @Test func aHeldAnswerWhoseUpstreamFailsIsAnswered502Or504() {
        var machine = Self.awaitingCut()
        _ = machine.upstreamHeadReceived(lengthKnown: false)
        _ = machine.upstreamBodyReceived()
        #expect(Self.describe(machine.upstreamFailed()) == "answer 502/504")
        #expect(machine.stateName == "writing")
    }

    @Test func aStreamedCutWhoseUpstreamFailsIsCutShort() {
        var machine = Self.awaitingCut()
        _ = machine.upstreamHeadReceived(lengthKnown: true)
        #expect(Self.describe(machine.upstreamFailed()) == "cut short")
        #expect(machine.stateName == "closing")
    }

    @Test func anAnswerNotToBeCutIsRelayedWhateverItsLength() {
        var machine = Self.machine(.awaitingUpstream)
        #expect(Self.describe(machine.upstreamHeadReceived(lengthKnown: false)) == "relay")
    }
}
