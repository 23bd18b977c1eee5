import SwitchboardCore
import SwitchboardSpecEndpoints
import SwitchboardTestSupport
import Testing

/// An endpoint a description's operation answers first for every request
/// it matches is named in a warning with both places, as in a manifest
/// (moved from UnreachableEndpointTests in SwitchboardCoreTests).
@Suite struct DescribedUnreachableTests {
    static let described = """
        openapi: 3.1.0
        info: {title: t, version: "1"}
        paths:
          /todos:
            get: {operationId: listTodos, responses: {'200': {description: ok}}}
            post: {operationId: addTodo, responses: {'201': {description: ok}}}
          /todos/{todoId}:
            get: {operationId: getTodo, responses: {'200': {description: ok}}}
        """

    /// A resource on the paths a description describes: the description's
    /// operations answer first, so the resource's list, create and read are
    /// never answered.
    @Test func aResourceOnADescribedPathIsNamedWithTheOperationThatAnswers() throws {
        let fixtures = try TemporaryFixtures(
            manifest: """
                openapi: api.yaml
                resources:
                  todos:
                    path: /todos
                """, textFiles: ["api.yaml": Self.described])
        let manifest = try ManifestLoader.load(directory: fixtures.path, descriptions: .openAPI)
        let warnings = manifest.warnings.map(\.description)
        try #require(warnings.count == 3, "\(warnings)")
        #expect(warnings[0].hasPrefix(fixtures.path + "/switchboard.yml:3:"))
        #expect(
            warnings[0].contains(
                "warning: 'todos.list' (resource 'todos', GET /todos) is never answered: 'listTodos' (GET /todos) at \(fixtures.path)/api.yaml:5 answers every request it matches first"
            ))
        #expect(warnings[2].contains("'getTodo' (GET /todos/:todoId) at \(fixtures.path)/api.yaml:8"))
        // Routing says the same: the described operation answers.
        let table = EndpointTable(endpoints: manifest.endpoints)
        guard
            case .matched(let index, _) = table.route(
                method: "GET", target: RequestTarget(uri: "/todos"), header: { _ in nil })
        else {
            Issue.record("GET /todos is not routed")
            return
        }
        #expect(manifest.endpoints[index].id == "listTodos")
    }

    /// Two operations of one method and path (Box's `#fragment` keys): the
    /// second is named, on its own line of the description.
    @Test func twinOperationsOfADescriptionAreNamed() throws {
        let fixtures = try TemporaryFixtures(
            manifest: "endpoints: []\n",
            textFiles: [
                "api.json": """
                {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
                 "paths": {
                  "/files/{id}": {"get": {"operationId": "file", "responses": {"200": {"description": "ok"}}}},
                  "/files/{file_id}#shared_link": {
                   "get": {"operationId": "link", "responses": {"200": {"description": "ok"}}}}}}
                """
            ])
        let manifest = try ManifestLoader.load(directory: fixtures.path + "/api.json", descriptions: .openAPI)
        #expect(
            manifest.warnings.map(\.description) == [
                "\(fixtures.path)/api.json:5:1: warning: 'link' (GET /files/:file_id) is never answered: 'file' (GET /files/:id) at \(fixtures.path)/api.json:3 answers every request it matches first — of two operations with the same method and path the first answers: remove one, or give it another path"
            ])
    }
}
