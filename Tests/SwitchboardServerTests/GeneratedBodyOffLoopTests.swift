import Foundation
import NIOConcurrencyHelpers
import NIOPosix
import SwitchboardCore
import SwitchboardServer
import SwitchboardTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A body generated from a description is made on its first answer, off
/// the event loops (on NIO's thread pool), so a schema that takes seconds
/// to sample holds up no other connection; then answered whole, and made
/// once. The making notes the thread it runs on rather than holding it:
/// a held pool thread would slow every test sharing the pool.
@Suite struct GeneratedBodyOffLoopTests {
    @Test func aGeneratedBodyIsMadeOffTheEventLoopsOnceAndAnsweredWhole() async throws {
        let onEventLoop = NIOLockedValueBox<[Bool]>([])
        let body = Deferred<[UInt8]> {
            onEventLoop.withLockedValue { $0.append(MultiThreadedEventLoopGroup.currentEventLoop != nil) }
            return Array(#"{"made":true}"#.utf8)
        }
        let slow = EndpointDefinition(
            id: "slow", method: "GET", path: PathPattern(segments: [.literal("slow")]),
            success: ResponseDefinition(
                status: 200,
                body: .fixed(FixtureBody(contentType: "application/json", content: .generated(body)))))
        let manifest = Manifest(directory: "/nonexistent", file: "/nonexistent/api.json", endpoints: [slow])
        let server = try RunningServer(panel: ControlPanel(manifest: manifest), threads: 1)
        try await server.serving { server in
            let session = HTTPClient.session()
            let (data, response) = try await session.data(from: server.url("/slow"))
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 200)
            #expect(String(decoding: data, as: UTF8.self) == #"{"made":true}"#)
            #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/json")
            #expect(http.value(forHTTPHeaderField: "Content-Length") == String(data.count))
            #expect(onEventLoop.withLockedValue { $0 } == [false], "made once, and not on an event loop")

            // Made once: the next answer finds it made.
            let (again, _) = try await session.data(from: server.url("/slow?again"))
            #expect(again == data)
            #expect(onEventLoop.withLockedValue { $0 } == [false])
        }
    }
}
