import SwitchboardCore
import SwitchboardTestSupport
import Testing

@Suite struct DemoFixturesTests {
    @Test func theBundledDemoAPILoadsWithoutProblems() throws {
        let manifest = try ManifestLoader.load(directory: RepositoryPaths.fixtures.path)
        #expect(
            manifest.endpoints.map(\.signature) == [
                "GET /data/all/coinlist", "GET /weather", "GET /episodes/:episode", "GET /api/getPerson",
                "POST /login", "POST /login", "GET /images/kitten.jpg", "GET /todos", "POST /todos",
                "GET /todos/:id", "PUT /todos/:id", "PATCH /todos/:id", "DELETE /todos/:id",
            ])
        #expect(manifest.port == 8080)
        #expect(manifest.latencyProfiles.map(\.name) == ["fast", "sluggish", "slow"])
        #expect(manifest.profile(named: "slow")?.delay == .fixed(.seconds(2)))
        #expect(Set(manifest.scenarios.map(\.name)).isSuperset(of: ["outage", "slow-network", "login-broken"]))
    }

    @Test func theDemoLoginFailsWith401() throws {
        let manifest = try ManifestLoader.load(directory: RepositoryPaths.fixtures.path)
        let login = try #require(manifest.endpoints.first { $0.id == "login" })
        #expect(login.error.status == 401)
        #expect(login.serverError.status == 500)
    }

    @Test func episodeFilesAreIndexedByTheirPaths() throws {
        let manifest = try ManifestLoader.load(directory: RepositoryPaths.fixtures.path)
        let episode = try #require(manifest.endpoints.first { $0.id == "episode" })
        guard case .perRequestFile(let pattern, let files) = episode.success.body else {
            Issue.record("episode bodies should depend on the request")
            return
        }
        #expect(pattern.text == "episodes/{episode}.json")
        #expect(files.keys.sorted() == ["episodes/1.json", "episodes/2.json", "episodes/3.json", "episodes/4.json"])
    }
}

extension DemoFixturesTests {
    /// The README's tour flips `/data/all/coinlist`, and the demo's
    /// scenarios flip every endpoint: a browser holding a fresh copy would
    /// answer from its cache and the flip would show nowhere.
    @Test func noDemoAnswerStaysFreshInACache() throws {
        let manifest = try ManifestLoader.load(directory: RepositoryPaths.fixtures.path)
        for endpoint in manifest.endpoints {
            for kind in ResponseKind.allCases {
                for header in endpoint.response(kind).headers {
                    let name = header.name.lowercased()
                    #expect(name != "expires", "\(endpoint.id) \(kind)")
                    if name == "cache-control" {
                        #expect(!header.value.lowercased().contains("max-age"), "\(endpoint.id): \(header.value)")
                    }
                }
            }
        }
    }
}
