import NIOCore
import Testing

@testable import SwitchboardServer

/// What the relay decides about the upstream's parts, without I/O: a
/// pass's parts are one batch, one write is out at a time, and the end
/// waits for the batch before it while a failure does not.
@Suite struct RelayBatchTests {
    struct Broken: Error {}

    static func part(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    /// What a decision says, by its case's name.
    static func said(_ decision: Any) -> String {
        String(describing: decision).prefix { $0 != "(" }.description
    }

    /// The transport breaks a long read into turns of the loop: the batch
    /// waits for the first look that finds no part come since the last.
    @Test func aPassIsOverOnlyWhenALookFindsNoNewPart() {
        var batch = RelayBatch()
        #expect(Self.said(batch.received(Self.part("a"))) == "takenLookLater")
        #expect(Self.said(batch.received(Self.part("b"))) == "taken")
        #expect(Self.said(batch.passLooked()) == "again")
        #expect(Self.said(batch.received(Self.part("c"))) == "taken")
        #expect(Self.said(batch.passLooked()) == "again")
        #expect(Self.said(batch.passLooked()) == "write")
        #expect(String(buffer: batch.take()) == "abc")
    }

    @Test func aPartThatComesWhileTheBatchIsOutIsHeldAndLookedAtAfter() {
        var batch = RelayBatch()
        _ = batch.received(Self.part("a"))
        #expect(Self.said(batch.passLooked()) == "write")
        _ = batch.take()
        #expect(Self.said(batch.received(Self.part("b"))) == "hold")
        #expect(Self.said(batch.passLooked()) == "nothing")
        batch.written(failure: nil)
        #expect(Self.said(batch.next()) == "lookLater")
        #expect(Self.said(batch.passLooked()) == "write")
        #expect(String(buffer: batch.take()) == "b")
    }

    @Test func aFullBatchIsWrittenAtOnce() {
        var batch = RelayBatch()
        let big = ByteBuffer(repeating: 1, count: RelayBatch.limit)
        #expect(Self.said(batch.received(big)) == "writeNow")
    }

    @Test func theEndWaitsForTheBatchBeforeIt() {
        var batch = RelayBatch()
        _ = batch.received(Self.part("a"))
        #expect(Self.said(batch.ended(.end)) == "writeFirst")
        #expect(String(buffer: batch.take()) == "a")
        #expect(Self.said(batch.next()) == "nothing")
        batch.written(failure: nil)
        guard case .end(.end) = batch.next() else {
            Issue.record("the end does not follow its batch")
            return
        }
        #expect(batch.over)
    }

    /// The client is gone: the end that waited says so, and the next part
    /// is refused with the write's error, as the transport would say it.
    @Test func aFailedWriteTurnsTheEndIntoAFailureAndRefusesTheNextPart() {
        var batch = RelayBatch()
        _ = batch.received(Self.part("a"))
        _ = batch.take()
        #expect(Self.said(batch.ended(.end)) == "wait")
        batch.written(failure: Broken())
        guard case .end(.failed) = batch.next() else {
            Issue.record("the end after a failed write is not a failure")
            return
        }
        var other = RelayBatch()
        _ = other.received(Self.part("a"))
        _ = other.take()
        other.written(failure: Broken())
        #expect(Self.said(other.received(Self.part("b"))) == "refuse")
    }

    /// A client that is not reading does not hold the upstream's failure
    /// back; what waited behind the write never reaches the exchange.
    @Test func aFailureDoesNotWaitForTheWriteOut() {
        var batch = RelayBatch()
        _ = batch.received(Self.part("a"))
        _ = batch.take()
        #expect(Self.said(batch.received(Self.part("b"))) == "hold")
        #expect(Self.said(batch.ended(.failed(UpstreamFailure(status: .badGateway, words: "reset")))) == "now")
        #expect(batch.over && batch.pending.readableBytes == 0)
        batch.written(failure: nil)
        #expect(Self.said(batch.next()) == "nothing")
    }
}
