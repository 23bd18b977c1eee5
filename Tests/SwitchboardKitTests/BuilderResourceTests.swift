import Foundation
import SwitchboardKit
import SwitchboardKitTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A resource declared in code: the same six endpoints and the same
/// memory as a manifest's `resources:`, one set of items per instance.
@Suite struct BuilderResourceTests {
    @EndpointsBuilder static func todos() -> [Endpoint] {
        Resource("todos", path: "/todos", seed: [["id": 1, "title": "milk"]])
        Endpoint.get("/ping")
    }

    static func create(_ board: Switchboard, _ title: String) async throws -> (Int, String?) {
        var request = URLRequest(url: board.baseURL.appendingPathComponent("todos"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"title":"\#(title)"}"#.utf8)
        let (_, response) = try await board.urlSession().data(for: request)
        let http = response as? HTTPURLResponse
        return (http?.statusCode ?? 0, http?.value(forHTTPHeaderField: "Location"))
    }

    static func list(_ board: Switchboard) async throws -> Int {
        let (_, response) = try await board.urlSession().data(from: board.baseURL.appendingPathComponent("todos"))
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    @Test func createdItemsOutliveAFlipAndResetBringsTheSeedBack() async throws {
        let board = try Switchboard.inProcess(endpoints: Self.todos)
        try await stopping(board) {
            let ids = try await board.resources().resources.map(\.name)
            #expect(ids == ["todos"])
            let created = try await Self.create(board, "bread")
            #expect(created.0 == 201)
            #expect(created.1?.hasSuffix("/todos/2") == true)
            #expect(try await board.items(of: "todos") == [["id": 1, "title": "milk"], ["id": 2, "title": "bread"]])
            try await board.set("todos.list", .serverError)
            #expect(try await Self.list(board) == 500)
            try await board.set("todos.list", .success)
            #expect(try await Self.list(board) == 200)
            #expect(try await board.items(of: "todos").count == 2)
            try await board.reset()
            #expect(try await board.items(of: "todos") == [["id": 1, "title": "milk"]])
        }
    }

    @Test func eachInstanceHasItsOwnItems() async throws {
        let one = try Switchboard.inProcess(endpoints: Self.todos)
        let two = try Switchboard.inProcess(endpoints: Self.todos)
        try await stopping(one, two) { () async throws in
            #expect(try await Self.create(one, "bread").0 == 201)
            #expect(try await one.items(of: "todos").count == 2)
            #expect(try await two.items(of: "todos") == [["id": 1, "title": "milk"]])
        }
    }

    @Test func itsEndpointsAreTheManifests() async throws {
        let board = try Switchboard.inProcess(endpoints: Self.todos)
        try await stopping(board) {
            let ids = try await board.status().endpoints.map(\.id)
            let expected = ["get-ping", "todos.list", "todos.create", "todos.read", "todos.replace", "todos.update"]
            #expect(Set(ids) == Set(expected + ["todos.delete"]))
        }
    }

    /// A seed made from the test's own values, without `.string(title)`.
    @Test func aSeedTakesValuesFromVariables() async throws {
        let title = "milk"
        let count = 2
        let price = 1.5
        let done = false
        let note: String? = nil
        let tags = ["dairy", "cold"]
        let board = try Switchboard.inProcess {
            Resource(
                "todos",
                seed: [
                    ["id": 1, "title": title, "count": count, "price": price, "done": done, "note": note, "tags": tags]
                ])
        }
        try await stopping(board) { () async throws in
            #expect(
                try await board.items(of: "todos") == [
                    [
                        "id": 1, "title": "milk", "count": 2, "price": 1.5, "done": false, "note": .null,
                        "tags": ["dairy", "cold"],
                    ]
                ])
        }
    }

    @Test func badResourcesAreReportedWithTheRest() {
        let error = #expect(throws: EndpointDeclarationError.self) {
            _ = try Switchboard.inProcess {
                Resource("to dos")
                Resource("items", path: "/items/:id")
                Resource("notes", seed: [["id": 1], ["id": 1], "loose"])
                Resource("tags")
                Endpoint.get("/x", id: "tags.list")
            }
        }
        #expect(
            error?.problems == [
                "resource name 'to dos' may only use letters, digits, '-' and '_' — e.g. 'todos:'",
                "resource 'items': resource path '/items/:id' must be a plain path"
                    + " — e.g. 'path: /todos' (items are at /todos/:id)",
                "two items in the seed of resource 'notes' have id 1 — give each item its own id",
                "every item in the seed of resource 'notes' must be an object — write each item as [\"id\": 1, …]",
                "two endpoints have the id 'tags.list' — give one another id: `id: \"…\"`",
            ])
    }
}
