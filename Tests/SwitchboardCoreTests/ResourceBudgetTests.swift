import SwitchboardCore
import SwitchboardJSON
import Testing

/// Resources are bounded in bytes, not only in count: all of a store's
/// items together hold at most 32 MiB of JSON (docs/fixtures.md), and a
/// merge patch cannot grow one item past the 64 KiB an item may be.
@Suite struct ResourceBudgetTests {
    static let budget = 32 * 1024 * 1024
    /// An item a little under 1 MiB as JSON, its id field and all.
    static let large: JSONValue = .object(["text": .string(String(repeating: "x", count: 1024 * 1024 - 32))])

    static func store() -> ResourceStore {
        ResourceStore([
            ResourceDefinition(name: "todos", path: "/todos", seed: []),
            ResourceDefinition(name: "notes", path: "/notes", seed: []),
        ])
    }

    static func binding(_ resource: String, _ operation: ResourceOperation) -> ResourceBinding {
        ResourceBinding(resource: resource, operation: operation)
    }

    /// Creates on two resources, in turn, until one is refused: the 507
    /// comes as the two together reach 32 MiB (10,000 items of 62 KB took
    /// 3.2 GB, under both the item and the count limit); the resources
    /// answer on, and a delete makes room for the next create.
    @Test(.ownThreads) func itemsOfAllResourcesStopAt32MiBTogether() throws {
        let store = Self.store()
        var created = 0
        var refusal: ResourceAnswer?
        for turn in 0..<40 {
            let answer = store.answer(
                Self.binding(turn % 2 == 0 ? "todos" : "notes", .create), parameters: [:], body: Self.large)
            guard answer.status == 201 else {
                refusal = answer
                break
            }
            created += 1
        }
        let refused = try #require(refusal, "40 MiB of items kept, no refusal")
        #expect(refused.status == 507)
        #expect(refused.problem?.code == .resourceFull)
        #expect(refused.problem?.message.contains("32 MiB") == true, "\(refused.problem?.message ?? "")")
        #expect(created == 32, "created \(created) items of 1 MiB")
        #expect(store.counts() == ["todos": 16, "notes": 16])
        #expect(store.answer(Self.binding("todos", .read), parameters: ["id": "1"], body: nil).status == 200)
        // One goes, and one fits again.
        #expect(store.answer(Self.binding("todos", .delete), parameters: ["id": "1"], body: nil).status == 204)
        #expect(store.answer(Self.binding("notes", .create), parameters: [:], body: Self.large).status == 201)
        #expect(store.answer(Self.binding("notes", .create), parameters: [:], body: Self.large).status == 507)
    }

    /// Replacing the items through the control API is held to the budget
    /// too, and changes nothing when refused.
    @Test(.ownThreads) func replacingItemsPastTheBudgetIsRefused() throws {
        let store = Self.store()
        #expect(throws: (any Error).self) {
            try store.replaceItems(of: "todos", with: Array(repeating: Self.large, count: 33))
        }
        #expect(store.counts()["todos"] == 0)
    }

    /// 400 PATCHes of a few KiB made one item 21.5 MB, each merge writing
    /// the whole item again: the merged item is held to the item limit
    /// (413), and stays as it was.
    @Test func aPatchCannotGrowAnItemPast64KiB() {
        var todos = ResourceCollection(path: "/todos", idField: "id", items: [.object(["id": 1])])
        let chunk = String(repeating: "y", count: 20 * 1024)
        var answers: [Int] = []
        for field in ["a", "b", "c", "d"] {
            answers.append(todos.answer(.update, id: "1", body: .object([field: .string(chunk)])).status)
        }
        #expect(answers == [200, 200, 200, 413])
        let refused = todos.answer(.update, id: "1", body: .object(["e": .string(chunk)]))
        #expect(refused.problem?.code == .bodyTooLarge)
        #expect(todos.items.first?["d"] == nil && todos.items.first?["c"] != nil)
        // A patch that shrinks it is taken.
        #expect(todos.answer(.update, id: "1", body: .object(["a": .null])).status == 200)
    }
}
