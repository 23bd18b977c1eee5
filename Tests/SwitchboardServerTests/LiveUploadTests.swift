import NIOCore
import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// A live request's body streams to the upstream as it arrives: an answer
/// before the upload ends is relayed and the connection closed after it; an
/// upload the client gives up on is cut at the upstream too; a body on a
/// non-live endpoint is still held to `--max-body-size`. On the embedded
/// event loop with a scripted upstream (`LiveWire`), whose clock the body
/// timeout runs on; a POST end to end is `LivePassthroughTests`'.
@Suite struct LiveUploadTests {
    /// `count` bytes of a fixed pattern.
    static func body(_ count: Int) -> [UInt8] {
        let block = (0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count { bytes += block.prefix(count - bytes.count) }
        return bytes
    }

    static func uploadHead(_ path: String, length: Int) -> String {
        "POST \(path) HTTP/1.1\r\nHost: app.test\r\nContent-Length: \(length)\r\n\r\n"
    }

    /// The head of a 10 MB upload and its first 64 KB, sent to `live`, and
    /// the body as the upstream has begun to take it.
    static func beginUpload(
        to live: LiveWire
    ) throws -> (wire: WireHarness, body: ScriptedUpstream.Body, ended: EventLoopFuture<Void>) {
        let wire = try live.connect()
        try wire.send(Self.uploadHead("/upload/sha256", length: 10_000_000))
        try wire.send(bytes: [UInt8](repeating: 0x61, count: 64 * 1024))
        let (body, ended) = try live.upstream.takeBody(on: live.loop)
        #expect(body.bytes.count == 64 * 1024, "the upstream has begun to read it")
        return (wire, body, ended)
    }

    /// What the upstream saw of the upload: cut before its end.
    static func expectCutAtTheUpstream(
        _ live: LiveWire, _ body: ScriptedUpstream.Body, ended: EventLoopFuture<Void>
    ) {
        var failed = false
        ended.assumeIsolated().whenFailure { _ in failed = true }
        #expect(live.upstream.cancelled || failed, "the upstream's request is cut")
        #expect(body.bytes.count < 10_000_000)
    }

    /// An upstream that refuses the body with 413 before reading it all:
    /// the client gets that answer while still uploading, marked
    /// `Connection: close`, and the connection ends after it.
    @Test func anAnswerBeforeTheUploadEndsIsRelayedAndTheConnectionClosed() throws {
        let live = try LiveWire()
        let wire = try live.connect()
        try wire.send(Self.uploadHead("/upload/refuse", length: 20 * 1024 * 1024))
        try wire.send(bytes: Self.body(64 * 1024))
        _ = try live.upstream.takeBody(on: live.loop)
        try live.upstream.answer(.payloadTooLarge, body: #"{"error":"too large"}"#)
        let answer = try #require(try wire.responses().first)
        #expect(answer.status == 413, "\(answer.head)")
        #expect(answer.header("Connection")?.lowercased() == "close")
        #expect(answer.text == #"{"error":"too large"}"#)
        wire.advance(by: .seconds(5))
        #expect(!wire.isActive, "the connection ends after it")
        let entry = try #require(live.entries.last { $0.method == "POST" && $0.target == "/upload/refuse" })
        #expect(entry.status == .answered(413))
        #expect(entry.mode == .live)
    }

    /// A client that stops sending mid-upload, while the upstream waits
    /// for more: after `--body-timeout` the upstream's request is cut.
    @Test func anUploadThatStopsArrivingIsCutAfterTheBodyTimeout() throws {
        let live = try LiveWire(limits: ServerLimits(bodyTimeout: .milliseconds(300)))
        let upload = try Self.beginUpload(to: live)
        upload.wire.advance(by: .milliseconds(299))
        #expect(live.entries.isEmpty, "not cut before the timeout")
        upload.wire.advance(by: .milliseconds(1))
        let entry = try #require(live.entries.last { $0.target == "/upload/sha256" })
        #expect(entry.upstream?.failure == "request body stopped arriving")
        Self.expectCutAtTheUpstream(live, upload.body, ended: upload.ended)
    }

    /// A client that sends part of its body and leaves: the upstream's
    /// request is cancelled mid-body (it never sees a complete body), and
    /// the journal says the client left mid-upload.
    @Test func anUploadTheClientAbandonsIsCutAtTheUpstreamAndJournaled() throws {
        let live = try LiveWire()
        let upload = try Self.beginUpload(to: live)
        upload.wire.disconnect()
        let entry = try #require(live.entries.last { $0.target == "/upload/sha256" })
        #expect(entry.status == .clientLeft)
        #expect(entry.upstream?.failure == "client left mid-upload")
        Self.expectCutAtTheUpstream(live, upload.body, ended: upload.ended)
    }

    /// An upstream that cannot be reached answers 502 while the client is
    /// still uploading: the client gets it whole, not a reset.
    @Test func anUnreachableUpstreamIs502DuringAnUpload() throws {
        let live = try LiveWire()
        let wire = try live.connect()
        try wire.send(Self.uploadHead("/upload/sha256", length: 20 * 1024 * 1024))
        try wire.send(bytes: Self.body(64 * 1024))
        try live.upstream.fail(UpstreamFailure(status: .badGateway, words: "connection refused"))
        let answer = try #require(try wire.responses().first)
        #expect(answer.status == 502, "\(answer.head)")
        #expect(answer.text.contains("connection refused"))
    }

    /// Streaming is for live requests only: a fixture endpoint still
    /// refuses a body over `--max-body-size` with 413, upstream or not.
    @Test(.ownThreads) func aNonLiveEndpointStillRefusesABodyOverTheLimit() throws {
        let manifest = """
            endpoints:
              - method: POST
                path: /fixed
                success:
                  body: '{"ok": true}'
            """
        let live = try LiveWire(manifest)
        let large = try live.connect()
        try large.send(Self.uploadHead("/fixed", length: 11 * 1024 * 1024))
        // Sent a part at a time, as a client would, until the server answers.
        var refusal: [HTTPResult] = []
        for _ in 0..<(11 * 16) where refusal.isEmpty && large.isActive {
            try large.send(bytes: Self.body(64 * 1024))
            refusal = try large.responses()
        }
        #expect(refusal.first?.status == 413)
        let small = try live.responses(to: Self.uploadHead("/fixed", length: 2) + "{}")
        #expect(small.map(\.status) == [200])
        #expect(small.first?.text.contains("true") == true)
        #expect(live.upstream.requests.isEmpty)
    }

    /// A request without a body goes on without one: streaming must not
    /// give a GET a chunked body.
    @Test func aRequestWithoutABodyGainsNone() throws {
        let live = try LiveWire()
        #expect(try live.get("/echo").status == 200)
        let sent = try #require(live.upstream.requests.last)
        #expect(!sent.headers.contains(name: "Transfer-Encoding"), "\(sent.headers)")
        guard case .none = sent.body else {
            Issue.record("a GET gained a body: \(sent.body)")
            return
        }
        #expect(sent.method == .GET)
    }

    /// The same 11 MB through a live endpoint arrives whole: no limit holds.
    @Test func aLiveBodyOverTheLimitArrivesWhole() throws {
        let size = 11 * 1024 * 1024
        let bytes = Self.body(size)
        let live = try LiveWire()
        let wire = try live.connect()
        try wire.send(Self.uploadHead("/upload/sha256", length: size))
        let (body, ended) = try live.upstream.takeBody(on: live.loop)
        var whole = false
        ended.assumeIsolated().whenSuccess { whole = true }
        var sent = 0
        while sent < size {
            try wire.send(bytes: Array(bytes[sent..<min(sent + 65_536, size)]))
            sent += 65_536
        }
        #expect(whole, "the upstream saw the body end")
        #expect(body.bytes.count == size)
        #expect(body.bytes == bytes)
        try live.upstream.answer(.ok, body: #"{"bodyLength": \#(size)}"#)
        #expect(try wire.responses().first?.status == 200)
        let entry = try #require(live.entries.last { $0.target == "/upload/sha256" })
        #expect(entry.status == .answered(200))
    }
}
