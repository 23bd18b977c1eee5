import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// `upstream:`, `unmatched:` and `mode: live` in a manifest.
@Suite struct UpstreamManifestTests {
    func load(_ manifest: String) throws -> Manifest {
        let fixtures = MemoryFixtures(manifest)
        return try fixtures.load()
    }

    @Test func anUpstreamAloneIsAManifest() throws {
        let manifest = try self.load("upstream: https://api.example.com/v1/\n")
        #expect(manifest.endpoints.isEmpty)
        #expect(manifest.upstream?.description == "https://api.example.com/v1")
        #expect(manifest.upstream?.url(for: "/users?page=2") == "https://api.example.com/v1/users?page=2")
        #expect(manifest.unmatchedPolicy(upstream: manifest.upstream) == .live, "with an upstream, unmatched goes live")
    }

    @Test func unmatchedDefaultsTo404WithoutAnUpstreamAndCanBeSet() throws {
        let plain = try self.load("endpoints:\n  - { method: GET, path: /a }\n")
        #expect(plain.unmatchedPolicy(upstream: nil) == .notFound)
        let kept = try self.load("upstream: http://localhost:9000\nunmatched: 404\nendpoints: []\n")
        #expect(kept.unmatchedPolicy(upstream: kept.upstream) == .notFound)
        #expect(kept.upstream?.authority == "localhost:9000")
    }

    @Test func anEndpointCanBeLiveAndHaveItsOwnUpstream() throws {
        let manifest = try self.load(
            """
            upstream: https://api.example.com
            endpoints:
              - { id: login, method: POST, path: /login, mode: live }
              - { id: maps, method: GET, path: /tiles/*, mode: live, upstream: "http://127.0.0.1:8081" }
            """)
        #expect(manifest.endpoints.map(\.startMode) == [.live, .live])
        #expect(manifest.endpoints[1].upstream?.authority == "127.0.0.1:8081")
        #expect(manifest.endpoints[0].passesThrough)
    }

    @Test func brokenValuesSayWhereAndHowToFixThem() throws {
        let found = try manifestProblems(
            """
            upstream: ftp://files.example.com
            unmatched: proxy
            endpoints:
              - { method: GET, path: /a, upstream: "not a url" }
              - { method: GET, path: /b, upstream: "https://x.example.com?debug=1" }
              - { method: GET, path: /c, mode: lve }
            """)
        #expect(
            found == [
                "1:11: the upstream must be http:// or https://, not ftp:// — e.g. 'upstream: https://api.example.com'",
                "2:12: unknown unmatched setting 'proxy' — use 'live' (unmatched requests go to the upstream) or '404' (they get a 404)",
                "4:40: 'not a url' is not a URL; an upstream looks like https://api.example.com — e.g. 'upstream: https://api.example.com'",
                "5:40: an upstream takes no query or fragment: each request brings its own — e.g. 'upstream: https://api.example.com'",
                "6:36: unknown mode 'lve' — did you mean 'live'?",
            ])
    }

    /// `--upstream` wins over the manifest's `upstream:` in every manifest
    /// the panel is given: the first, and each reload (edited, or written by
    /// a recording) whether it names another upstream or none.
    @Test func theCommandLineUpstreamOutlastsEveryReload() throws {
        let option = UpstreamURL(scheme: "http", host: "127.0.0.1", port: 8081)
        let panel = ControlPanel(
            manifest: try self.load("upstream: http://127.0.0.1:9\nendpoints:\n  - { method: GET, path: /a }\n"),
            upstream: option)
        #expect(panel.snapshot().manifest.upstream == option)
        panel.replaceManifest(try self.load("endpoints:\n  - { method: GET, path: /a }\n"))
        #expect(panel.snapshot().manifest.upstream == option)
        panel.replaceManifest(
            try self.load("upstream: http://127.0.0.1:7\nendpoints:\n  - { method: GET, path: /b }\n"))
        #expect(panel.snapshot().manifest.upstream == option)
        #expect(panel.snapshot().generation == 3)
    }
}
