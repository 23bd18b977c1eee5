import Foundation
import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// A description's bodies are generated when an answer first needs one,
/// not at start: a large description starts serving without making
/// thousands of bodies (issue 26, part 8), and each answer is the same
/// bytes every time, made once.
@Suite struct SpecBodiesOnDemandWireTests {
    /// Every generated body of every endpoint, by endpoint id and mode.
    static func generated(_ manifest: Manifest) -> [String: Deferred<[UInt8]>] {
        var bodies: [String: Deferred<[UInt8]>] = [:]
        for endpoint in manifest.endpoints {
            for kind in ResponseKind.allCases {
                if case .fixed(let body) = endpoint.response(kind).body, case .generated(let made) = body.content {
                    bodies["\(endpoint.id) \(kind)"] = made
                }
            }
        }
        return bodies
    }

    @Test func onlyTheBodiesAnsweredAreMadeAndEachOnce() throws {
        let petstore = PublishedSpecs.folder.appendingPathComponent("swagger-petstore/openapi.yaml")
        let wire = try WireHarness(
            manifest: "openapi: api.yaml\n", files: ["api.yaml": Array(try Data(contentsOf: petstore))])
        let bodies = Self.generated(wire.panel.snapshot().manifest)
        #expect(bodies.count == 14)
        #expect(bodies.values.allSatisfy { !$0.isMade }, "nothing is generated before a request asks")

        let first = try wire.response(to: "GET /api/v3/pet/1 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(first.status == 200)
        #expect(first.header("Content-Length") == String(first.body.count))
        #expect(try JSONSerialization.jsonObject(with: first.body) is [String: Any])
        #expect(bodies.filter { $0.value.isMade }.map(\.key) == ["getPetById success"])

        // The same bytes again, with a query the answer memo has not seen.
        let again = try wire.response(to: "GET /api/v3/pet/2?again=1 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(again.body == first.body)
        #expect(bodies["getPetById success"].map { Data($0.value) } == first.body)
    }

    /// A success that may not be cached (flaky, sequence, a count rule)
    /// is the no-store twin of the made body: the same bytes, with
    /// `Cache-Control: no-store`, made once for both.
    @Test func anUncacheableSuccessIsTheSameBodyWithNoStore() throws {
        let petstore = PublishedSpecs.folder.appendingPathComponent("swagger-petstore/openapi.yaml")
        let wire = try WireHarness(
            manifest: "openapi: api.yaml\n", files: ["api.yaml": Array(try Data(contentsOf: petstore))])
        let bodies = Self.generated(wire.panel.snapshot().manifest)
        let request = "GET /api/v3/pet/1 HTTP/1.1\r\nHost: x\r\n\r\n"
        try wire.panel.setMode(.flaky(percent: 0), endpoint: "getPetById")
        let twin = try wire.response(to: request)
        #expect(twin.status == 200)
        #expect(twin.header("Cache-Control") == "no-store")
        #expect(twin.header("Content-Length") == String(twin.body.count))
        #expect(bodies["getPetById success"]?.isMade == true)

        try wire.panel.setMode(.success, endpoint: "getPetById")
        let plain = try wire.response(to: request)
        #expect(plain.header("Cache-Control") == nil)
        #expect(!plain.body.isEmpty)
        #expect(plain.body == twin.body)
    }
}
