import SwitchboardCore
import Testing

/// What `set` and `reset` find for what a person typed, and what they say
/// when nothing matches (issue 22 item 20).
@Suite struct EndpointLookupTests {
    let lookup = EndpointLookup([
        .init(id: "coinlist", method: "GET", path: "/data/all/coinlist"),
        .init(id: "weather", method: "GET", path: "/weather"),
        .init(id: "episode", method: "GET", path: "/episodes/:episode"),
        .init(id: "latest", method: "GET", path: "/episodes/latest"),
        .init(id: "login", method: "POST", path: "/login"),
        .init(id: "logout", method: "DELETE", path: "/session"),
        .init(id: "session", method: "GET", path: "/session"),
    ])

    func message(_ name: String) -> String? {
        if case .failure(let miss) = self.lookup.resolve(name) { return miss.description }
        return nil
    }

    @Test func theEndpointIsOneWordOrAMethodAndAPath() {
        #expect(EndpointLookup.split(["coinlist", "eror"]) == (["coinlist"], ["eror"]))
        #expect(EndpointLookup.split(["POST", "/login", "error"]) == (["POST", "/login"], ["error"]))
        #expect(EndpointLookup.split(["GET /login", "error"]) == (["GET /login"], ["error"]))
        #expect(EndpointLookup.split(["weather"]) == (["weather"], []))
        #expect(EndpointLookup.split([]) == ([], []))
    }

    @Test func anIdOrAMethodAndPathInAnyCaseFindsItsEndpoint() throws {
        #expect(try self.lookup.resolve("coinlist").get() == "coinlist")
        #expect(try self.lookup.resolve("post /login").get() == "login")
        #expect(try self.lookup.resolve("GET /episodes/:episode").get() == "episode")
        #expect(try self.lookup.resolve("GET /episodes/3").get() == "episode")
        #expect(try self.lookup.resolve("GET /episodes/latest").get() == "latest")
    }

    @Test func aMissSaysWhatIsNear() {
        #expect(self.message("coinlst") == "no endpoint 'coinlst' — did you mean 'coinlist'?")
        #expect(self.message("GET /weathr") == "no endpoint 'GET /weathr' — did you mean 'GET /weather'?")
        #expect(
            self.message("GET /login") == "no endpoint 'GET /login': /login answers POST — did you mean 'POST /login'?")
        #expect(
            self.message("get /login") == "no endpoint 'get /login': /login answers POST — did you mean 'POST /login'?")
        #expect(
            self.message("PUT /session")
                == "no endpoint 'PUT /session': /session answers DELETE and GET — did you mean 'DELETE /session'?")
        #expect(
            self.message("zzz")
                == "no endpoint 'zzz' (endpoints: coinlist, weather, episode, latest, login, logout, session)")
    }

    /// The control API's 404 says it in the same words.
    @Test func theControlAPIsUnknownIdIsTheSameSentence() {
        let ids = ["coinlist", "weather"]
        #expect(
            ControlError.unknownEndpoint("coinlst", known: ids).description
                == EndpointLookup.unknownID("coinlst", ids: ids).description)
        #expect(ControlError.unknownEndpoint("x", known: []).description == "no endpoint 'x' (there are no endpoints)")
    }

    /// Issue 38: endpoints of one path go by the server's precedence (the
    /// more specific path, then the more requirements); those it tells
    /// apart only by their order are refused, naming each.
    @Test func twinsGoByTheServersPrecedence() {
        let lookup = EndpointLookup([
            .init(id: "login-refused", method: "POST", path: "/login"),
            .init(id: "login", method: "POST", path: "/login", requirements: 2),
            .init(id: "search-a", method: "GET", path: "/search", requirements: 1),
            .init(id: "search-b", method: "GET", path: "/search", requirements: 1),
            .init(id: "below", method: "GET", path: "/episodes/*", requirements: 3),
            .init(id: "episode", method: "GET", path: "/episodes/:episode"),
        ])
        let typed = ["POST /login", "GET /search", "GET /episodes/3", "GET /episodes/*", "GET /episodes/:episode"]
        let found = typed.map { name in
            switch lookup.resolve(name) {
            case .success(let id): "\(name) → \(id)"
            case .failure(let miss): "\(name) → \(miss.tied.map { "tie \($0)" } ?? "none")"
            }
        }
        #expect(
            found == [
                "POST /login → login", #"GET /search → tie ["search-a", "search-b"]"#, "GET /episodes/3 → episode",
                "GET /episodes/* → below", "GET /episodes/:episode → episode",
            ])
    }
}
