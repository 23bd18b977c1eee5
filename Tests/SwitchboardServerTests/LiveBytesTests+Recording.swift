import Foundation
import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// Recording, then serving the fixtures from a Switchboard that has no
/// upstream at all, gives the app what live gave it.
extension LiveBytesTests {
    /// What is recorded, and so what "the same" means for each body:
    /// - a JPEG is stored as it came: the same bytes and `Content-Type`;
    /// - JSON is stored pretty-printed: the bytes differ, the parsed JSON is
    ///   equal;
    /// - a gzip body is stored decoded, so that the fixture is readable: the
    ///   offline answer has no `Content-Encoding` and is what an HTTP client
    ///   that decodes gzip (URLSession does, and curl with `--compressed`)
    ///   handed the app live; the upstream's is JSON, so it is pretty-printed
    ///   too, and the parsed JSON is what is equal.
    @Test(arguments: [TestUpstream.Route.jpeg, .gzip, .json])
    func aRecordedAnswerServedOfflineIsWhatTheAppGotLive(_ route: TestUpstream.Route) async throws {
        let upstream = try SharedUpstream.current
        let proxy = try LivePassthroughTests.proxy(to: upstream.port, manifest: LiveRecordingTests.proxyManifest)
        let live = try await proxy.serving { proxy in
            let live = try await LivePassthroughTests.curl(
                proxy.url(route.rawValue), route == .gzip ? ["--compressed"] : [])
            let entry = try await LivePassthroughTests.entry("GET", route.rawValue, in: proxy)
            let id = try #require(entry.endpointID)
            let recorded = try await onThread { proxy.server.recordLive([id]) }.get()
            #expect(recorded.written.map(\.endpoint) == [id])
            return live
        }
        let folder = proxy.panel.snapshot().manifest.directory
        let manifest = try ManifestLoader.load(directory: folder)
        try await RunningServer(panel: ControlPanel(manifest: manifest)).serving { offline in
            let answer = try await LivePassthroughTests.curl(offline.url(route.rawValue))
            #expect(answer.head.hasPrefix("HTTP/1.1 200"))
            let contentType = LivePassthroughTests.header("Content-Type", in: answer.head)
            #expect(contentType == LivePassthroughTests.header("Content-Type", in: live.head))
            switch route {
            case .gzip, .json:
                if route == .gzip {
                    #expect(LivePassthroughTests.header("Content-Encoding", in: live.head) == "gzip")
                    #expect(LivePassthroughTests.header("Content-Encoding", in: answer.head) == nil)
                }
                let liveJSON = try JSONSerialization.jsonObject(with: Data(live.body)) as? NSDictionary
                let offlineJSON = try JSONSerialization.jsonObject(with: Data(answer.body)) as? NSDictionary
                #expect(liveJSON != nil && offlineJSON == liveJSON)
            default:
                #expect(answer.body.count == live.body.count)
                #expect(answer.body == live.body)
            }
        }
        withExtendedLifetime(proxy) {}
    }
}
