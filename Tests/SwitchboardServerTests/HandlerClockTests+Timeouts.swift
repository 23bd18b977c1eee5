import NIOCore
import NIOEmbedded
import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// Each connection timeout fires exactly when the README says, on the
/// virtual clock, with the default limits unless a test needs others.
extension HandlerClockTests {
    func rejections(_ running: RunningPanel) -> [String] {
        running.journal.entries(after: 0).entries.compactMap { entry in
            entry.rejection.map { "\(entry.status.code) \($0)" }
        }
    }

    @Test func headersThatStopHalfwayGet408AtTheHeaderTimeoutNotTheIdleOne() throws {
        let (channel, running) = try self.channel(reads: ["GET /a HTTP/1.1\r\nHost: te"])
        defer { _ = try? channel.finish() }
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(9_999))
        #expect(try self.written(channel).isEmpty)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(try self.written(channel).hasPrefix("HTTP/1.1 408 Request Timeout"))
        #expect(!channel.isActive)
        #expect(self.rejections(running) == ["408 request headers took too long"])
    }

    @Test func headersStartedLateInAnIdleConnectionStillGetTheirTenSeconds() throws {
        let (channel, _) = try self.channel(reads: [])
        defer { _ = try? channel.finish() }
        channel.embeddedEventLoop.advanceTime(by: .seconds(30))
        try channel.writeInbound(ByteBuffer(string: "GET /a HTTP/1.1\r\n"))
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(9_999))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(try self.written(channel).hasPrefix("HTTP/1.1 408 Request Timeout"))
    }

    @Test func aConnectionWithNoRequestClosesAtTheIdleTimeout() throws {
        let (channel, _) = try self.channel(reads: [])
        defer { _ = try? channel.finish() }
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(59_999))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(!channel.isActive)
        #expect(try self.written(channel).isEmpty)
    }

    @Test func aBodyThatStopsArrivingGets408AtTheBodyTimeout() throws {
        let (channel, running) = try self.channel(
            reads: ["POST /p HTTP/1.1\r\nHost: test\r\nContent-Length: 10\r\n\r\n", "abc"])
        defer { _ = try? channel.finish() }
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(9_999))
        #expect(try self.written(channel).isEmpty)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        let reply = try self.written(channel)
        #expect(reply.hasPrefix("HTTP/1.1 408 Request Timeout"))
        #expect(reply.contains("--body-timeout"))
        #expect(!channel.isActive)
        #expect(self.rejections(running) == ["408 request body stopped arriving"])
        // The details say what came and what was answered.
        let details = try #require(running.journal.entries(after: 0).entries.first?.details)
        #expect(details.requestBodySize == 3)
        #expect(details.requestHeader("Content-Length") == "10")
        #expect(String(decoding: details.responseBody, as: UTF8.self).contains("no more of the request body"))
    }

    @Test func anOpenChunkedBodyGets408AtTheBodyTimeout() throws {
        let (channel, running) = try self.channel(
            reads: ["POST /p HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n"])
        defer { _ = try? channel.finish() }
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(9_999))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(try self.written(channel).hasPrefix("HTTP/1.1 408 Request Timeout"))
        #expect(self.rejections(running) == ["408 request body stopped arriving"])
    }

    @Test func aBodyThatKeepsComingSlowlyIsNotCut() throws {
        let (channel, _) = try self.channel(
            reads: ["POST /p HTTP/1.1\r\nHost: test\r\nContent-Length: 6\r\n\r\n"])
        defer { _ = try? channel.finish() }
        for byte in "{\"a\":1" {
            channel.embeddedEventLoop.advanceTime(by: .seconds(9))
            try channel.writeInbound(ByteBuffer(string: String(byte)))
        }
        #expect(try self.written(channel).hasPrefix("HTTP/1.1 200 OK"))
    }

    @Test func aClientThatLeavesMidBodyIsJournaled() throws {
        let (channel, running) = try self.channel(
            reads: ["POST /p HTTP/1.1\r\nHost: test\r\nContent-Length: 10\r\n\r\n", "abc"])
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        _ = try? channel.finish()
        #expect(self.rejections(running) == ["499 client left before the request was complete"])
        let entry = try #require(running.journal.entries(after: 0).entries.first)
        #expect(entry.target == "/p")
        #expect(entry.details?.requestBodySize == 3)
    }

    @Test func aResponseStillBeingWrittenIsNotIdle() throws {
        let socket = SlowSocket()
        let (channel, running) = try self.channel(socket: socket)
        defer { _ = try? channel.finish() }
        // The reader takes nothing for two minutes: the answer is still going out.
        channel.embeddedEventLoop.advanceTime(by: .seconds(120))
        #expect(channel.isActive)
        #expect(try self.written(channel).isEmpty)
        socket.drain()
        #expect(try self.written(channel).hasPrefix("HTTP/1.1 200 OK"))
        // Idle from the moment the last byte left.
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(59_999))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(!channel.isActive)
        #expect(running.journal.entries(after: 0).entries.map(\.status) == [.answered(200)])
    }

    @Test func aRequestBeingAnsweredIsNeverTimedOut() throws {
        let short = ServerLimits(
            idleTimeout: .milliseconds(100), headerTimeout: .milliseconds(100), bodyTimeout: .milliseconds(100))
        let (delayed, _) = try self.channel(latency: "half", limits: short)
        defer { _ = try? delayed.finish() }
        delayed.embeddedEventLoop.advanceTime(by: .milliseconds(500))
        #expect(try self.written(delayed).hasPrefix("HTTP/1.1 200 OK"))

        let (hung, running) = try self.channel(limits: short, reads: [])
        defer { _ = try? hung.finish() }
        try running.panel.setMode(.hang, endpoint: "a")
        try hung.writeInbound(ByteBuffer(string: "GET /a HTTP/1.1\r\nHost: test\r\n\r\n"))
        hung.embeddedEventLoop.advanceTime(by: .seconds(600))
        #expect(hung.isActive)
        #expect(try self.written(hung).isEmpty)
    }
}
