import SwitchboardTestSupport
import Testing

/// The upstream side keeps its connections: a proxy that opened one per
/// request would cost the upstream a handshake each time and leave
/// thousands of sockets in TIME_WAIT under load.
@Suite(.ownThreads) struct UpstreamPoolTests {
    @Test func requestsInTurnShareOneUpstreamConnection() async throws {
        let upstream = try NIOUpstream()
        defer { upstream.stop() }
        try await LivePassthroughTests.proxy(to: upstream.port).serving { proxy in
            let urls = (1...20).map { proxy.url("/items/\($0)").absoluteString }
            let result = try await Subprocess.run(
                "curl", ["-s", "-w", "%{http_code} %{num_connects}\n"] + urls.flatMap { ["-o", "/dev/null", $0] })
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 20)
            #expect(lines.allSatisfy { $0.hasPrefix("200 ") })
            #expect(
                upstream.connections == 1, "20 requests in turn opened \(upstream.connections) upstream connections")
        }
    }

    @Test func clientConnectionsInTurnStillShareOneUpstreamConnection() async throws {
        let upstream = try NIOUpstream()
        defer { upstream.stop() }
        try await LivePassthroughTests.proxy(to: upstream.port).serving { proxy in
            // Each curl is a new client connection, perhaps on another of
            // the server's threads; the idle upstream connection serves it.
            for index in 1...6 {
                let result = try await Subprocess.run(
                    "curl",
                    ["-s", "-o", "/dev/null", "-w", "%{http_code}", proxy.url("/items/\(index)").absoluteString])
                #expect(result.stdout == "200")
            }
            #expect(upstream.connections == 1, "6 clients in turn opened \(upstream.connections) upstream connections")
        }
    }

    /// Long polls, SSE streams and slow uploads hold their upstream
    /// connection for their whole life. Three hundred of them at once
    /// (curl's most in parallel), each held by the upstream until all have
    /// arrived, must each get a connection of their own: past a per-host
    /// limit (it was 256) the rest waited for the connect timeout and got a
    /// 502 (`getConnectionFromPoolTimeout`), and the upstream never saw them.
    @Test func threeHundredRequestsHeldAtOnceEachGetAnUpstreamConnection() async throws {
        raiseOpenFileLimitForTests()
        let upstream = try NIOUpstream()
        defer { upstream.stop() }
        let count = 300
        try await LivePassthroughTests.proxy(to: upstream.port, readTimeout: .seconds(10)).serving { proxy in
            let url = proxy.url("/gather?n=\(count)").absoluteString
            let result = try await Subprocess.run(
                "curl",
                ["-s", "--parallel", "--parallel-immediate", "--parallel-max", String(count)]
                    + Array(repeating: ["-o", "/dev/null", "-w", "%{http_code}\n", url], count: count).flatMap { $0 })
            let codes = result.stdout.split(separator: "\n")
            #expect(codes.count == count)
            #expect(codes.allSatisfy { $0 == "200" }, "\(codes.filter { $0 != "200" }.count) not 200")
            #expect(upstream.connections == count)
        }
    }
}
