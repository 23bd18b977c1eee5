import Foundation
import SwitchboardCore
import SwitchboardServer
import SwitchboardTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Each mode on a live endpoint, seen by curl and by URLSession exactly as
/// on a fixture endpoint. The two servers differ only in that: the same
/// endpoint (`GET /json`, the first, so flaky and garbage draw the same
/// numbers) with the same seed, once answering from a fixture and once in
/// front of the suite's upstream. What each client sees of each fault is
/// `FaultTests`' (whose helpers these are) and `ConnectionReuseTests`'.
@Suite(.sharedUpstream) struct LiveFaultTests {
    static let fixtureManifest = """
        endpoints:
          - { id: json, method: GET, path: /json, success: { json: { hello: world, padding: "0123456789abcdef" } } }
        """
    static let liveManifest = """
        endpoints:
          - { id: json, method: GET, path: /json, mode: live }
        """

    /// A server whose `json` endpoint is in `mode`; with `upstream`, the
    /// endpoint passes through to it.
    static func server(
        _ manifest: String, files: [String: [UInt8]] = [:], mode: Mode, upstream: TestUpstream? = nil
    ) throws -> RunningServer {
        try Self.server(manifest, files: files, mode: mode, upstreamPort: upstream?.port)
    }

    /// The same, in front of an upstream on 127.0.0.1:`upstreamPort`.
    static func server(
        _ manifest: String, files: [String: [UInt8]] = [:], mode: Mode, upstreamPort: Int?
    ) throws -> RunningServer {
        let fixtures = try TemporaryFixtures(manifest: manifest, files: files)
        let panel = ControlPanel(
            manifest: try ManifestLoader.load(directory: fixtures.path), random: SeededRandom(seed: 99))
        try panel.setMode(mode, endpoint: "json")
        let settings = UpstreamSettings(
            url: upstreamPort.map { UpstreamURL(scheme: "http", host: "127.0.0.1", port: $0) })
        return try RunningServer(panel: panel, keeping: fixtures, upstream: settings)
    }

    /// What the two clients made of one request each.
    struct Seen: Equatable, CustomStringConvertible {
        var curlExit: Int32
        /// `000` when no status line came.
        var curlStatus: String
        var sessionStatus: Int?
        var sessionError: URLError.Code?

        var description: String {
            "curl \(self.curlExit) \(self.curlStatus), URLSession "
                + (self.sessionError.map { "error \($0.rawValue)" } ?? "status \(self.sessionStatus ?? 0)")
        }
    }

    /// A curl request, then a URLSession one, each on a connection of its own.
    static func seen(_ server: RunningServer, timeout: Double) async throws -> Seen {
        let url = server.url("/json")
        let curl = try await FaultTests.curl(url, ["-w", "%{http_code}", "--max-time", String(timeout)])
        let session = await FaultTests.urlSession(url, timeout: timeout)
        return Seen(
            curlExit: curl.status, curlStatus: curl.stdout, sessionStatus: session.status,
            sessionError: session.error)
    }

    /// curl's exit code and status for each mode (its codes are the same on
    /// every platform; URLSession's differ, so the fixture endpoint says).
    static let curlSees: [Mode: (Int32, String)] = [
        .error: (0, "400"), .serverError: (0, "500"), .reset: (56, "000"), .hang: (28, "000"),
        .empty: (52, "000"), .garbage: (1, "000"), .truncated: (18, "200"),
    ]

    @Test(arguments: [Mode.error, .serverError, .reset, .hang, .empty, .garbage, .truncated])
    func aLiveEndpointFailsAsAFixtureEndpointDoes(_ mode: Mode) async throws {
        let upstream = try SharedUpstream.current
        // Long enough that a loaded machine cannot turn a prompt failure
        // into a timeout; `hang` waits it out, on both servers at once.
        let timeout = mode == .hang ? 1.0 : 20.0
        let fixture = try Self.server(Self.fixtureManifest, mode: mode)
        let live = try Self.server(Self.liveManifest, mode: mode, upstream: upstream)
        try await fixture.serving { fixture in
            try await live.serving { live in
                async let onFixture = Self.seen(fixture, timeout: timeout)
                async let onLive = Self.seen(live, timeout: timeout)
                let (expected, seen) = try await (onFixture, onLive)
                #expect(seen == expected)
                let curl = try #require(Self.curlSees[mode])
                // garbage: 1 (not HTTP) or 8 (a status line curl cannot read).
                #expect(seen.curlExit == curl.0 || (mode == .garbage && seen.curlExit == 8), "\(seen)")
                #expect(seen.curlStatus == curl.1)
                if curl.1 == "000" || mode == .truncated { #expect(seen.sessionError != nil) }
                // A hung request is journaled when its client leaves, which
                // the server may learn a moment after the client has given up.
                _ = await waitUntil { live.journal.entries(after: 0).entries.count == 2 }
                let entries = live.journal.entries(after: 0).entries
                #expect(entries.count == 2 && entries.allSatisfy { $0.mode == mode }, "\(entries.map(\.mode))")
            }
        }
    }

    /// With the same seed, a flaky live endpoint fails on the same requests
    /// as a flaky fixture endpoint; the others get the live answer.
    @Test func aFlakyLiveEndpointFailsOnTheSameRequestsWithTheSameSeed() async throws {
        let upstream = try SharedUpstream.current
        let fixture = try Self.server(Self.fixtureManifest, mode: .flaky(percent: 50))
        let live = try Self.server(Self.liveManifest, mode: .flaky(percent: 50), upstream: upstream)
        try await fixture.serving { fixture in
            try await live.serving { live in
                async let onFixture = (0..<12).asyncMap { _ in try await Self.seen(fixture, timeout: 20) }
                async let onLive = (0..<12).asyncMap { _ in try await Self.seen(live, timeout: 20) }
                let (expected, seen) = try await (onFixture, onLive)
                #expect(seen == expected)
                let statuses = seen.flatMap { [$0.curlStatus, String($0.sessionStatus ?? 0)] }
                #expect(statuses.contains("500") && statuses.contains("200"), "\(statuses)")
                let answered = live.journal.entries(after: 0).entries.filter { $0.status.code == 200 }
                #expect(!answered.isEmpty && answered.allSatisfy { $0.upstream != nil }, "a success is the live answer")
            }
        }
    }
}

extension Sequence {
    /// `map` for an async transform, one element after another.
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
