import Foundation
import SwitchboardKit
import SwitchboardKitTestSupport
import SwitchboardLive
import SwitchboardTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `SwitchboardLive`: an in-process board in front of a real API, one
/// endpoint failed on purpose while the rest stays real.
@Suite struct LiveBoardTests {
    static let manifest = """
        endpoints:
          - id: json
            method: GET
            path: /json
            success: { json: { from: fixture } }
          - id: echo
            method: GET
            path: /echo
            mode: live
            success: { json: { from: fixture } }
        """

    @Test func liveEndpointsGoUpstreamAndOthersAnswerFromFixtures() async throws {
        let fixtures = try TemporaryFixtures(manifest: Self.manifest, textFiles: [:])
        let upstream = try await TestUpstream.start()
        try await runThenStop(upstream, stop: { await $0.stop() }) { upstream in
            let board = try await Switchboard.start(fixtures: fixtures.url, upstream: upstream.baseURL)
            try await stopping(board) {
                let session = URLSession(configuration: .ephemeral)

                let (echoed, echoAnswer) = try await session.data(from: board.baseURL.appendingPathComponent("echo"))
                #expect((echoAnswer as? HTTPURLResponse)?.statusCode == 200)
                #expect(String(decoding: echoed, as: UTF8.self).contains(#""path": "/echo""#))

                let (fixture, _) = try await session.data(from: board.baseURL.appendingPathComponent("json"))
                #expect(String(decoding: fixture, as: UTF8.self).contains("fixture"))

                try await board.set("json", .live)
                let (real, realAnswer) = try await session.data(from: board.baseURL.appendingPathComponent("json"))
                #expect((realAnswer as? HTTPURLResponse)?.value(forHTTPHeaderField: "ETag") == #""v1""#)
                #expect(!String(decoding: real, as: UTF8.self).contains("fixture"))

                try await board.set("echo", .serverError)
                let (_, failed) = try await session.data(from: board.baseURL.appendingPathComponent("echo"))
                #expect((failed as? HTTPURLResponse)?.statusCode == 500)

                #expect(try await board.requests("json").map(\.status) == [200, 200])
            }
        }
    }

    @Test func anUpstreamThatIsNotAnHTTPAddressIsRefused() async throws {
        let fixtures = try TemporaryFixtures(manifest: Self.manifest, textFiles: [:])
        let error = await #expect(throws: LiveSetupError.self) {
            _ = try await Switchboard.start(fixtures: fixtures.url, upstream: URL(string: "ftp://example.com")!)
        }
        #expect(error?.message == "the upstream must be http:// or https://, not ftp://")
    }
}
