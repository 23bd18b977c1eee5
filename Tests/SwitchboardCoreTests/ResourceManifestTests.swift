import SwitchboardCore
import SwitchboardTestSupport
import Testing

/// `resources:` in the manifest: the six endpoints each declares, seeds
/// from a file or inline, problems at their line; and the store behind a
/// panel: resets, scenarios and reloads put seeds back.
@Suite struct ResourceManifestTests {
    static let manifest = """
        endpoints:
          - { id: health, method: GET, path: /health }
        resources:
          todos: { path: /todos, seed: todos.json }
          notes:
            seed:
              - { title: first }
              - { title: second }
        scenarios:
          calm:
            health: { mode: success }
        """
    static let files = ["todos.json": #"[{"id": 1, "title": "milk"}, {"id": 2, "title": "eggs"}]"#]

    @Test func aResourceDeclaresSixEndpointsAfterTheManifestsOwn() throws {
        let manifest = try MemoryFixtures(Self.manifest, textFiles: Self.files).load()
        #expect(
            manifest.endpoints.map(\.signature) == [
                "GET /health", "GET /todos", "POST /todos", "GET /todos/:id", "PUT /todos/:id", "PATCH /todos/:id",
                "DELETE /todos/:id", "GET /notes", "POST /notes", "GET /notes/:id", "PUT /notes/:id",
                "PATCH /notes/:id", "DELETE /notes/:id",
            ])
        #expect(manifest.endpoints[1].id == "todos.list")
        #expect(manifest.endpoints[6].id == "todos.delete")
        #expect(manifest.resources.map(\.name) == ["todos", "notes"])
        // Inline items without an id are numbered.
        #expect(
            manifest.resources[1].seed.map(\.json) == [#"{"id":1,"title":"first"}"#, #"{"id":2,"title":"second"}"#])
    }

    @Test func brokenResourcesAreReportedAtTheirLine() throws {
        let broken = """
            endpoints:
              - { id: todos.list, method: GET, path: /items }
            resources:
              todos: { seed: todos.json }
              tags: { seed: missing.json }
              notes: { seed: notes.json }
              dupes: { seed: [ { id: 1 }, { id: 1 } ] }
              items: { path: /things/:id }
              users: { id: user.id }
            """
        let files = ["todos.json": "[]", "notes.json": #"{"id": 1}"#]
        #expect {
            try MemoryFixtures(broken, textFiles: files).load()
        } throws: { error in
            let text = "\(error)"
            return text.contains("switchboard.yml:4:3: resource 'todos' declares the endpoint id 'todos.list'")
                && text.contains("switchboard.yml:5:17: file 'missing.json' does not exist")
                && text.contains("the seed file 'notes.json' of resource 'notes' is not a JSON array")
                && text.contains("two items in the seed of resource 'dupes' have id 1")
                && text.contains("resource path '/things/:id' must be a plain path")
                && text.contains("switchboard.yml:9:16: id field 'user.id' cannot name a path parameter")
        }
    }

    @Test func theStoreChangesWithTheAppAndResetsPutTheSeedBack() throws {
        let panel = try MemoryFixtures(Self.manifest, textFiles: Self.files).panel()
        let create = ResourceBinding(resource: "todos", operation: .create)
        #expect(
            panel.resources.answer(create, parameters: [:], body: .object(["title": .string("bread")])).status == 201)
        #expect(panel.resources.counts() == ["todos": 3, "notes": 2])
        // Resetting another endpoint leaves the items alone; one of the
        // resource's endpoints puts its seed back.
        try panel.reset(endpoint: "health")
        #expect(panel.resources.counts()["todos"] == 3)
        try panel.reset(endpoint: "todos.create")
        #expect(panel.resources.counts()["todos"] == 2)
        _ = panel.resources.answer(create, parameters: [:], body: .object([:]))
        try panel.reset()
        #expect(panel.resources.counts()["todos"] == 2)
        _ = panel.resources.answer(create, parameters: [:], body: .object([:]))
        try panel.applyScenario(named: "calm")
        #expect(panel.resources.counts()["todos"] == 2)
    }

    @Test func aReloadKeepsItemsOfAnUnchangedResourceAndReseedsAChangedOne() throws {
        let panel = try MemoryFixtures(Self.manifest, textFiles: Self.files).panel()
        let create = ResourceBinding(resource: "todos", operation: .create)
        _ = panel.resources.answer(create, parameters: [:], body: .object([:]))
        _ = panel.resources.answer(
            ResourceBinding(resource: "notes", operation: .create), parameters: [:], body: .object([:]))
        var files = Self.files
        files["todos.json"] = #"[{"id": 1, "title": "only milk"}]"#
        panel.replaceManifest(try MemoryFixtures(Self.manifest, textFiles: files).load())
        #expect(panel.resources.counts() == ["todos": 1, "notes": 3])
    }

    @Test func replacingItemsChecksThemFirst() throws {
        let store = ResourceStore([ResourceDefinition(name: "todos", path: "/todos", seed: [])])
        try store.replaceItems(of: "todos", with: [.object(["title": .string("a")]), .object(["id": .number(5)])])
        #expect(store.items(of: "todos")?.map(\.json) == [#"{"id":1,"title":"a"}"#, #"{"id":5}"#])
        #expect(throws: ResourceItemsError.duplicateID("5")) {
            try store.replaceItems(of: "todos", with: [.object(["id": .number(5)]), .object(["id": .number(5)])])
        }
        #expect(throws: ResourceItemsError.notAnObject) { try store.replaceItems(of: "todos", with: [.null]) }
        #expect(throws: ResourceItemsError.unknownResource("tags", known: ["todos"])) {
            try store.replaceItems(of: "tags", with: [])
        }
        #expect(store.items(of: "todos")?.count == 2)
    }
}
