import SwitchboardCore
import Testing

@Suite struct PathGroupingTests {
    static let grouped: [(path: String, pattern: String)] = [
        ("/episodes/3", "/episodes/:id"),
        ("/episodes/4", "/episodes/:id"),
        ("/episodes/4/", "/episodes/:id"),
        ("/reports/2024", "/reports/:id"),
        ("/users/5/posts/7", "/users/:user_id/posts/:id"),
        ("/categories/5/items/7", "/categories/:category_id/items/:id"),
        ("/address/5/lines/7", "/address/:address_id/lines/:id"),
        ("/orders/0d5e2a10-6a7f-4f8e-9c3b-2b1e0f4a9d11", "/orders/:id"),
        ("/orders/0D5E2A10-6A7F-4F8E-9C3B-2B1E0F4A9D11/lines", "/orders/:id/lines"),
        ("/objects/507f1f77bcf86cd799439011", "/objects/:id"),
        ("/commits/da39a3ee5e6b4b0d3255bfef95601890afd80709", "/commits/:id"),
        ("/keys/0123456789abcdef", "/keys/:id"),
        ("/events/01ARZ3NDEKTSV4RRFFQ69G5FAV", "/events/:id"),
        ("/5/7", "/:id2/:id"),
        ("/a/5/6/7", "/a/:a_id/:id2/:id"),
    ]

    static let literal: [String] = [
        "/v1/users", "/users/me", "/2fa", "/auth/2fa/verify", "/api/latest", "/blog/hello-world",
        "/cafe", "/facade/effaced", "/keys/0123456789abcde", "/orders/0d5e2a10-6a7f-4f8e-9c3b",
        "/events/01ARZ3NDEKTSV4RRFFQ69G5FA", "/events/ABCDEFGHJKMNPQRSTVWXYZABCD", "/",
    ]

    @Test(arguments: grouped) func idSegmentsBecomeParameters(path: String, pattern: String) {
        #expect(PathGrouping.pattern(for: RequestTarget(uri: path)).description == pattern)
    }

    @Test(arguments: literal) func wordsVersionsAndShortHexStayLiteral(path: String) {
        let target = RequestTarget(uri: path)
        #expect(PathGrouping.pattern(for: target).description == target.decodedPath)
    }

    @Test func requestsDifferingOnlyInAnIDShareARowAndItsID() {
        let patterns = ["/episodes/3?x=1", "/episodes/4", "/episodes/%34%32"].map {
            PathGrouping.pattern(for: RequestTarget(uri: $0))
        }
        #expect(Set(patterns).count == 1)
        #expect(PathGrouping.endpointID(method: "get", pattern: patterns[0]) == "get-episodes-id")
    }

    /// The id a row gets is the one the manifest parser derives for an entry
    /// without `id:`, so a recorded entry keeps the id shown on screen.
    @Test func theRowIDIsTheManifestsDerivedID() throws {
        let pattern = PathGrouping.pattern(for: ["users", "5", "posts", "7"])
        let id = PathGrouping.endpointID(method: "GET", pattern: pattern)
        #expect(id == "get-users-user-id-posts-id")
        let parsed = try ManifestLoader.parse(
            text: "endpoints:\n  - { method: GET, path: \"\(pattern)\" }\n", file: "switchboard.yml",
            directory: "/nonexistent")
        #expect(parsed.endpoints.map(\.id) == [id])
    }

    /// Every grouped pattern is one the manifest accepts as it is written.
    @Test(arguments: grouped) func groupedPatternsParseBack(path: String, pattern: String) throws {
        let parsed = try PathPattern.parse(pattern).get()
        #expect(parsed == PathGrouping.pattern(for: RequestTarget(uri: path)))
    }
}
