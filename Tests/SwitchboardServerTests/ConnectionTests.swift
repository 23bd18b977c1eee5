import Foundation
import SwitchboardCore
import SwitchboardServer
import SwitchboardTestSupport
import Testing

/// How the server behaves as an HTTP/1.1 peer: keep-alive, HEAD, bad input,
/// concurrent delays, and binding problems.
@Suite struct ConnectionTests {
    @Test func keepAliveReusesOneConnection() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        let url = server.url("/data/all/coinlist").absoluteString
        let result = try await Subprocess.run(
            "curl", ["-s", "-o", "/dev/null", "-o", "/dev/null", "-w", "%{http_code} %{num_connects}\n", url, url])
        #expect(result.stdout == "200 1\n200 0\n")
    }

    @Test func headGivesHeadersWithoutABody() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        let result = try await Subprocess.run("curl", ["-s", "-I", server.url("/images/kitten.jpg").absoluteString])
        #expect(result.stdout.hasPrefix("HTTP/1.1 200 OK"))
        #expect(result.stdout.contains("Content-Length: 10209"))
    }

    @Test func aMalformedRequestGets400AndTheServerServesOn() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        let reply = try await RawHTTP.exchange(port: server.port, bytes: Array("GARBAGE\r\n\r\n".utf8))
        #expect(reply.hasPrefix("HTTP/1.1 400"))
        let response = try await HTTPClient.send(server.url("/data/all/coinlist"))
        #expect(response.status == 200)
    }

    @Test func http10ClientsGetAClosedConnectionUnlessTheyAskForKeepAlive() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        let reply = try await RawHTTP.exchange(
            port: server.port, bytes: Array("GET /data/all/coinlist HTTP/1.0\r\n\r\n".utf8))
        #expect(reply.hasPrefix("HTTP/1.0 200 OK"))
        #expect(reply.contains("Connection: close"))
    }

    @Test func aDelayedEndpointDoesNotHoldUpAnother() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        try server.panel.setLatency("slow", endpoint: "coinlist")
        let slow = StartedWork { try CurlTiming.get(server.url("/data/all/coinlist")) }
        // Start the fast request only once the slow one has been received.
        #expect(await waitUntilSeen { server.server.requestsInFlight == 1 })
        let fast = try await onThread { try CurlTiming.get(server.url("/episodes/1")) }
        let delayed = try await slow.value
        #expect(fast.status == 200)
        #expect(fast.total < 0.5, "the other endpoint took \(fast.total) s")
        #expect(delayed.status == 200)
        #expect(delayed.total >= 2.0)
        let entry = try #require(server.journal.entries(after: 0).entries.first { $0.endpointID == "coinlist" })
        #expect(entry.injectedDelay == .seconds(2))
        #expect(entry.latency == "slow")
    }

    @Test func aLargeUploadIsToldToGoAheadAtOnce() async throws {
        let server = try RunningServer.demo()
        defer { server.stop() }
        let body = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID()).bin")
        try Data(count: 1_100_000).write(to: body)
        defer { try? FileManager.default.removeItem(at: body) }
        // curl sends `Expect: 100-continue` for bodies over 1 MB and waits a
        // second for the go-ahead before sending it anyway.
        let timing = try await CurlTiming.get(server.url("/login"), extra: ["--data-binary", "@\(body.path)"])
        #expect(timing.status == 200)
        #expect(timing.total < 0.5, "took \(timing.total) s")
    }

    @Test func aPortInUseIsOneSentence() throws {
        let first = try RunningServer.demo()
        defer { first.stop() }
        let manifest = try ManifestLoader.load(directory: RepositoryPaths.fixtures.path)
        let second = SwitchboardServer(
            panel: ControlPanel(manifest: manifest), journal: RequestJournal(),
            configuration: ServerConfiguration(port: first.port, threads: 1))
        #expect(throws: ServerStartError.portInUse(host: "127.0.0.1", port: first.port)) { try second.start() }
    }
}
