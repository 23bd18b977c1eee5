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
        #expect(written.hasSuffix(#"{"error":"malformed header"}"#))
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
