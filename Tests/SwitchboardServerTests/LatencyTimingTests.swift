import Foundation
import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// Injected latency measured by real clients.
@Suite(.serialized) struct LatencyTimingTests {
    static let manifest = """
        endpoints:
          - { id: slow, method: GET, path: /slow, latency: half }
          - { id: file, method: GET, path: /file, success: { file: body.bin } }
        latency_profiles:
          half: 500ms
          trickle: { bandwidth: 16KB/s }
        """

    func server() throws -> RunningServer {
        try RunningServer(
            fixtures: TemporaryFixtures(
                manifest: Self.manifest, files: ["body.bin": (0..<32_768).map { UInt8(truncatingIfNeeded: $0 &* 31) }]))
    }

    @Test func a500msDelayTakesAtLeast500msAndLessThan600() async throws {
        let server = try self.server()
        defer { server.stop() }
        for _ in 0..<3 {
            let timing = try await CurlTiming.get(server.url("/slow"))
            #expect(timing.status == 200)
            #expect(timing.total >= 0.5 && timing.total < 0.6, "took \(timing.total) s")
        }
        let entry = try #require(server.journal.entries(after: 0).entries.last)
        #expect(entry.injectedDelay == .milliseconds(500))
        #expect(entry.duration >= .milliseconds(500))
    }

    @Test func a32KBBodyAt16KBPerSecondTakesAboutTwoSeconds() async throws {
        let server = try self.server()
        defer { server.stop() }
        try server.panel.setLatency("trickle", endpoint: "file")
        let timing = try await CurlTiming.get(server.url("/file"))
        #expect(timing.bytes == 32_768)
        #expect(timing.firstByte < 0.2, "headers after \(timing.firstByte) s")
        #expect(timing.total >= 1.9 && timing.total < 2.3, "took \(timing.total) s")
        let response = try await HTTPClient.send(server.url("/file"))
        #expect(response.body == Data((0..<32_768).map { UInt8(truncatingIfNeeded: $0 &* 31) }))
    }

    @Test func presetsAddTheirRoundTripBeforeTheStatusLine() async throws {
        let server = try self.server()
        defer { server.stop() }
        try server.panel.setLatency("edge", endpoint: "slow")
        let timing = try await CurlTiming.get(server.url("/slow"))
        #expect(timing.firstByte >= 0.3 && timing.firstByte < 0.4, "first byte after \(timing.firstByte) s")
    }

    @Test func twoHundredConcurrentDelayedRequestsEachTakeAboutTheDelay() async throws {
        let server = try self.server()
        defer { server.stop() }
        let url = server.url("/slow").absoluteString
        // Timed on the thread that waits for curl, not including how long
        // this task then waits for a concurrency thread to resume it.
        let (result, wall) = try await onThread {
            let started = Date()
            let result = try Subprocess.run(
                "curl",
                ["-s", "--parallel", "--parallel-immediate", "--parallel-max", "200"]
                    + Array(repeating: ["-o", "/dev/null", "-w", "%{http_code} %{time_total}\n", url], count: 200)
                    .flatMap { $0 })
            return (result, Date().timeIntervalSince(started))
        }
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 200)
        let times = lines.compactMap { Double($0.split(separator: " ").last ?? "") }
        #expect(lines.allSatisfy { $0.hasPrefix("200 ") })
        // Each waited its delay, and all 200 overlapped: one after another
        // they would take 100 s. How close to 500 ms they land is the
        // benchmark's to say (p99 505 ms in scripts/bench.sh); here the
        // suite's other tests, browsers included, share the two cores.
        #expect(times.allSatisfy { $0 >= 0.5 && $0 < 2.0 }, "slowest \(times.max() ?? 0) s")
        #expect(wall < 3.0, "200 requests took \(wall) s in all")
    }
}
