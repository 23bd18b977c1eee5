import NIOCore
import NIOHTTP1
import SwitchboardCore
import Testing

@testable import SwitchboardServer

/// A request refused before routing, as a value: what the client reads,
/// what the journal says, and the bytes sent when there is no head to
/// answer.
@Suite struct RefusalTests {
    @Test func aBodyOverTheLimitNamesTheLimitAndTheFlag() {
        let refusal = Refusal.bodyTooLarge(limit: 1024)
        #expect(refusal.status == .payloadTooLarge)
        #expect(refusal.reason == "body over 1KB")
        #expect(
            String(buffer: refusal.body)
                == #"{"error":"body_too_large","message":"request body over 1KB (see --max-body-size)"}"#)
    }

    @Test func aStalledBodyNamesTheTimeout() {
        let refusal = Refusal.stalledBody(timeout: .seconds(10))
        #expect(refusal.status == .requestTimeout)
        #expect(refusal.message == "no more of the request body arrived for 10s (see --body-timeout)")
    }

    @Test func aSlowHeadGoesOutAsWholeBytes() {
        let body = #"{"error":"request_timeout","message":"request headers took too long"}"#
        #expect(
            String(buffer: Refusal.slowHead.bytes)
                == "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n" + body)
    }

    @Test func theJournalKeepsWhatArrivedAndWhy() {
        let head = HTTPRequestHead(version: .http1_1, method: .POST, uri: "/upload")
        let request = ConnectionStateMachine.Request(
            head: head, arrived: .uptimeNanoseconds(1_000_000_000), wallTime: 5, isControl: false, keepAlive: true,
            fromPage: false, bodySize: 3)
        let entry = JournalEntry(
            unseen: request, status: .answered(413), reason: "body over 1KB",
            now: .uptimeNanoseconds(3_000_000_000))
        #expect(entry.method == "POST")
        #expect(entry.target == "/upload")
        #expect(entry.rejection == "body over 1KB")
        #expect(entry.duration == .seconds(2))
        #expect(entry.details?.requestBodySize == 3)
        let stopped = JournalEntry(refused: request, .stoppedHeld, now: .uptimeNanoseconds(3_000_000_000))
        #expect(stopped.status == .answered(503))
        #expect(stopped.rejection == "server stopped before the request was answered")
        let headless = JournalEntry(refused: nil, .slowHead, now: .now())
        #expect(headless.status == .answered(408))
        #expect(headless.method == "-")
        #expect(headless.details == nil)
    }
}
