import Foundation
import NIOCore
import NIOHTTP1
import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// Each mode on a live endpoint puts on the wire exactly what it puts there
/// on a fixture endpoint. The two servers differ only in that: the same
/// endpoint (`GET /json`, the first, so flaky and garbage draw the same
/// numbers) with the same seed, once answering from a fixture and once in
/// front of a scripted upstream that answers with the fixture's own head
/// and body (`LiveWire`). What real clients make of each fault is
/// `FaultTests`' and `ConnectionReuseTests'`; the cuts of large and endless
/// answers, on sockets, are in `LiveFaultTests+Truncated`.
@Suite(.sharedUpstream) struct LiveFaultTests {
    static let fixtureManifest = """
        endpoints:
          - { id: json, method: GET, path: /json, success: { json: { hello: world, padding: "0123456789abcdef" } } }
        """
    static let liveManifest = """
        endpoints:
          - { id: json, method: GET, path: /json, mode: live }
        """
    static let getJSON = "GET /json HTTP/1.1\r\nHost: t\r\n\r\n"

    /// What one request on a connection of its own left on the wire. A
    /// fixture's fault answers say `Cache-Control: no-store` where a live
    /// answer keeps the upstream's caching (`CacheHeaderTests`): that line
    /// is left out of the comparison.
    struct Seen: Equatable {
        var written: String
        var open: Bool
    }

    /// The fixture's success answer, as the scripted upstream replays it.
    static func fixtureAnswer() throws -> HTTPResult {
        try LiveWire(Self.fixtureManifest).get("/json")
    }

    /// A request to `server` in `mode`; the upstream, if asked, answers
    /// with `answer`'s head and body. An hour passes before looking.
    static func seen(_ server: LiveWire, answer: HTTPResult) throws -> Seen {
        let wire = try server.connect()
        let sent = server.upstream.requests.count
        try wire.send(Self.getJSON)
        if server.upstream.requests.count > sent {
            // The fixture's head, field by field in its order.
            let fields = answer.head.split(separator: "\r\n").dropFirst().map { line in
                let parts = line.split(separator: ":", maxSplits: 1)
                return (String(parts[0]), parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
            }
            let headers = HTTPHeaders(fields)
            try server.upstream.answer(.ok, headers, body: answer.text)
        }
        wire.advance(by: .seconds(3600))
        let written = try wire.written().replacingOccurrences(of: "Cache-Control: no-store\r\n", with: "")
        return Seen(written: written, open: wire.isActive)
    }

    static func server(_ manifest: String, mode: Mode) throws -> LiveWire {
        let server = try LiveWire(manifest, seed: 99)
        try server.panel.setMode(mode, endpoint: "json")
        return server
    }

    /// How each mode's answer starts (`nil`: nothing is written).
    static let wireSees: [Mode: String?] = [
        .error: "HTTP/1.1 400", .serverError: "HTTP/1.1 500", .reset: nil, .hang: nil, .empty: nil,
        .garbage: "", .truncated: "HTTP/1.1 200",
    ]

    @Test(arguments: [Mode.error, .serverError, .reset, .hang, .empty, .garbage, .truncated])
    func aLiveEndpointFailsAsAFixtureEndpointDoes(_ mode: Mode) throws {
        let answer = try Self.fixtureAnswer()
        let fixture = try Self.server(Self.fixtureManifest, mode: mode)
        let live = try Self.server(Self.liveManifest, mode: mode)
        let expected = try Self.seen(fixture, answer: answer)
        let seen = try Self.seen(live, answer: answer)
        #expect(seen == expected)
        let start = try #require(Self.wireSees[mode])
        if let start {
            #expect(seen.written.hasPrefix(start) && !seen.written.isEmpty, "\(seen)")
        } else {
            #expect(seen.written.isEmpty)
        }
        if mode == .garbage { #expect(!seen.written.hasPrefix("HTTP/")) }
        #expect(seen.open == (mode == .hang), "only a hung request keeps its connection")
        #expect(live.upstream.requests.count == (mode == .truncated ? 1 : 0), "only truncated asks the upstream")
        #expect(live.entries.map(\.mode) == [mode])
    }

    /// With the same seed, a flaky live endpoint fails on the same requests
    /// as a flaky fixture endpoint; the others get the live answer.
    @Test func aFlakyLiveEndpointFailsOnTheSameRequestsWithTheSameSeed() throws {
        let answer = try Self.fixtureAnswer()
        let fixture = try Self.server(Self.fixtureManifest, mode: .flaky(percent: 50))
        let live = try Self.server(Self.liveManifest, mode: .flaky(percent: 50))
        let expected = try (0..<24).map { _ in try Self.seen(fixture, answer: answer) }
        let seen = try (0..<24).map { _ in try Self.seen(live, answer: answer) }
        #expect(seen == expected)
        let statuses = seen.map { String($0.written.prefix(12)) }
        #expect(statuses.contains("HTTP/1.1 500") && statuses.contains("HTTP/1.1 200"), "\(statuses)")
        let answered = live.entries.filter { $0.status.code == 200 }
        #expect(!answered.isEmpty && answered.allSatisfy { $0.upstream != nil }, "a success is the live answer")
        #expect(live.upstream.requests.count == answered.count)
    }
}

extension LiveFaultTests {
    /// A body of `count` printable bytes, the same every time.
    static func body(_ count: Int) -> String {
        String(decoding: (0..<count).map { UInt8(ascii: "a") + UInt8($0 % 26) }, as: UTF8.self)
    }

    /// `truncated` cuts a live answer as it cuts a fixture with the same
    /// bytes: a Content-Length 1 KB past the whole body, half the body, then
    /// the connection closes; the status and Content-Type are the
    /// upstream's. An answer with a Content-Length streams its half as it
    /// comes; a chunked one is held until whole, then cut the same.
    @Test(arguments: [TestUpstream.Route.json, .jpeg, .chunked])
    func truncatedCutsTheLiveBodyAsItCutsAFixture(_ route: TestUpstream.Route) throws {
        let whole = Self.body(route == .jpeg ? 5_000 : 3_001)
        let path = route.rawValue
        let fixture = try LiveWire(
            "endpoints:\n  - { id: json, method: GET, path: \(path), success: "
                + "{ headers: {Content-Type: application/json}, file: body.bin } }\n",
            files: ["body.bin": Array(whole.utf8)])
        try fixture.panel.setMode(.truncated, endpoint: "json")
        let live = try LiveWire("endpoints:\n  - { id: json, method: GET, path: \(path), mode: live }\n")
        try live.panel.setMode(.truncated, endpoint: "json")
        let request = "GET \(path) HTTP/1.1\r\nHost: t\r\n\r\n"
        let expected = try fixture.connect().exchange(request)
        let wire = try live.connect()
        try wire.send(request)
        let type = route == .jpeg ? "image/jpeg" : "application/json"
        if route == .chunked {
            let parts = [whole.prefix(1000), whole.dropFirst(1000).prefix(1000), whole.dropFirst(2000)]
            try live.upstream.answer(
                .ok, ["Content-Type": type, "Transfer-Encoding": "chunked"], parts: parts.map(String.init))
        } else {
            try live.upstream.answer(
                .ok, ["Content-Type": type, "Content-Length": String(whole.utf8.count)], body: whole)
        }
        let cut = try #require(WireResponses.parse(Array(try wire.written().utf8)).first)
        #expect(cut.status == 200)
        #expect(cut.header("Content-Type") == type)
        #expect(cut.header("Content-Length") == String(whole.utf8.count + 1024))
        #expect(cut.text == String(whole.prefix(whole.utf8.count / 2)))
        #expect(cut.header("Transfer-Encoding") == nil)
        #expect(!wire.isActive)
        let fixtureCut = try #require(WireResponses.parse(Array(expected.utf8)).first)
        #expect(cut.header("Content-Length") == fixtureCut.header("Content-Length"))
        #expect(cut.body == fixtureCut.body)
        let entry = try #require(live.entries.last)
        #expect(entry.mode == .truncated)
        #expect(entry.upstream != nil && entry.upstream?.failure == nil)
    }

    /// A chunked answer is held until whole, so when its upstream resets
    /// the connection mid-body nothing has gone out yet: the client gets
    /// the 502 in words that any live failure before the head gets.
    @Test func aHeldAnswerWhoseUpstreamResetsMidBodyIsA502SayingSo() throws {
        let live = try LiveWire("endpoints:\n  - { id: json, method: GET, path: /chunked-reset, mode: live }\n")
        try live.panel.setMode(.truncated, endpoint: "json")
        let result = try live.get("/chunked-reset") { upstream in
            let receiver = try upstream.receiver
            _ = receiver.head(
                HTTPResponseHead(version: .http1_1, status: .ok, headers: ["Transfer-Encoding": "chunked"]))
            _ = receiver.bodyPart(ByteBuffer(string: "first part, "))
            try upstream.fail(UpstreamFailure(status: .badGateway, words: "connection reset"))
        }
        #expect(result.status == 502)
        #expect(try result.json()["message"] as? String == "upstream: connection reset")
        let entry = try #require(live.entries.last)
        #expect(entry.status == .answered(502))
        #expect(entry.upstream?.summary == "live ✗ connection reset")
    }
}
