import Dispatch
import Foundation
import NIOConcurrencyHelpers
import SwitchboardCore
import SwitchboardServer
import SwitchboardTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A body generated from a description is made on its first answer, off
/// the event loop: a schema that takes seconds to sample holds up no other
/// connection. One event loop here, so a body made on it would hold up the
/// other request.
@Suite struct GeneratedBodyOffLoopTests {
    @Test func anotherRequestIsAnsweredWhileAGeneratedBodyIsMade() async throws {
        let gate = DispatchSemaphore(value: 0)
        let makes = NIOLockedValueBox(0)
        let body = Deferred<[UInt8]> {
            makes.withLockedValue { $0 += 1 }
            gate.wait()
            return Array(#"{"made":true}"#.utf8)
        }
        let slow = EndpointDefinition(
            id: "slow", method: "GET", path: PathPattern(segments: [.literal("slow")]),
            success: ResponseDefinition(
                status: 200,
                body: .fixed(FixtureBody(contentType: "application/json", content: .generated(body)))))
        let quick = EndpointDefinition(id: "quick", method: "GET", path: PathPattern(segments: [.literal("quick")]))
        let manifest = Manifest(directory: "/nonexistent", file: "/nonexistent/api.json", endpoints: [slow, quick])
        let server = try RunningServer(panel: ControlPanel(manifest: manifest), threads: 1)
        try await server.serving { server in
            // However this ends, the making ends before the server stops
            // (stopping waits for the request in flight).
            defer { gate.signal() }
            let session = HTTPClient.session()
            async let slowAnswer = session.data(from: server.url("/slow"))
            #expect(await waitUntil(timeout: 300) { makes.withLockedValue { $0 } == 1 })
            let (_, quickResponse) = try await session.data(from: server.url("/quick"))
            #expect((quickResponse as? HTTPURLResponse)?.statusCode == 200)
            #expect(!body.isMade, "the quick answer came while the slow body was still being made")

            gate.signal()
            let (data, response) = try await slowAnswer
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 200)
            #expect(String(decoding: data, as: UTF8.self) == #"{"made":true}"#)
            #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/json")
            #expect(http.value(forHTTPHeaderField: "Content-Length") == String(data.count))

            // Made once: the next answer finds it made.
            let (again, _) = try await session.data(from: server.url("/slow?again"))
            #expect(again == data)
            #expect(makes.withLockedValue { $0 } == 1)
        }
    }
}
