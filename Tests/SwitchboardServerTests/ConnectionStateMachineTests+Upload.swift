import NIOCore
import NIOHTTP1
import SwitchboardCore
import Testing

@testable import SwitchboardServer

/// A live request's body streaming to the upstream: read no faster than the
/// upstream takes it, only its start kept, and the requests pipelined behind
/// it still answered in order, after it.
extension ConnectionStateMachineTests {
    @Test func anUploadIsReadOnlyAsFastAsTheUpstreamTakesIt() {
        var machine = Machine(maxBodyBytes: 10)
        #expect(Self.describe(machine.headReceived(Self.upload(), decided: Self.live)) == "stream")
        var part = ByteBuffer(repeating: 0x61, count: 100_000)
        #expect(Self.describe(machine.bodyReceived(&part)) == "none", "over maxBodyBytes, and not refused")
        #expect(machine.readRequested() == false, "a part is on its way")
        var second = ByteBuffer(repeating: 0x62, count: 100_000)
        #expect(Self.describe(machine.bodyReceived(&second)) == "none", "waits for the transport")
        #expect(machine.uploadPartTaken() == false, "one part is still on its way")
        #expect(machine.uploadPartTaken() == true, "both taken: the held read goes ahead")
        #expect(machine.readRequested() == true)
        guard case .uploading(let request, _) = machine.state else {
            Issue.record("not uploading: \(machine.stateName)")
            return
        }
        #expect(request.bodySize == 200_000)
        #expect(request.body?.readableBytes == capturedBodyLimit, "the journal keeps the start, as for any request")
    }

    /// The body deadline is the client's: while the upstream has not taken
    /// a part, the wait is not the client's fault.
    @Test func anUploadStallsOnlyWhenTheClientStopsSending() {
        var machine = Machine(maxBodyBytes: 10)
        _ = machine.headReceived(Self.upload(), decided: Self.live)
        #expect(machine.readCompleted() == .bodyIncomplete)
        var part = ByteBuffer(string: "{}")
        _ = machine.bodyReceived(&part)
        #expect(Self.describe(machine.deadlinePassed(.readingBody, now: Self.now)) == "none", "the upstream is slow")
        _ = machine.uploadPartTaken()
        #expect(
            Self.describe(machine.deadlinePassed(.readingBody, now: Self.now))
                == "abort upload: end noStatusLine, cancel")
        #expect(machine.stateName == "closing")
    }

    @Test func requestsPipelinedBehindAnUploadAreAnsweredInOrderAfterIt() {
        var machine = Machine(maxBodyBytes: 10)
        _ = machine.headReceived(Self.upload(), decided: Self.live)
        var part = ByteBuffer(string: "{}")
        _ = machine.bodyReceived(&part)
        _ = machine.uploadPartTaken()
        #expect(Self.describe(machine.endReceived()) == "end upload: none", "the transport has not asked for it yet")
        // The next request arrives before the upstream answers this one.
        #expect(machine.partDecoded(Self.head("/b")) == .held)
        #expect(machine.partDecoded(.end(nil)) == .held)
        #expect(machine.readRequested() == false)
        #expect(
            Self.describe(machine.upstreamHeadReceived(Self.upstreamHead(), now: Self.now)) == "write head",
            "the body was all in: kept alive")
        #expect(Self.describe(machine.upstreamFinished(now: Self.now)) == "finish, keepAlive")
        #expect(Self.describe(machine.responseFinished()) == "drain")
        #expect(Self.describe(machine.nextHeld()) == "head /b")
    }

    @Test func anAnswerBeforeTheUploadEndsIsTheConnectionsLast() {
        var machine = Machine(maxBodyBytes: 10)
        _ = machine.headReceived(Self.upload(), decided: Self.live)
        #expect(
            Self.describe(machine.upstreamHeadReceived(Self.upstreamHead(), now: Self.now)) == "write head, then close")
        #expect(Self.describe(machine.upstreamBodyReceived(ByteBuffer(string: "{}"), now: Self.now)) == "write")
        var part = ByteBuffer(string: "{}")
        #expect(Self.describe(machine.bodyReceived(&part)) == "none", "the upload goes on meanwhile")
        #expect(
            Self.describe(machine.upstreamFinished(now: Self.now)) == "finish, linger",
            "the rest of the body is read and dropped, not reset under the answer")
        #expect(machine.partDecoded(Self.head("/b")) == .held, "what follows is never answered")
    }

    @Test func anErrorAnsweredBeforeTheUploadEndsLingersBeforeTheClose() {
        var machine = Machine(maxBodyBytes: 10)
        _ = machine.headReceived(Self.upload(), decided: Self.live)
        #expect(Self.describe(machine.upstreamFailed(.noUpstream, now: Self.now)) == "answer 502, then close")
        #expect(Self.describe(machine.answerStepped(.closing)) == "none")
        #expect(
            Self.describe(machine.answerStepped(.closed)) == "linger, close",
            "the client still uploads: a close now would reset the connection under the 502")
    }
}
