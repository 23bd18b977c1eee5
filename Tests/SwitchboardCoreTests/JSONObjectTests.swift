import SwitchboardCore
import SwitchboardJSON
import Testing

/// An object's members: keyed by bytes, kept in the order first written,
/// equal in any order.
@Suite struct JSONObjectTests {
    static func read(_ text: String) throws -> JSONObject {
        guard case .object(let fields)? = JSONValue(bytes: Array(text.utf8)) else {
            throw Failure(text: text)
        }
        return fields
    }

    struct Failure: Error { let text: String }

    @Test func membersKeepTheOrderTheyWereWrittenIn() throws {
        #expect(try Self.read(#"{"zeta":1,"alpha":2,"mid":3}"#).keys == ["zeta", "alpha", "mid"])
    }

    /// As Foundation's reader (and the manifest's): the last value wins; it
    /// stays where the key was first written.
    @Test func aKeyWrittenTwiceKeepsItsFirstPlaceAndLastValue() throws {
        let fields = try Self.read(#"{"a":1,"b":2,"a":3}"#)
        #expect(fields.keys == ["a", "b"])
        #expect(fields["a"] == 3)
        let literal: JSONObject = ["a": 1, "b": 2, "a": 3]
        #expect(literal == fields)
    }

    @Test func twoObjectsWithTheSameMembersInAnotherOrderAreEqualAndHashAlike() throws {
        let one = try Self.read(#"{"a":1,"b":[true,null]}"#)
        let other = try Self.read(#"{"b":[true,null],"a":1}"#)
        #expect(one == other)
        #expect(one.hashValue == other.hashValue)
        #expect(Set([JSONValue.object(one), .object(other)]).count == 1)
        #expect(one != (try Self.read(#"{"a":1,"b":[true]}"#)))
        #expect(one != (try Self.read(#"{"a":1}"#)))
        #expect(one != (try Self.read(#"{"a":1,"c":[true,null]}"#)))
    }

    @Test func removingAMemberKeepsTheOthersInOrderAndFindable() throws {
        var fields = try Self.read(#"{"a":1,"b":2,"c":3,"d":4}"#)
        #expect(fields.removeValue(forKey: "b") == 2)
        fields["c"] = nil
        #expect(fields.keys == ["a", "d"])
        #expect(fields["d"] == 4)
        fields["b"] = 5
        #expect(fields.keys == ["a", "d", "b"])
        #expect(fields.removeValue(forKey: "missing") == nil)
    }

    /// The same bytes back: keys sorted by `String`'s order, as before, and
    /// two spellings of one text in the order they came.
    @Test func itsJSONSortsTheKeysAndKeepsBothSpellings() throws {
        let text = "{\"b\":1,\"e\u{301}\":2,\"\u{E9}\":3,\"a\":4}"
        #expect(JSONValue.object(try Self.read(text)).json == "{\"a\":4,\"b\":1,\"e\u{301}\":2,\"\u{E9}\":3}")
    }

    /// A PATCH (RFC 7386) of one spelling of a key reaches only that one.
    @Test func aMergePatchTellsTheSpellingsApart() throws {
        var tags = ResourceCollection(path: "/tags", idField: "id", items: [])
        let item = "{\"id\":\"t\",\"\u{E9}\":1,\"keep\":true}"
        #expect(tags.answer(.create, id: nil, body: .object(try Self.read(item))).status == 201)
        let patch = try Self.read("{\"e\u{301}\":2,\"keep\":null}")
        #expect(tags.answer(.update, id: "t", body: .object(patch)).status == 200)
        let merged = try #require(tags.items.first)
        #expect(merged["\u{E9}"] == 1)
        #expect(merged["e\u{301}"] == 2)
        #expect(merged["keep"] == nil)
    }
}
