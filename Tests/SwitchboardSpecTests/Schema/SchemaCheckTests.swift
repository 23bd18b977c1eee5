import OpenAPIKit
import SwitchboardJSON
import SwitchboardModel
import SwitchboardSpec
import Testing

/// Each keyword on a small schema: what passes, and the exact words of
/// what does not.
@Suite struct SchemaCheckTests {
    typealias T = SchemaTesting

    @Test func typesIncludingIntegerApartFromNumber() throws {
        #expect(T.lines("x", try T.schema(#"{"type": "number"}"#)) == ["body: expected number"])
        #expect(T.lines(1.5, try T.schema(#"{"type": "integer"}"#)) == ["body: expected integer"])
        #expect(T.lines(2, try T.schema(#"{"type": "integer"}"#)).isEmpty)
        #expect(T.lines(2.5, try T.schema(#"{"type": "number"}"#)).isEmpty)
        #expect(T.lines(1, try T.schema(#"{"type": "boolean"}"#)) == ["body: expected boolean"])
        #expect(T.lines([], try T.schema(#"{"type": "object"}"#)) == ["body: expected object"])
        #expect(T.lines([:], try T.schema(#"{"type": "array"}"#)) == ["body: expected array"])
        #expect(T.lines(1, try T.schema(#"{"type": "string"}"#)) == ["body: expected string"])
        #expect(T.lines(0, try T.schema(#"{"type": "null"}"#)) == ["body: expected null"])
        #expect(T.lines(.null, try T.schema(#"{"type": "string"}"#)) == ["body: expected string"])
        #expect(T.lines(["any": [1, "two"]], try T.schema("{}")).isEmpty)
    }

    @Test func nullFromA31TypeArrayOrA30Nullable() throws {
        let typeArray = try T.schema(#"{"type": ["string", "null"]}"#)
        #expect(T.lines(.null, typeArray).isEmpty)
        #expect(T.lines("a", typeArray).isEmpty)
        #expect(T.lines(1, typeArray) == ["body: expected string or null"])
        let nullable = try T.schema30(#"{"type": "integer", "nullable": true}"#)
        #expect(T.lines(.null, nullable).isEmpty)
        #expect(T.lines("1", nullable) == ["body: expected integer or null"])
        #expect(T.lines(.null, try T.schema30(#"{"type": "integer"}"#)) == ["body: expected integer"])
    }

    @Test func enumAndConst() throws {
        let colours = try T.schema(#"{"type": "string", "enum": ["red", "green"]}"#)
        #expect(T.lines("red", colours).isEmpty)
        #expect(T.lines("blue", colours) == [#"body: must be one of "red", "green""#])
        #expect(T.lines(2, try T.schema(#"{"const": 1}"#)) == ["body: must be 1"])
        let many = try T.schema(#"{"enum": [1, 2, 3, 4, 5, 6]}"#)
        #expect(T.lines(7, many) == ["body: must be one of 1, 2, 3, 4, 5, …"])
        // A nullable enum still needs null among its values (as OpenAPI 3.0.3 says).
        #expect(
            T.lines(.null, try T.schema30(#"{"type": "string", "nullable": true, "enum": ["a"]}"#)) == [
                #"body: must be "a""#
            ])
    }

    @Test func boundsExclusiveOrNotAndMultiples() throws {
        let inclusive = try T.schema(#"{"type": "integer", "minimum": 1, "maximum": 100}"#)
        #expect(T.lines(1, inclusive).isEmpty)
        #expect(T.lines(100, inclusive).isEmpty)
        #expect(T.lines(0, inclusive) == ["body: must be ≥ 1"])
        #expect(T.lines(101, inclusive) == ["body: must be ≤ 100"])
        let exclusive31 = try T.schema(#"{"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1.5}"#)
        #expect(T.lines(0, exclusive31) == ["body: must be > 0"])
        #expect(T.lines(1.5, exclusive31) == ["body: must be < 1.5"])
        #expect(T.lines(0.5, exclusive31).isEmpty)
        let exclusive30 = try T.schema30(
            #"{"type": "number", "minimum": 0, "exclusiveMinimum": true, "maximum": 10, "exclusiveMaximum": true}"#)
        #expect(T.lines(0, exclusive30) == ["body: must be > 0"])
        #expect(T.lines(10, exclusive30) == ["body: must be < 10"])
        #expect(T.lines(7, try T.schema(#"{"type": "integer", "multipleOf": 5}"#)) == ["body: must be a multiple of 5"])
        #expect(T.lines(0.75, try T.schema(#"{"type": "number", "multipleOf": 0.25}"#)).isEmpty)
        #expect(
            T.lines(0.8, try T.schema(#"{"type": "number", "multipleOf": 0.25}"#)) == [
                "body: must be a multiple of 0.25"
            ])
    }

    @Test func integerFormatsKeepToTheirRange() throws {
        let int32 = try T.schema(#"{"type": "integer", "format": "int32"}"#)
        #expect(T.lines(2_147_483_647, int32).isEmpty)
        #expect(T.lines(2_147_483_648, int32) == ["body: does not fit in int32"])
    }

    @Test func lengthsCountCharactersAndPatternsSearch() throws {
        let name = try T.schema(#"{"type": "string", "minLength": 2, "maxLength": 3, "pattern": "^[a-zé]+$"}"#)
        #expect(T.lines("éé", name).isEmpty)
        #expect(T.lines("a", name) == ["body: must be at least 2 characters"])
        #expect(T.lines("abcd", name) == ["body: must be at most 3 characters"])
        #expect(T.lines("A1", name) == ["body: must match ^[a-zé]+$"])
        // Unanchored: somewhere in the string is enough.
        #expect(T.lines("xx42yy", try T.schema(#"{"type": "string", "pattern": "\\d+"}"#)).isEmpty)
    }

    @Test func checkableFormats() throws {
        func check(_ format: String, good: [String], bad: [String]) throws {
            let schema = try T.schema(#"{"type": "string", "format": "\#(format)"}"#)
            for text in good { #expect(T.lines(.string(text), schema).isEmpty, "\(format): \(text)") }
            for text in bad {
                #expect(T.lines(.string(text), schema) == ["body: not a valid \(format)"], "\(format): \(text)")
            }
        }
        try check(
            "date-time", good: ["2025-02-28T23:59:60Z", "2024-02-29t10:00:00.123+05:30"],
            bad: ["2025-02-29T10:00:00Z", "2025-01-01 10:00:00Z", "2025-01-01T10:00:00", "2025-13-01T10:00:00Z"])
        try check("date", good: ["2025-12-31"], bad: ["2025-1-1", "2025-04-31"])
        try check(
            "uuid", good: ["123e4567-e89b-42d3-a456-426614174000"],
            bad: ["123e4567e89b42d3a456426614174000", "g23e4567-e89b-42d3-a456-426614174000"])
        try check("email", good: ["ann@example.com"], bad: ["ann.example.com", "ann @example.com", "@example.com"])
        try check(
            "uri", good: ["https://example.com/a?b=c", "urn:isbn:123"], bad: ["/relative/path", "https://exa mple.com"])
        try check("ipv4", good: ["192.0.2.1"], bad: ["256.0.0.1", "01.2.3.4", "1.2.3"])
        try check(
            "ipv6", good: ["2001:db8::1", "::1", "::ffff:192.0.2.1", "1:2:3:4:5:6:7:8"],
            bad: ["1:2:3:4:5:6:7:8:9", "2001:db8:::1", "12345::"])
        try check("byte", good: ["U3dpdGNo", "YQ=="], bad: ["YQ=", "not base64!"])
        // Formats nobody can check are annotations.
        #expect(T.lines("anything", try T.schema(#"{"type": "string", "format": "token"}"#)).isEmpty)
        // Box's `url` too: no JSON Schema format, so validators let anything by.
        #expect(T.lines("/files/1", try T.schema(#"{"type": "string", "format": "url"}"#)).isEmpty)
    }

    @Test func requiredPropertiesAndWhereTheyAreMissing() throws {
        let pet = try T.schema(
            #"{"type": "object", "required": ["name", "tag"], "properties": {"name": {"type": "string"}, "price": {"type": "number"}}}"#
        )
        #expect(T.lines(["name": "Rex", "tag": 1], pet).isEmpty)
        #expect(
            T.lines(["price": "9"], pet) == [
                "body: missing required property name", "body.price: expected number",
                "body: missing required property tag",
            ])
    }

    @Test func additionalAndPatternProperties() throws {
        let closed = try T.schema(#"{"type": "object", "properties": {"a": {}}, "additionalProperties": false}"#)
        #expect(
            T.lines(["a": 1, "b": 2, "odd key": 3], closed) == [
                "body: unexpected property b", "body: unexpected property odd key",
            ])
        let map = try T.schema(#"{"type": "object", "additionalProperties": {"type": "integer"}}"#)
        #expect(
            T.lines(["x": 1, "y": "2", "odd key": true], map) == [
                #"body["odd key"]: expected integer"#, "body.y: expected integer",
            ])
        let patterned = try T.schema(
            #"{"type": "object", "patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": false}"#)
        #expect(
            T.lines(["x-a": "1", "x-b": 2, "y": "3"], patterned) == [
                "body.x-b: expected string", "body: unexpected property y",
            ])
    }

    @Test func propertyCounts() throws {
        let schema = try T.schema(#"{"type": "object", "minProperties": 1, "maxProperties": 2}"#)
        #expect(T.lines([:], schema) == ["body: must have at least 1 property"])
        #expect(T.lines(["a": 1, "b": 2, "c": 3], schema) == ["body: must have at most 2 properties"])
    }

    @Test func itemsPrefixItemsCountsAndUniqueness() throws {
        let prices = try T.schema(
            #"{"type": "array", "minItems": 1, "maxItems": 3, "uniqueItems": true, "items": {"type": "object", "properties": {"price": {"type": "number"}}}}"#
        )
        #expect(T.lines([["price": 1], ["price": "2"]], prices) == ["body[1].price: expected number"])
        #expect(T.lines([], prices) == ["body: must have at least 1 item"])
        #expect(
            T.lines([[:], ["a": 1], [:], ["b": 1]], prices) == [
                "body: must have at most 3 items", "body: items 0 and 2 are equal; items must be unique",
            ])
        let pair = try T.schema(
            #"{"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "items": {"type": "boolean"}}"#
        )
        #expect(T.lines(["a", 1, true], pair).isEmpty)
        #expect(
            T.lines([1, "a", 0], pair) == [
                "body[0]: expected string", "body[1]: expected integer", "body[2]: expected boolean",
            ])
    }

    @Test func allOfOneOfAnyOfNot() throws {
        let all = try T.schema(#"{"allOf": [{"type": "integer"}, {"minimum": 3}]}"#)
        #expect(T.lines(2, all) == ["body: must be ≥ 3"])
        let one = try T.schema(#"{"oneOf": [{"type": "integer"}, {"type": "number", "minimum": 0}]}"#)
        #expect(T.lines(-1, one).isEmpty)
        #expect(T.lines(1.5, one).isEmpty)
        #expect(T.lines(1, one) == ["body: matches 2 of the oneOf schemas, not exactly one"])
        #expect(T.lines("1", one) == ["body: matches none of the 2 oneOf schemas"])
        let any = try T.schema(#"{"anyOf": [{"type": "string"}, {"type": "integer"}]}"#)
        #expect(T.lines(1, any).isEmpty)
        #expect(T.lines(true, any) == ["body: matches none of the 2 anyOf schemas"])
        let not = try T.schema(#"{"not": {"type": "string"}}"#)
        #expect(T.lines(1, not).isEmpty)
        #expect(T.lines("a", not) == ["body: must not match the schema in not"])
    }

    static let pets = """
        {"Cat": {"type": "object", "required": ["kind", "claws"], "properties": {"kind": {"type": "string"}, "claws": {"type": "boolean"}}},
         "Dog": {"type": "object", "required": ["kind", "bark"], "properties": {"kind": {"type": "string"}, "bark": {"type": "string"}}},
         "Pet": {"oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}],
                 "discriminator": {"propertyName": "kind", "mapping": {"dog": "#/components/schemas/Dog"}}}}
        """

    @Test func aDiscriminatorPicksTheBranchTheValueIsCheckedAgainst() throws {
        let components = try T.components(Self.pets)
        let pet = T.component("Pet", in: components)
        #expect(T.lines(["kind": "dog", "bark": "woof"], pet, components).isEmpty)
        // Without a mapping entry, the value is the component's name.
        #expect(T.lines(["kind": "Cat", "claws": true], pet, components).isEmpty)
        #expect(T.lines(["kind": "dog", "claws": true], pet, components) == ["body: missing required property bark"])
        #expect(T.lines(["kind": "Lizard"], pet, components) == [#"body.kind: "Lizard" names no schema"#])
        #expect(T.lines(["bark": "woof"], pet, components) == ["body: missing discriminator property kind"])
        #expect(T.lines(["kind": 2], pet, components) == ["body.kind: expected string"])
        #expect(T.lines("dog", pet, components) == ["body: expected object"])
    }

    @Test func referencesAreFollowedThroughComponentsAndRecursionEndsWithTheValue() throws {
        let components = try T.components(
            ##"{"Node": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}}}}"##
        )
        let node = T.component("Node", in: components)
        let tree: JSONValue = ["name": "a", "children": [["name": "b", "children": [["name": 3]]]]]
        #expect(T.lines(tree, node, components) == ["body.children[0].children[0].name: expected string"])
        // A cycle of references that never reaches the value is cut short, not followed for ever.
        let loop = try T.components(
            ##"{"A": {"allOf": [{"$ref": "#/components/schemas/B"}]}, "B": {"allOf": [{"$ref": "#/components/schemas/A"}]}}"##
        )
        #expect(T.lines(1, T.component("A", in: loop), loop) == ["body: schema nested too deeply to check"])
    }

    /// Each of 21 components names the next twice: checking `1` against the
    /// first takes 2^21 visits of the last, more than a check may take on the
    /// event loop (`A: allOf: [$ref: A, $ref: A]` would take 2^128).
    @Test(.ownThreads) func aSchemaWhoseWorkDoublesAtEachLevelIsNotCheckedPastItsSteps() throws {
        let levels = (0..<21).map { index in
            let next = ##"{"$ref": "#/components/schemas/A\##(index + 1)"}"##
            return "\"A\(index)\": {\"allOf\": [\(next), \(next)]}"
        }
        let components = try T.components("{" + levels.joined(separator: ", ") + #", "A21": {"type": "integer"}}"#)
        #expect(
            T.lines(1, T.component("A0", in: components), components) == [
                "body: not checked: it takes more than 2000000 steps against its schema"
            ])
        // Five levels are checked as before.
        #expect(
            T.lines("x", T.component("A16", in: components), components).allSatisfy { $0 == "body: expected integer" })
    }

    /// `^(?:a{0,100}){0,200}b$` compiles to some 40,000 instructions, all
    /// alive on a run of `a`s: against 20 KB of them the matcher would take
    /// 8×10⁸ steps (13 s of an event loop). Its steps are the check's, so
    /// the value is not checked past them, and said so, not refused; a
    /// short value is checked as ever.
    @Test(.ownThreads) func aPatternWhoseMatchTakesTooManyStepsIsNotChecked() throws {
        let schema = try T.schema(#"{"type": "string", "pattern": "^(?:a{0,100}){0,200}b$"}"#)
        let attack = String(repeating: "a", count: 20_000)
        let found = SchemaCheck.violations(of: .string(attack), against: schema, in: .noComponents, at: "body")
        #expect(found.map(\.description) == ["body: not checked: it takes more than 2000000 steps against its schema"])
        #expect(found.map(\.kind) == [.unchecked])
        #expect(found.allSatisfy { !$0.refuses })
        #expect(T.lines("aaab", schema).isEmpty)
        #expect(T.lines("aaac", schema) == ["body: must match ^(?:a{0,100}){0,200}b$"])
        // The steps are the whole check's: an array of such values stops too.
        let items = try T.schema(
            #"{"type": "array", "items": {"type": "string", "pattern": "^(?:a{0,100}){0,200}b$"}}"#)
        let many = JSONValue.array(Array(repeating: .string(String(repeating: "a", count: 500)), count: 100))
        #expect(T.lines(many, items) == ["body: not checked: it takes more than 2000000 steps against its schema"])
    }

    /// 1 MiB of wrong items would be 500,000 problems in a 422 (29 MB) and
    /// in the journal.
    @Test func aCheckListsItsFirstHundredProblems() throws {
        let strings = try T.schema(#"{"type": "array", "items": {"type": "string"}}"#)
        let found = T.lines(.array(Array(repeating: 1, count: 1000)), strings)
        #expect(found.count == 101)
        #expect(found[99] == "body[99]: expected string")
        #expect(found.last == "body: more problems not listed: a check lists the first 100")
        let fields = JSONValue.object(JSONObject((0..<1000).map { (key: "p\($0)", value: JSONValue.number(1)) }))
        let typed = try T.schema(#"{"type": "object", "additionalProperties": {"type": "string"}}"#)
        #expect(T.lines(fields, typed).count == 101)
        #expect(T.lines(.array(Array(repeating: 1, count: 100)), strings).count == 100)
    }

    /// An enum's values are read once per check, not once per value held
    /// to them: 300 items against 10,000 values are well within the steps.
    @Test(.ownThreads) func manyValuesAgainstALargeEnumAreChecked() throws {
        let values = (0..<10_000).map { #""v\#($0)""# }.joined(separator: ",")
        let schema = try T.schema(#"{"type": "array", "items": {"type": "string", "enum": ["# + values + "]}}")
        let items = (0..<300).map { JSONValue.string("v\($0)") }
        #expect(T.lines(.array(items), schema) == [])
        #expect(
            T.lines(.array(items + ["w"]), schema) == [#"body[300]: must be one of "v0", "v1", "v2", "v3", "v4", …"#])
    }

    @Test func theLocationStartsWhereTheCallerSays() throws {
        let schema = try T.schema(#"{"type": "integer", "maximum": 100}"#)
        let found = SchemaCheck.violations(of: 101, against: schema, in: .noComponents, at: "query.limit")
        #expect(found == [ContractViolation(location: "query.limit", message: "must be ≤ 100")])
    }
}
