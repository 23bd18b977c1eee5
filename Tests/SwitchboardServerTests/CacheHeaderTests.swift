import SwitchboardCore
import SwitchboardModel
import SwitchboardTestSupport
import Testing

/// The caching headers each answer carries: the manifest's only on the
/// success of an endpoint set to `success`; `Cache-Control: no-store`, and
/// no validators, on everything else and on every answer with `--no-cache`.
/// Bytes in and out on the embedded channel.
@Suite struct CacheHeaderTests {
    static let cached = """
        headers: { Cache-Control: "public, max-age=60", ETag: '"v1"', Last-Modified: "Mon, 01 Jan 2024 00:00:00 GMT", \
        Expires: "Thu, 01 Jan 2099 00:00:00 GMT", X-Kept: "yes" }
        """
    static let manifest = """
        endpoints:
          - id: a
            method: GET
            path: /a
            success:
              body: hello there
              \(cached)
            error:
              status: 429
              \(cached)
            server_error:
              status: 503
              \(cached)
            sequence: [success, server_error]
          - id: episode
            method: GET
            path: /episodes/:n
            success:
              file: "episodes/{n}.json"
              \(cached)
            sequence: [success]
        """

    struct Answer {
        let head: String
        func header(_ name: String) -> String? {
            for line in self.head.split(separator: "\r\n") {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
        var isUncacheable: Bool {
            self.header("Cache-Control") == "no-store" && self.header("ETag") == nil
                && self.header("Last-Modified") == nil && self.header("Expires") == nil
        }
        var keepsTheManifestsHeaders: Bool {
            self.header("Cache-Control") == "public, max-age=60" && self.header("ETag") == #""v1""#
                && self.header("Expires") != nil && self.header("Last-Modified") != nil
        }
    }

    /// The head of the answer to `request`, with the endpoint in `mode`.
    func answer(
        _ request: String, mode: Mode = .success, endpoint: String = "a", noStore: Bool = false,
        manifestPrefix: String = ""
    ) throws -> Answer {
        let wire = try WireHarness(
            manifest: manifestPrefix + Self.manifest, files: ["episodes/1.json": Array(#"{"n":1}"#.utf8)],
            random: SeededRandom(seed: 1), noStore: noStore)
        try wire.panel.setMode(mode, endpoint: endpoint)
        let text = try wire.exchange(request)
        return Answer(head: text.components(separatedBy: "\r\n\r\n").first ?? "")
    }

    static let getA = "GET /a HTTP/1.1\r\nHost: t\r\n\r\n"

    @Test func aSuccessKeepsTheManifestsCachingHeaders() throws {
        let answer = try self.answer(Self.getA)
        #expect(answer.head.hasPrefix("HTTP/1.1 200 OK"))
        #expect(answer.keepsTheManifestsHeaders, "\(answer.head)")
        #expect(answer.header("X-Kept") == "yes")
        let episode = try self.answer("GET /episodes/1 HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(episode.keepsTheManifestsHeaders, "\(episode.head)")
    }

    @Test(arguments: [Mode.error, .serverError, .truncated, .flaky(percent: 0), .flaky(percent: 100), .sequence])
    func everyOtherModeAnswersNoStore(_ mode: Mode) throws {
        let answer = try self.answer(Self.getA, mode: mode)
        #expect(answer.head.hasPrefix("HTTP/1.1 "))
        #expect(answer.isUncacheable, "\(mode.name): \(answer.head)")
        #expect(answer.header("X-Kept") == "yes", "other headers stay")
        let episode = try self.answer("GET /episodes/1 HTTP/1.1\r\nHost: t\r\n\r\n", mode: mode, endpoint: "episode")
        #expect(episode.isUncacheable, "\(mode.name): \(episode.head)")
    }

    @Test func theBrowserPathAndHEADFollowTheSameRule() throws {
        let page = try self.answer("GET /a HTTP/1.1\r\nHost: t\r\nOrigin: http://localhost:3000\r\n\r\n", mode: .error)
        #expect(page.isUncacheable, "\(page.head)")
        let head = try self.answer("HEAD /a HTTP/1.1\r\nHost: t\r\n\r\n", mode: .flaky(percent: 0))
        #expect(head.isUncacheable, "\(head.head)")
        let close = try self.answer("GET /a HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        #expect(close.keepsTheManifestsHeaders, "\(close.head)")
    }

    @Test func aPreferredModeIsNeverKeptButAPreferredLatencyIs() throws {
        let mode = try self.answer("GET /a HTTP/1.1\r\nHost: t\r\nPrefer: mode=success\r\n\r\n")
        #expect(mode.isUncacheable, "\(mode.head)")
        let latency = try self.answer("GET /a HTTP/1.1\r\nHost: t\r\nPrefer: latency=none\r\n\r\n")
        #expect(latency.keepsTheManifestsHeaders, "\(latency.head)")
    }

    @Test func answersSwitchboardMakesUpAreNoStore() throws {
        #expect(try self.answer("GET /nope HTTP/1.1\r\nHost: t\r\n\r\n").isUncacheable)
        #expect(try self.answer("GET /episodes/9 HTTP/1.1\r\nHost: t\r\n\r\n").isUncacheable)
        #expect(try self.answer("GET /a HTTP/1.1\r\nHost: t\r\nPrefer: mode=nope\r\n\r\n").isUncacheable)
    }

    @Test func noCacheMakesEverySuccessNoStore() throws {
        let answer = try self.answer(Self.getA, noStore: true)
        #expect(answer.head.hasPrefix("HTTP/1.1 200 OK"))
        #expect(answer.isUncacheable, "\(answer.head)")
        #expect(try self.answer("GET /episodes/1 HTTP/1.1\r\nHost: t\r\n\r\n", noStore: true).isUncacheable)
        let manifest = try self.answer(Self.getA, manifestPrefix: "server: { cache: no-store }\n")
        #expect(manifest.isUncacheable, "\(manifest.head)")
    }
}
