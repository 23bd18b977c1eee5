import NIOCore
import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// What arrives behind a response that is held back: it waits its turn,
/// in order, and a broken request there does not cut the response short.
extension HandlerClockTests {
    static let delayedThenBroken =
        "GET /a HTTP/1.1\r\nHost: test\r\n\r\n" + "GET /a HTTP/1.1\r\nHost: test\r\nBad Header\r\n\r\n"

    /// The status lines, wherever they start (a response follows the
    /// previous body without a line break).
    func statusLines(_ written: String) -> [String] {
        written.components(separatedBy: "HTTP/1.1 ").dropFirst().map { "HTTP/1.1 " + $0.prefix { !$0.isNewline } }
    }

    @Test func aMalformedRequestBehindADelayedResponseIsAnsweredAfterIt() throws {
        let wire = try self.harness(latency: "half", reads: [Self.delayedThenBroken])
        wire.advance(by: .milliseconds(499))
        #expect(try wire.written().isEmpty)
        #expect(wire.isActive)
        wire.advance(by: .milliseconds(1))
        let written = try wire.written()
        #expect(self.statusLines(written) == ["HTTP/1.1 200 OK", "HTTP/1.1 400 Bad Request"])
        // The whole body, before the error.
        #expect(written.firstRange(of: "HTTP/1.1 400")!.lowerBound > written.lastIndex(of: "A")!)
        #expect(written.filter { $0 == "A" }.count == 2048)
        #expect(written.hasSuffix(#"{"error":"malformed_request","message":"malformed header"}"#))
        #expect(!wire.isActive)
        #expect(wire.entries.map(\.status) == [.answered(200), .answered(400)])
    }

    @Test func headersTooLargeBehindADelayedResponseGet431AfterIt() throws {
        let large = "GET /a HTTP/1.1\r\nHost: test\r\nX-Big: " + String(repeating: "b", count: 2048) + "\r\n\r\n"
        let wire = try self.harness(
            latency: "half", limits: ServerLimits(maxHeaderBytes: 1024),
            reads: ["GET /a HTTP/1.1\r\nHost: test\r\n\r\n" + large])
        #expect(wire.isActive)
        wire.advance(by: .milliseconds(500))
        let written = try wire.written()
        #expect(self.statusLines(written) == ["HTTP/1.1 200 OK", "HTTP/1.1 431 Request Header Fields Too Large"])
        #expect(!wire.isActive)
    }

    @Test func pipelinedDelayedResponsesKeepTheirOrderBeforeTheError() throws {
        let wire = try self.harness(
            latency: "half", reads: ["GET /a?first HTTP/1.1\r\nHost: test\r\n\r\n" + Self.delayedThenBroken])
        wire.advance(by: .milliseconds(500))
        #expect(try wire.written().hasPrefix("HTTP/1.1 200 OK"))
        #expect(wire.isActive)
        wire.advance(by: .milliseconds(499))
        #expect(try wire.written().isEmpty)
        wire.advance(by: .milliseconds(1))
        #expect(self.statusLines(try wire.written()) == ["HTTP/1.1 200 OK", "HTTP/1.1 400 Bad Request"])
        #expect(!wire.isActive)
        let entries = wire.entries
        #expect(entries.map(\.target) == ["/a?first", "/a", "-"])
        #expect(entries.map(\.status) == [.answered(200), .answered(200), .answered(400)])
    }

    @Test func aPipelinedBodyThatStallsBehindADelayedResponseTimesOut() throws {
        let limits = ServerLimits(bodyTimeout: .seconds(2))
        let wire = try self.harness(
            latency: "half", limits: limits,
            reads: [
                "GET /a HTTP/1.1\r\nHost: test\r\n\r\n"
                    + "POST /p HTTP/1.1\r\nHost: test\r\nContent-Length: 10\r\n\r\n{}"
            ])
        wire.advance(by: .milliseconds(500))
        #expect(try wire.written().hasPrefix("HTTP/1.1 200 OK"))
        // The body's deadline starts when its request is taken up.
        wire.advance(by: .milliseconds(1_999))
        #expect(try wire.written().isEmpty)
        #expect(wire.isActive)
        wire.advance(by: .milliseconds(1))
        #expect(try wire.written().hasPrefix("HTTP/1.1 408 Request Timeout"))
        #expect(!wire.isActive)
        #expect(self.rejections(wire) == ["408 request body stopped arriving"])
    }
}

/// A broken request behind a response that closes the connection: the
/// close already waits for that response to leave, and the error must not
/// cut it short.
extension HandlerClockTests {
    @Test func garbageAfterAClosingResponseDoesNotCutItShort() throws {
        let socket = SlowSocket()
        let wire = try self.harness(
            socket: socket,
            reads: ["GET /a HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n" + "\u{1}garbage\r\n\r\n"])
        // The reader has taken nothing yet; the connection waits for it.
        #expect(try wire.written().isEmpty)
        #expect(wire.isActive)
        socket.drain()
        let written = try wire.written()
        #expect(self.statusLines(written) == ["HTTP/1.1 200 OK"])
        #expect(written.filter { $0 == "A" }.count == 2048)
        #expect(!wire.isActive)
        #expect(wire.entries.map(\.status) == [.answered(200)])
    }

    @Test func garbageBehindARefusalDoesNotCutTheRefusalShort() throws {
        let socket = SlowSocket()
        let wire = try self.harness(
            limits: ServerLimits(maxBodyBytes: 4), socket: socket,
            reads: ["POST /p HTTP/1.1\r\nHost: test\r\nContent-Length: 10\r\n\r\n0123456789" + "\u{1}garbage\r\n\r\n"])
        #expect(wire.isActive)
        socket.drain()
        let written = try wire.written()
        #expect(self.statusLines(written) == ["HTTP/1.1 413 Payload Too Large"])
        #expect(written.hasSuffix("}"))
        #expect(!wire.isActive)
    }
}

/// The server stopping with pipelined requests held behind a delayed
/// response: the response goes out now, and nothing behind it starts.
extension HandlerClockTests {
    @Test func stoppingAnswersTheDelayedResponseAndRefusesWhatWaitsBehindIt() throws {
        let wire = try self.harness(
            latency: "half",
            reads: ["GET /a?first HTTP/1.1\r\nHost: test\r\n\r\n" + "GET /a?second HTTP/1.1\r\nHost: test\r\n\r\n"])
        wire.advance(by: .milliseconds(100))
        wire.channel.pipeline.fireUserInboundEventTriggered(ServerStopping())
        #expect(self.statusLines(try wire.written()) == ["HTTP/1.1 200 OK"])
        #expect(!wire.isActive)
        wire.advance(by: .seconds(1))
        #expect(try wire.written().isEmpty)
        let entries = wire.entries
        #expect(entries.map(\.target) == ["/a?first", "/a?second"])
        #expect(entries.map(\.status) == [.answered(200), .answered(503)])
        #expect(entries.last?.rejection == "server stopped before the request was answered")
        #expect(wire.journal.stats().byEndpoint["a"]?.hits == 1)
    }
}
