import Foundation
import SwitchboardTestSupport
import Testing

/// The bytes a live answer carries, against a Python upstream that shares
/// no code with Switchboard: through the proxy they are the upstream's own
/// (checked by SHA-256 of what curl received, undecoded), and recorded then
/// served with no upstream they are what the app got live (see
/// `LiveBytesTests+Recording`). The 100 MB download is
/// `LiveDownloadMemoryTests`' (in a process of its own, for its RSS).
@Suite(.sharedUpstream) struct LiveBytesTests {
    @Test(arguments: [TestUpstream.Route.json, .gzip, .jpeg, .chunked])
    func aBodyPassesThroughByteForByte(_ route: TestUpstream.Route) async throws {
        let upstream = try SharedUpstream.current
        try await LivePassthroughTests.proxy(to: upstream.port).serving { proxy in
            let direct = try await CurlChecksum.get(upstream.url(route))
            let relayed = try await CurlChecksum.get(proxy.url(route.rawValue))
            #expect(direct.exitCode == 0 && direct.status == 200 && direct.bytes > 0, "\(direct)")
            #expect(relayed.exitCode == 0)
            #expect(relayed.status == direct.status)
            #expect(relayed.bytes == direct.bytes)
            #expect(relayed.sha256 == direct.sha256)
        }
    }
}
