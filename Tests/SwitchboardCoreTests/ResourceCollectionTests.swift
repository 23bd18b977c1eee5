import SwitchboardCore
import SwitchboardJSON
import Testing

/// What a REST client expects of a collection, decided as a value: ids
/// assigned on create, 201 with `Location`, 404 for a missing item, 409 for
/// an id taken or contradicted, merge on PATCH, 204 on DELETE.
@Suite struct ResourceCollectionTests {
    static func todos() -> ResourceCollection {
        ResourceCollection(
            path: "/todos", idField: "id",
            items: [
                .object(["id": .number(1), "title": .string("milk"), "done": .bool(false)]),
                .object(["id": .number(2), "title": .string("eggs"), "done": .bool(true)]),
            ])
    }

    static func json(_ text: String) -> JSONValue? { JSONValue(bytes: Array(text.utf8)) }

    @Test func createAssignsTheNextIdAndSaysWhereTheItemIs() throws {
        var todos = Self.todos()
        let created = todos.answer(.create, id: nil, body: Self.json(#"{"title":"bread"}"#))
        #expect(created.status == 201)
        #expect(created.location == "/todos/3")
        #expect(created.body?.json == Self.json(#"{"id":3,"title":"bread"}"#))
        #expect(todos.answer(.read, id: "3", body: nil).body == created.body)
        #expect(
            todos.answer(.list, id: nil, body: nil).body?.json.map { if case .array(let a) = $0 { a.count } else { 0 } }
                == 3)
    }

    @Test func textIdsStayText() {
        var tags = ResourceCollection(path: "/tags", idField: "slug", items: [.object(["slug": .string("7")])])
        #expect(tags.answer(.create, id: nil, body: .object([:])).location == "/tags/8")
        #expect(tags.items.last == .object(["slug": .string("8")]))
    }

    @Test func anIdAlreadyTakenIs409AndNothingChanges() {
        var todos = Self.todos()
        let answer = todos.answer(.create, id: nil, body: Self.json(#"{"id":2,"title":"again"}"#))
        #expect(answer.status == 409)
        #expect(todos == Self.todos())
    }

    @Test func aMissingItemIs404ForEveryItemOperation() {
        var todos = Self.todos()
        for operation in [ResourceOperation.read, .replace, .update, .delete] {
            #expect(todos.answer(operation, id: "9", body: .object([:])).status == 404, "\(operation)")
        }
        #expect(todos == Self.todos())
    }

    @Test func putReplacesTheItemWholeKeepingItsId() {
        var todos = Self.todos()
        let answer = todos.answer(.replace, id: "1", body: Self.json(#"{"title":"oat milk"}"#))
        #expect(answer.status == 200)
        #expect(answer.body?.json == Self.json(#"{"id":1,"title":"oat milk"}"#))
        #expect(todos.answer(.replace, id: "1", body: Self.json(#"{"id":5}"#)).status == 409)
        #expect(todos.answer(.replace, id: "1", body: Self.json("[1]")).status == 400)
    }

    @Test func patchMergesAndNullRemovesAField() {
        var todos = Self.todos()
        let answer = todos.answer(.update, id: "2", body: Self.json(#"{"done":false,"title":null,"tags":{"a":1}}"#))
        #expect(answer.status == 200)
        #expect(answer.body?.json == Self.json(#"{"id":2,"done":false,"tags":{"a":1}}"#))
    }

    @Test func deleteAnswers204AndTheItemIsGone() {
        var todos = Self.todos()
        #expect(todos.answer(.delete, id: "1", body: nil) == ResourceAnswer(status: 204))
        #expect(todos.answer(.read, id: "1", body: nil).status == 404)
        #expect(todos.answer(.create, id: nil, body: .object([:])).location == "/todos/3")
    }

    @Test func createNeedsAnObject() {
        var todos = Self.todos()
        #expect(todos.answer(.create, id: nil, body: nil).status == 400)
        #expect(todos.answer(.create, id: nil, body: .string("x")).status == 400)
    }
}

extension ResourceCollectionTests {
    /// What a hostile client sends: an id as large as Int allows, an id
    /// that would split the `Location` header, creates in a loop.
    @Test func hostileIdsAndEndlessCreatesMeetLimitsNotACrash() {
        var todos = ResourceCollection(
            path: "/todos", idField: "id", items: [.object(["id": .string("9223372036854775807")])])
        let next = todos.answer(.create, id: nil, body: .object([:]))
        #expect(next.status == 201)
        #expect(next.location == "/todos/2")
        let split = todos.answer(.create, id: nil, body: .object(["id": .string("a b\r\nSet-Cookie: x=1")]))
        #expect(split.location == "/todos/a%20b%0D%0ASet-Cookie:%20x%3D1")
        var full = ResourceCollection(path: "/todos", idField: "id", items: [])
        for _ in 0..<ResourceCollection.itemLimit { _ = full.answer(.create, id: nil, body: .object([:])) }
        #expect(full.items.count == ResourceCollection.itemLimit)
        let refused = full.answer(.create, id: nil, body: .object([:]))
        #expect(refused.status == 507)
        #expect(refused.problem?.code == .resourceFull)
        #expect(full.items.count == ResourceCollection.itemLimit)
    }
}
