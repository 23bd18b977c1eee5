import Foundation
import SwitchboardKit
import SwitchboardKitTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// SwitchboardKit links no HTTP client: a `live` endpoint says how to get
/// one rather than failing obscurely.
@Suite struct WithoutLiveTests {
    @Test func aLiveEndpointAnswers502NamingTheProductThatAddsIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("without-live-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Port 9 (discard): nothing is ever sent there, the point is that
        // nothing could be.
        let manifest = """
            upstream: http://127.0.0.1:9
            endpoints:
              - id: feed
                method: GET
                path: /feed
                mode: live
                success: { json: [] }
            """
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("switchboard.yml"))
        let board = try await Switchboard.start(fixtures: folder)
        try await stopping(board) { () async throws in
            let (body, response) = try await URLSession(configuration: .ephemeral).data(
                from: board.baseURL.appendingPathComponent("feed"))
            #expect((response as? HTTPURLResponse)?.statusCode == 502)
            #expect(String(decoding: body, as: UTF8.self).contains("add the SwitchboardLive product"))
        }
    }
}
