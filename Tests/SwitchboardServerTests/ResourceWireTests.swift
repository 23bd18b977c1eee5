import SwitchboardCore
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// A resource on the wire, as a REST client drives it: create, list,
/// read, update, delete, with the statuses and `Location` it expects; the
/// endpoints' modes on top; resets put the seed back.
@Suite struct ResourceWireTests {
    static let manifest = """
        resources:
          todos: { path: /todos, seed: todos.json }
        """
    static let files = ["todos.json": Array(#"[{"id": 1, "title": "milk"}]"#.utf8)]

    static func wire() throws -> WireHarness {
        try WireHarness(manifest: Self.manifest, files: Self.files)
    }

    static func send(_ method: String, _ path: String, json: String? = nil) -> String {
        guard let json else { return "\(method) \(path) HTTP/1.1\r\nHost: t\r\n\r\n" }
        return "\(method) \(path) HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(json.utf8.count)\r\n\r\n\(json)"
    }

    @Test func createListReadUpdateDelete() throws {
        let wire = try Self.wire()
        let created = try wire.response(to: Self.send("POST", "/todos", json: #"{"title":"bread"}"#))
        #expect(created.status == 201)
        #expect(created.header("Location") == "/todos/2")
        #expect(created.text == #"{"id":2,"title":"bread"}"#)
        #expect(
            try wire.response(to: Self.send("GET", "/todos")).text
                == #"[{"id":1,"title":"milk"},{"id":2,"title":"bread"}]"#)
        #expect(try wire.response(to: Self.send("GET", "/todos/2")).text == #"{"id":2,"title":"bread"}"#)
        let patched = try wire.response(to: Self.send("PATCH", "/todos/2", json: #"{"done":true}"#))
        #expect(patched.text == #"{"done":true,"id":2,"title":"bread"}"#)
        let put = try wire.response(to: Self.send("PUT", "/todos/2", json: #"{"title":"rye"}"#))
        #expect(put.text == #"{"id":2,"title":"rye"}"#)
        #expect(try wire.response(to: Self.send("DELETE", "/todos/2")).status == 204)
        #expect(try wire.response(to: Self.send("GET", "/todos/2")).status == 404)
        #expect(try wire.response(to: Self.send("POST", "/todos", json: #"{"id":1}"#)).status == 409)
        #expect(try wire.response(to: Self.send("POST", "/todos", json: "not json")).status == 400)
        #expect(
            wire.entries.map(\.endpointID) == [
                "todos.create", "todos.list", "todos.read", "todos.update", "todos.replace", "todos.delete",
                "todos.read",
                "todos.create", "todos.create",
            ])
    }

    @Test func modesApplyOnTopAndTheItemsOutliveThem() throws {
        let wire = try Self.wire()
        _ = try wire.response(to: Self.send("POST", "/todos", json: #"{"title":"bread"}"#))
        try wire.panel.setMode(.serverError, endpoint: "todos.list")
        #expect(try wire.response(to: Self.send("GET", "/todos")).status == 500)
        // A failing create changes nothing.
        try wire.panel.setMode(.error, endpoint: "todos.create")
        #expect(try wire.response(to: Self.send("POST", "/todos", json: "{}")).status == 400)
        try wire.panel.setMode(.success, endpoint: "todos.list")
        #expect(try wire.response(to: Self.send("GET", "/todos")).text.contains("bread"))
        try wire.panel.reset()
        #expect(try wire.response(to: Self.send("GET", "/todos")).text == #"[{"id":1,"title":"milk"}]"#)
    }

    @Test func theListIsNeverAnsweredFromMemory() throws {
        let wire = try Self.wire()
        for title in ["a", "b", "c"] {
            _ = try wire.response(to: Self.send("POST", "/todos", json: #"{"title":"\#(title)"}"#))
            let list = try wire.response(to: Self.send("GET", "/todos"))
            #expect(list.text.contains(#""title":"\#(title)""#))
            #expect(list.header("Cache-Control") == "no-store")
        }
    }

    @Test func anItemTooLargeToReadWholeIs413AndNothingIsCreated() throws {
        let wire = try Self.wire()
        let large = #"{"title":""# + String(repeating: "x", count: 70_000) + #""}"#
        let answer = try wire.response(to: Self.send("POST", "/todos", json: large))
        #expect(answer.status == 413)
        #expect(answer.text.contains("body_too_large"))
        #expect(try wire.response(to: Self.send("GET", "/todos")).text == #"[{"id":1,"title":"milk"}]"#)
    }
}
