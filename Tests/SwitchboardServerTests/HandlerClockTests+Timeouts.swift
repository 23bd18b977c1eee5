import NIOCore
import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// Each connection timeout fires exactly when docs/limits.md says, on the
/// virtual clock, with the default limits unless a test needs others.
extension HandlerClockTests {
    func rejections(_ wire: WireHarness) -> [String] {
        wire.entries.compactMap { entry in entry.rejection.map { "\(entry.status.code) \($0)" } }
    }

    @Test func headersThatStopHalfwayGet408AtTheHeaderTimeoutNotTheIdleOne() throws {
        let wire = try self.harness(reads: ["GET /a HTTP/1.1\r\nHost: te"])
        wire.advance(by: .milliseconds(9_999))
        #expect(try wire.written().isEmpty)
        wire.advance(by: .milliseconds(1))
        #expect(try wire.written().hasPrefix("HTTP/1.1 408 Request Timeout"))
        #expect(!wire.isActive)
        #expect(self.rejections(wire) == ["408 request headers took too long"])
    }

    @Test func headersStartedLateInAnIdleConnectionStillGetTheirTenSeconds() throws {
        let wire = try self.harness(reads: [])
        wire.advance(by: .seconds(30))
        try wire.send("GET /a HTTP/1.1\r\n")
        wire.advance(by: .milliseconds(9_999))
        #expect(wire.isActive)
        wire.advance(by: .milliseconds(1))
        #expect(try wire.written().hasPrefix("HTTP/1.1 408 Request Timeout"))
    }

    @Test func aConnectionWithNoRequestClosesAtTheIdleTimeout() throws {
        let wire = try self.harness(reads: [])
        wire.advance(by: .milliseconds(59_999))
        #expect(wire.isActive)
        wire.advance(by: .milliseconds(1))
        #expect(!wire.isActive)
        #expect(try wire.written().isEmpty)
    }

    @Test func aBodyThatStopsArrivingGets408AtTheBodyTimeout() throws {
        let wire = try self.harness(
            reads: ["POST /p HTTP/1.1\r\nHost: test\r\nContent-Length: 10\r\n\r\n", "abc"])
        wire.advance(by: .milliseconds(9_999))
        #expect(try wire.written().isEmpty)
        wire.advance(by: .milliseconds(1))
        let reply = try wire.written()
        #expect(reply.hasPrefix("HTTP/1.1 408 Request Timeout"))
        #expect(reply.contains("--body-timeout"))
        #expect(!wire.isActive)
        #expect(self.rejections(wire) == ["408 request body stopped arriving"])
        #expect(wire.entries.first?.target == "/p")
        // The details say what came and what was answered.
        let details = try #require(wire.entries.first?.details)
        #expect(details.requestBodySize == 3)
        #expect(details.requestHeader("Content-Length") == "10")
        #expect(String(decoding: details.responseBody, as: UTF8.self).contains("no more of the request body"))
    }

    @Test func anOpenChunkedBodyGets408AtTheBodyTimeout() throws {
        let wire = try self.harness(
            reads: ["POST /p HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n"])
        wire.advance(by: .milliseconds(9_999))
        #expect(wire.isActive)
        wire.advance(by: .milliseconds(1))
        #expect(try wire.written().hasPrefix("HTTP/1.1 408 Request Timeout"))
        #expect(self.rejections(wire) == ["408 request body stopped arriving"])
    }

    @Test func aBodyThatKeepsComingSlowlyIsNotCut() throws {
        let wire = try self.harness(
            reads: ["POST /p HTTP/1.1\r\nHost: test\r\nContent-Length: 6\r\n\r\n"])
        for byte in "{\"a\":1" {
            wire.advance(by: .seconds(9))
            try wire.send(String(byte))
        }
        #expect(try wire.written().hasPrefix("HTTP/1.1 200 OK"))
    }

    @Test func aClientThatLeavesMidBodyIsJournaled() throws {
        let wire = try self.harness(
            reads: ["POST /p HTTP/1.1\r\nHost: test\r\nContent-Length: 10\r\n\r\n", "abc"])
        wire.advance(by: .seconds(1))
        wire.disconnect()
        #expect(self.rejections(wire) == ["499 client left before the request was complete"])
        let entry = try #require(wire.entries.first)
        #expect(entry.target == "/p")
        #expect(entry.details?.requestBodySize == 3)
    }

    @Test func aResponseStillBeingWrittenIsNotIdle() throws {
        let socket = SlowSocket()
        let wire = try self.harness(socket: socket)
        // The reader takes nothing for two minutes: the answer is still going out.
        wire.advance(by: .seconds(120))
        #expect(wire.isActive)
        #expect(try wire.written().isEmpty)
        socket.drain()
        #expect(try wire.written().hasPrefix("HTTP/1.1 200 OK"))
        // Idle from the moment the last byte left.
        wire.advance(by: .milliseconds(59_999))
        #expect(wire.isActive)
        wire.advance(by: .milliseconds(1))
        #expect(!wire.isActive)
        #expect(wire.entries.map(\.status) == [.answered(200)])
    }

    @Test func aRequestBeingAnsweredIsNeverTimedOut() throws {
        let short = ServerLimits(
            idleTimeout: .milliseconds(100), headerTimeout: .milliseconds(100), bodyTimeout: .milliseconds(100))
        let delayed = try self.harness(latency: "half", limits: short)
        delayed.advance(by: .milliseconds(500))
        #expect(try delayed.written().hasPrefix("HTTP/1.1 200 OK"))

        let hung = try self.harness(limits: short, reads: [])
        try hung.panel.setMode(.hang, endpoint: "a")
        try hung.send("GET /a HTTP/1.1\r\nHost: test\r\n\r\n")
        hung.advance(by: .seconds(600))
        #expect(hung.isActive)
        #expect(try hung.written().isEmpty)
    }
}
