import Foundation
import NIOCore
import NIOHTTP1
import SwitchboardControl
import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// A HEAD, a 304 revalidation, a 206 range answer (and the like) is never
/// the resource: it never replaces the answer kept for recording, and alone
/// it is skipped, saying why.
@Suite struct RecordingResourceTests {
    @Test func whichAnswersStandForTheResource() {
        for (method, status) in [
            ("GET", 200), ("POST", 201), ("DELETE", 204), ("GET", 302), ("GET", 404), ("GET", 500),
        ] {
            #expect(RecordedExchange.whyNotTheResource(method: method, status: status) == nil, "\(method) \(status)")
        }
        for (method, status) in [
            ("HEAD", 200), ("head", 404), ("GET", 100), ("GET", 103), ("GET", 206), ("GET", 304),
            ("GET", 416),
        ] {
            #expect(RecordedExchange.whyNotTheResource(method: method, status: status) != nil, "\(method) \(status)")
        }
        #expect(
            RecordedExchange.whyNotTheResource(method: "GET", status: 304)
                == "the live answer was a 304 Not Modified, a revalidation (If-None-Match, If-Modified-Since) with"
                + " no body, which does not stand for the resource; make a plain GET (no Range, no If-None-Match)"
                + " and record again")
    }

    static func answer(method: String = "GET", status: Int, body: String) -> LiveAnswers.Answer {
        LiveAnswers.Answer(
            method: method, pattern: PathGrouping.pattern(for: RequestTarget(uri: "/doc")), existingID: "doc",
            uri: "/doc", status: status, head: HTTPHeaders([("Content-Type", "application/json")]),
            body: [ByteBuffer(string: body)], size: body.utf8.count)
    }

    @Test func aRevalidationARangeOrAHeadNeverReplacesTheKeptAnswer() {
        let answers = LiveAnswers()
        answers.keep(Self.answer(status: 200, body: #"{"v":1}"#))
        answers.keep(Self.answer(method: "HEAD", status: 200, body: ""))
        answers.keep(Self.answer(status: 304, body: ""))
        answers.keep(Self.answer(status: 206, body: "{"))
        #expect(answers.answer(for: "doc")?.status == 200)
        #expect(answers.answer(for: "doc")?.bytes == Array(#"{"v":1}"#.utf8))
        answers.keep(Self.answer(status: 200, body: #"{"v":2}"#))
        #expect(answers.answer(for: "doc")?.bytes == Array(#"{"v":2}"#.utf8), "a real answer still replaces")
    }

    @Test func aRevalidationAloneIsSkippedSayingWhy() throws {
        let fixtures = try TemporaryFixtures(manifest: "endpoints:\n  - { id: doc, method: GET, path: /doc }\n")
        let exchange = RecordedExchange(
            method: "GET", pattern: PathGrouping.pattern(for: RequestTarget(uri: "/doc")), suggestedID: "get-doc",
            existingID: "doc", answer: .live(status: 304, headers: [], body: []))
        let summary = try FixtureRecorder(directory: fixtures.path).record([exchange])
        #expect(summary.outcomes.isEmpty)
        #expect(summary.skipped.map(\.endpointID) == ["doc"])
        #expect(summary.skipped.first?.reason.hasPrefix("the live answer was a 304 Not Modified") == true)
        #expect(
            try String(contentsOfFile: fixtures.path + "/switchboard.yml", encoding: .utf8)
                == "endpoints:\n  - { id: doc, method: GET, path: /doc }\n")
    }

    /// Through a real relay: the app's own revalidation and range request
    /// come after the 200, and the 200 is what is recorded.
    @Test func liveRecordingKeepsTheRealAnswer() async throws {
        let upstreamFixtures = try TemporaryFixtures(
            manifest: """
                endpoints:
                  - { id: not-modified, method: GET, path: /doc, headers: { If-None-Match: '"v1"' }, success: { status: 304, body: "" } }
                  - { id: range, method: GET, path: /doc, headers: { Range: "bytes=0-1" }, success: { status: 206, body: "{\\"" } }
                  - { id: doc, method: GET, path: /doc, success: { headers: { Content-Type: application/json, ETag: '"v1"' }, body: '{"v":1}' } }
                """)
        let upstream = try RunningServer(fixtures: upstreamFixtures)
        defer { upstream.stop() }
        let proxy = try LivePassthroughTests.proxy(to: upstream.port, manifest: LiveRecordingTests.proxyManifest)
        defer { proxy.stop() }
        let url = proxy.url("/doc")
        #expect(try await LivePassthroughTests.curl(url).head.hasPrefix("HTTP/1.1 200"))
        _ = try await LivePassthroughTests.entry("GET", "/doc", in: proxy)
        let revalidated = try await LivePassthroughTests.curl(url, ["-H", #"If-None-Match: "v1""#])
        #expect(revalidated.head.hasPrefix("HTTP/1.1 304"))
        #expect(try await LivePassthroughTests.curl(url, ["-r", "0-1"]).head.hasPrefix("HTTP/1.1 206"))
        #expect(try await LivePassthroughTests.curl(url, ["-I"]).head.hasPrefix("HTTP/1.1 200"))
        _ = await waitUntil { proxy.journal.entries(after: 0).entries.count >= 4 }

        let result = try await onThread { proxy.server.recordLive(["get-doc"]) }.get()
        #expect(result.written.map(\.endpoint) == ["get-doc"])
        let directory = proxy.panel.snapshot().manifest.directory
        let file = try #require(result.written.first?.file)
        #expect(try String(contentsOfFile: directory + "/" + file, encoding: .utf8) == "{\n  \"v\": 1\n}\n")
    }
}
