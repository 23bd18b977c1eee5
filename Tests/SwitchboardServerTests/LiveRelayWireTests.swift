import NIOCore
import NIOEmbedded
import NIOHTTP1
import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// A live answer relayed part by part on the embedded event loop: what is
/// kept of it for recording, and what the journal says of it when the
/// client closes before the upstream's end.
@Suite struct LiveRelayWireTests {
    static let manifest = "endpoints:\n  - { id: a, method: GET, path: /a, mode: live }\n"

    /// The server with one live endpoint, `request` sent to it, and the
    /// upstream that took it.
    struct Exchange {
        let wire: WireHarness
        let upstream: ScriptedUpstream
        let responder: Responder

        init(
            _ request: String = "GET /a HTTP/1.1\r\nHost: test\r\n\r\n", socket: SlowSocket? = nil,
            counter: WriteCounter? = nil
        ) throws {
            let loop = EmbeddedEventLoop()
            let upstream = ScriptedUpstream()
            let panel = try MemoryFixtures(LiveRelayWireTests.manifest).panel()
            let journal = RequestJournal(capacity: 100)
            let responder = Responder(
                panel: panel, journal: journal, upstream: upstream.upstream(on: loop), makesBodiesOffLoop: false)
            self.wire = try WireHarness(panel: panel, journal: journal, loop: loop) { pipeline in
                try SwitchboardServer.configure(pipeline, responder: responder, limits: ServerLimits())
                if let socket { try pipeline.addHandler(socket, position: .first) }
                if let counter { try pipeline.addHandler(counter, position: .first) }
            }
            self.upstream = upstream
            self.responder = responder
            try self.wire.send(request)
        }

        func head(_ status: HTTPResponseStatus, _ headers: HTTPHeaders) throws -> EventLoopFuture<Void> {
            try self.upstream.receiver.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))
        }

        /// The loop's pass ends: what it was to do once every part the read
        /// brought was handed on, it does.
        func passEnds() {
            self.wire.channel.embeddedEventLoop.run()
        }
    }

    /// Counts what reaches the client's socket: writes of bytes, and flushes.
    final class WriteCounter: ChannelOutboundHandler {
        typealias OutboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        private(set) var writes = 0
        private(set) var flushes = 0

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            if self.unwrapOutboundIn(data).readableBytes > 0 { self.writes += 1 }
            context.write(data, promise: promise)
        }

        func flush(context: ChannelHandlerContext) {
            self.flushes += 1
            context.flush()
        }

        func reset() {
            self.writes = 0
            self.flushes = 0
        }
    }

    /// One read of the upstream can bring thousands of parts (an SSE feed
    /// or a token stream a byte at a time; the transport hands them on one
    /// by one): they reach the client as one write and one flush, so that
    /// relaying costs a read, not a part, and the transport is not held
    /// back by a client that keeps up.
    @Test func aReadsOneBytePartsReachTheClientAsOneWriteAndOneFlush() throws {
        let count = 1000
        let body = (0..<count).map { UInt8(truncatingIfNeeded: $0 % 251) }
        let counter = WriteCounter()
        let exchange = try Exchange(counter: counter)
        _ = try exchange.head(.ok, ["Content-Length": String(count)])
        counter.reset()
        var taken = 0
        for byte in body {
            try exchange.upstream.receiver.bodyPart(ByteBuffer(bytes: [byte])).assumeIsolated()
                .whenSuccess { taken += 1 }
        }
        exchange.passEnds()
        #expect(taken == count)
        #expect(counter.writes == 1)
        #expect(counter.flushes == 1)
        try exchange.upstream.receiver.end()
        #expect(LiveToxicWireTests.body(of: try exchange.wire.writtenBytes()) == body)
        #expect(exchange.wire.entries.map(\.status) == [.answered(200)])
        #expect(exchange.wire.entries.first?.details?.responseBody == Array(body.prefix(capturedBodyLimit)))
    }

    /// An SSE feed or a token stream can come a byte at a time. Each part
    /// must cost the relay the same, however many came before: the body
    /// kept for recording is merged into a few buffers as it comes, not
    /// kept (or, worse, copied) as a list growing by one per part.
    @Test(.ownThreads) func aHundredThousandOneBytePartsAreKeptMergedAndWhole() throws {
        let count = 100_000
        let body = (0..<count).map { UInt8(truncatingIfNeeded: $0 % 251) }
        let exchange = try Exchange()
        _ = try exchange.head(.ok, ["Content-Length": String(count)])
        var relayed: [UInt8] = []
        relayed.reserveCapacity(count + 200)
        var failed = 0
        for (index, byte) in body.enumerated() {
            try exchange.upstream.receiver.bodyPart(ByteBuffer(bytes: [byte])).assumeIsolated()
                .whenFailure { _ in failed += 1 }
            if index % 1000 == 999 {
                // A read's worth: its pass ends, and it goes out as one part.
                exchange.passEnds()
                relayed += try exchange.wire.writtenBytes()
            }
        }
        try exchange.upstream.receiver.end()
        relayed += try exchange.wire.writtenBytes()
        #expect(failed == 0)
        #expect(LiveToxicWireTests.body(of: relayed) == body)
        #expect(exchange.wire.entries.map(\.status) == [.answered(200)])
        #expect(exchange.wire.entries.first?.details?.responseBody == Array(body.prefix(capturedBodyLimit)))
        let kept = try #require(exchange.responder.answers.answer(for: "a"))
        let parts = try #require(kept.body)
        // 100,000 bytes in buffers of at most 64 KB: two.
        #expect(parts.count == 2)
        #expect(kept.bytes == body)
    }

    /// A client that stops reading still stops the upstream: while a
    /// batch waits on the client's socket, the next part is held (the
    /// transport reads no more), and nothing more is written until the
    /// client reads; the upstream's end waits for what is still to go out.
    @Test func aClientThatStopsReadingHoldsTheUpstreamBehindTheBatchOut() throws {
        let socket = SlowSocket()
        let exchange = try Exchange(socket: socket)
        _ = try exchange.head(.ok, ["Content-Length": "3"])
        socket.drain()
        socket.stall()
        var taken: [String] = []
        for part in ["a", "b"] {
            try exchange.upstream.receiver.bodyPart(ByteBuffer(string: part)).assumeIsolated()
                .whenSuccess { taken.append(part) }
        }
        exchange.passEnds()
        #expect(taken == ["a", "b"])
        // "ab" waits on the socket: the next part is held, and not written.
        try exchange.upstream.receiver.bodyPart(ByteBuffer(string: "c")).assumeIsolated()
            .whenSuccess { taken.append("c") }
        exchange.passEnds()
        #expect(taken == ["a", "b"])
        try exchange.upstream.receiver.end()
        #expect(exchange.wire.entries.isEmpty)
        socket.drain()
        #expect(taken == ["a", "b", "c"])
        exchange.passEnds()
        #expect(LiveToxicWireTests.body(of: try exchange.wire.writtenBytes()) == Array("abc".utf8))
        #expect(exchange.wire.entries.map(\.status) == [.answered(200)])
    }

    /// A HEAD answer, or a 302 with an empty body, is whole once its head
    /// is written: a client that closes before the upstream's end arrives
    /// got its answer, and the journal says so, with its headers.
    @Test(arguments: [
        ("HEAD /a HTTP/1.1\r\nHost: test\r\n\r\n", HTTPResponseStatus.ok, "1234"),
        ("GET /a HTTP/1.1\r\nHost: test\r\n\r\n", .found, "0"),
    ])
    func aBodilessAnswerWrittenWholeIsAnsweredThoughTheClientClosesBeforeTheEnd(
        request: String, status: HTTPResponseStatus, length: String
    ) throws {
        let exchange = try Exchange(request)
        _ = try exchange.head(status, ["Content-Length": length, "Location": "/b"])
        #expect(try exchange.wire.written().hasPrefix("HTTP/1.1 \(status.code) "))
        exchange.wire.disconnect()
        #expect(exchange.upstream.cancelled)
        // The end arrives after the close, as it may from a real upstream.
        try exchange.upstream.receiver.end()
        let entry = try #require(exchange.wire.entries.first)
        #expect(exchange.wire.entries.count == 1)
        #expect(entry.status == .answered(Int(status.code)))
        #expect(entry.details?.responseHeaders.contains(HeaderField(name: "Location", value: "/b")) == true)
        #expect(entry.upstream?.failure == nil)
    }

    /// A body with a Content-Length is whole once its last byte is out.
    @Test func aBodyWrittenWholeIsAnsweredThoughTheClientClosesBeforeTheEnd() throws {
        let exchange = try Exchange()
        _ = try exchange.head(.ok, ["Content-Length": "4"])
        _ = try exchange.upstream.receiver.bodyPart(ByteBuffer(string: "ab"))
        _ = try exchange.upstream.receiver.bodyPart(ByteBuffer(string: "cd"))
        exchange.passEnds()
        exchange.wire.disconnect()
        #expect(exchange.wire.entries.map(\.status) == [.answered(200)])
        #expect(exchange.wire.entries.first?.details?.responseBody == Array("abcd".utf8))
    }

    /// The client's socket breaks mid-download: our write fails, the
    /// transport fails the request with that write's error, and only then
    /// does the channel close. The client left; the upstream did nothing
    /// wrong.
    @Test func aClientThatLeavesMidDownloadIsClientLeftNotAnUpstreamFailure() throws {
        let socket = SlowSocket()
        let exchange = try Exchange(socket: socket)
        var done = 0
        try exchange.head(.ok, ["Content-Length": "4"]).assumeIsolated().whenSuccess { done += 1 }
        socket.drain()
        try exchange.upstream.receiver.bodyPart(ByteBuffer(string: "ab")).assumeIsolated().whenSuccess { done += 1 }
        exchange.passEnds()
        #expect(done == 2)
        socket.resetByPeer()
        _ = try exchange.upstream.receiver.bodyPart(ByteBuffer(string: "c"))
        // The pass ends: its write fails, and the next part is refused with
        // that write's error.
        exchange.passEnds()
        let written = try exchange.upstream.receiver.bodyPart(ByteBuffer(string: "d"))
        // As AsyncHTTPClient does with a part's failed future.
        var failure: (any Error)?
        written.assumeIsolated().whenFailure { failure = $0 }
        try exchange.upstream.receiver.failed(UpstreamFailure(#require(failure)))
        exchange.wire.disconnect()
        let entry = try #require(exchange.wire.entries.first)
        #expect(exchange.wire.entries.count == 1)
        #expect(entry.status == .clientLeft)
        #expect(entry.upstream?.failure == nil)
        #expect(entry.upstream?.summary.hasPrefix("live ") == true)
    }

    /// A client that gives up on an upstream that has not answered: client
    /// left, and the time waited is not shown as the upstream's answer.
    @Test func aClientThatGivesUpOnAHungUpstreamIsNotShownAsAnswered() throws {
        let exchange = try Exchange()
        exchange.wire.advance(by: .milliseconds(993))
        exchange.wire.disconnect()
        #expect(exchange.upstream.cancelled)
        let entry = try #require(exchange.wire.entries.first)
        #expect(entry.status == .clientLeft)
        #expect(entry.upstream?.failure == LiveExchange.leftUnanswered)
        #expect(entry.upstream?.summary == "live ✗ client left before the upstream answered")
    }

    /// A latency profile on a live endpoint: its delay comes before the
    /// request goes to the upstream, to the millisecond, and the journal
    /// counts it apart from the upstream's own time.
    @Test func aLatencyProfilesDelayComesBeforeTheLiveRequest() throws {
        let live = try LiveWire(
            """
            latency_profiles:
              slow: 300ms
            endpoints:
              - { id: slow, method: GET, path: /slow, mode: live, latency: slow }
            """)
        let wire = try live.connect()
        try wire.send("GET /slow HTTP/1.1\r\nHost: test\r\n\r\n")
        wire.advance(by: .milliseconds(299))
        #expect(live.upstream.requests.isEmpty)
        #expect(try wire.written().isEmpty)
        wire.advance(by: .milliseconds(1))
        #expect(live.upstream.requests.count == 1)
        wire.advance(by: .milliseconds(40))
        try live.upstream.answer(.ok, body: "echo GET /slow")
        #expect(try wire.responses().map(\.text) == ["echo GET /slow"])
        let entry = try #require(live.entries.first)
        #expect(entry.injectedDelay == .milliseconds(300))
        #expect(entry.duration == .milliseconds(340))
        #expect(entry.upstream != nil)
    }
}
