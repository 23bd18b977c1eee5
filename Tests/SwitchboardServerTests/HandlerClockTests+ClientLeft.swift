import NIOCore
import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// A client that leaves while its answer is held back is journaled as one
/// that left, whatever the answer's plan was to do (see `AnswerEnd`); a
/// hang's client leaving is how a hang ends.
extension HandlerClockTests {
    @Test(arguments: [Mode.success, .fault(.reset), .fault(.garbage), .fault(.empty)])
    func aClientThatLeavesDuringTheDelayLeftWhateverThePlan(mode: Mode) throws {
        let wire = try self.harness(latency: "half", reads: [])
        try wire.panel.setMode(mode, endpoint: "a")
        try wire.send("GET /a HTTP/1.1\r\nHost: test\r\n\r\n")
        wire.advance(by: .milliseconds(100))
        wire.disconnect()
        #expect(wire.entries.map(\.status) == [.clientLeft])
        #expect(wire.entries.first?.firstByte == nil)
    }

    @Test func aClientThatLeavesMidTrickleLeftAfterItsHead() throws {
        let wire = try self.harness(latency: "trickle")
        wire.advance(by: .milliseconds(600))
        #expect(try wire.written().hasPrefix("HTTP/1.1 200 OK"))
        wire.disconnect()
        let entry = try #require(wire.entries.first)
        #expect(entry.status == .clientLeft)
        #expect(entry.firstByte == .milliseconds(100))
    }

    @Test func aHangEndsWithoutAStatusLineWhenItsClientLeaves() throws {
        let wire = try self.harness(latency: "half", reads: [])
        try wire.panel.setMode(.fault(.hang), endpoint: "a")
        try wire.send("GET /a HTTP/1.1\r\nHost: test\r\n\r\n")
        wire.advance(by: .seconds(5))
        wire.disconnect()
        #expect(wire.entries.map(\.status) == [.noStatusLine])
    }
}
