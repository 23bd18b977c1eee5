import SwitchboardCore
import SwitchboardJSON
import Testing

/// JSON compares strings code unit by code unit (RFC 8259 §8.3), where
/// Swift's `String` compares by canonical equivalence: "é" written as one
/// code point (U+00E9) and as "e" with a combining accent (U+0301) are two
/// object keys, two values and two resource ids, as they are to any JSON
/// reader a client compares with.
@Suite struct JSONCodeUnitTests {
    static let composed = "\u{E9}"
    static let decomposed = "e\u{301}"

    /// Both keys kept, each with its value, and written back as they came.
    @Test func anObjectKeepsBothKeys() throws {
        let text = "{\"\(Self.composed)\":1,\"\(Self.decomposed)\":2}"
        let value = try #require(JSONValue(bytes: Array(text.utf8)))
        guard case .object(let fields) = value else {
            Issue.record("not an object: \(value)")
            return
        }
        #expect(fields.count == 2)
        #expect(value[Self.composed] == 1)
        #expect(value[Self.decomposed] == 2)
        #expect(value.json.utf8.count == text.utf8.count)
    }

    /// Two strings, two values: equal neither as values nor in a set.
    @Test func theTwoSpellingsAreTwoValues() {
        #expect(JSONValue.string(Self.composed) != .string(Self.decomposed))
        #expect(Set([JSONValue.string(Self.composed), .string(Self.decomposed)]).count == 2)
        // A body requirement asking for one is not met by the other.
        #expect(!JSONValue.string(Self.composed).isMatched(by: .string(Self.decomposed), exact: true))
    }

    /// Two items whose ids differ only so are two items: today the second
    /// create was a 409, and a read of either found the first.
    @Test func aResourceKeepsTwoItemsWhoseIdsAreSpelledApart() {
        var tags = ResourceCollection(path: "/tags", idField: "id", items: [])
        #expect(tags.answer(.create, id: nil, body: .object(["id": .string(Self.composed)])).status == 201)
        #expect(tags.answer(.create, id: nil, body: .object(["id": .string(Self.decomposed)])).status == 201)
        #expect(tags.answer(.update, id: Self.decomposed, body: .object(["title": "second"])).status == 200)
        #expect(tags.items.count == 2)
        #expect(tags.items.first?["title"] == nil)
        #expect(tags.items.last?["title"] == "second")
        #expect(tags.answer(.delete, id: Self.composed, body: nil).status == 204)
        #expect(tags.items.map { $0["id"]?.text.utf8.count } == [Self.decomposed.utf8.count])
    }
}
