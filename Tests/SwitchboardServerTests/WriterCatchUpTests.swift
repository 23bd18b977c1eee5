import NIOCore
import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// A flood that a journal writer (the `--har` file) cannot keep up with is
/// slowed down rather than let overflow the writer's budget: while a feed
/// has half its budget waiting, each connection waits a moment before
/// reading its next request.
@Suite struct WriterCatchUpTests {
    static let get = "GET /a HTTP/1.1\r\nHost: t\r\n\r\n"

    /// Counts the reads the server passes on to the socket (NIO asks for
    /// one after each read it delivers; the embedded channel does not, so
    /// the tests ask, with `channel.read()`).
    final class ReadCounter: ChannelOutboundHandler {
        typealias OutboundIn = ByteBuffer
        var reads = 0

        func read(context: ChannelHandlerContext) {
            self.reads += 1
            context.read()
        }
    }

    /// A server whose journal has one feed that holds `entries` short
    /// entries before its budget applies, and a counter of its reads.
    static func server(feedHolding entries: Int) throws -> (WireHarness, JournalFeed, ReadCounter) {
        let journal = RequestJournal(capacity: 100)
        let feed = journal.addFeed(keepsDetails: false, backlogBudget: entries * (JournalEntry.slotBytes + 16))
        let panel = try MemoryFixtures("endpoints:\n  - { id: a, method: GET, path: /a }\n").panel()
        let responder = Responder(panel: panel, journal: journal, makesBodiesOffLoop: false)
        let counter = ReadCounter()
        let wire = try WireHarness(panel: panel, journal: journal) { pipeline in
            try SwitchboardServer.configure(pipeline, responder: responder, limits: ServerLimits())
            try pipeline.addHandler(counter, position: .first)
        }
        return (wire, feed, counter)
    }

    @Test func aConnectionWaitsBeforeReadingWhileAWriterIsBehind() throws {
        let (wire, _, counter) = try Self.server(feedHolding: 4)
        // Two entries waiting of four: not yet behind; reads follow answers.
        for _ in 0..<2 {
            let reads = counter.reads
            #expect(try wire.response(to: Self.get).status == 200)
            wire.channel.read()
            #expect(counter.reads == reads + 1)
        }
        // The third passes half the budget: the next read waits.
        let reads = counter.reads
        #expect(try wire.response(to: Self.get).status == 200)
        #expect(wire.journal.writersBehind)
        wire.channel.read()
        #expect(counter.reads == reads)
        wire.advance(by: RequestHandler.writerCatchUp - .milliseconds(1))
        #expect(counter.reads == reads)
        wire.advance(by: .milliseconds(1))
        #expect(counter.reads == reads + 1)
    }

    @Test func readsFollowAnswersAgainOnceTheWriterHasTakenWhatWaits() throws {
        let (wire, feed, counter) = try Self.server(feedHolding: 4)
        for _ in 0..<3 { _ = try wire.response(to: Self.get) }
        #expect(wire.journal.writersBehind)
        #expect(feed.take().entries.count == 3)
        #expect(!wire.journal.writersBehind)
        wire.advance(by: RequestHandler.writerCatchUp)
        let reads = counter.reads
        #expect(try wire.response(to: Self.get).status == 200)
        wire.channel.read()
        #expect(counter.reads == reads + 1)
    }

    @Test func nothingIsLostWhenTheClientWaitsForItsReads() throws {
        let (wire, feed, _) = try Self.server(feedHolding: 4)
        var written = 0
        for _ in 0..<20 {
            _ = try wire.response(to: Self.get)
            wire.channel.read()
            wire.advance(by: RequestHandler.writerCatchUp)
            // The writer takes what waits every other request.
            if wire.journal.writersBehind { written += feed.take().entries.count }
        }
        let last = feed.take()
        #expect(written + last.entries.count == 20)
        #expect(last.lost == 0)
    }
}
