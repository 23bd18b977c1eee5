import OpenAPIKit
import SwitchboardJSON
import SwitchboardSpec
import Testing

/// Each rule of the sampler on a small schema; every sample is also held
/// to `SchemaCheck` (and, in `SchemaCrossCheckTests`, to Python's
/// validator).
@Suite struct SchemaSampleTests {
    typealias T = SchemaTesting

    /// The samples for seeds 0..<20, each checked to satisfy the schema.
    func samples(
        _ schema: JSONSchema, _ components: OpenAPI.Components = .noComponents,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [JSONValue] {
        (UInt64(0)..<20).map { seed in
            let value = SchemaSample.value(for: schema, in: components, seed: seed)
            let found = SchemaCheck.violations(of: value, against: schema, in: components, at: "body")
            #expect(found.isEmpty, "seed \(seed): \(value.json) \(found)", sourceLocation: sourceLocation)
            return value
        }
    }

    @Test func theSameSeedGivesTheSameValueAndOthersVary() throws {
        let schema = try T.schema(
            #"{"type": "object", "required": ["id", "name"], "properties": {"id": {"type": "integer"}, "name": {"type": "string"}, "at": {"type": "string", "format": "date-time"}}}"#
        )
        let values = self.samples(schema)
        #expect(values == self.samples(schema))
        #expect(Set(values).count > 10)
    }

    @Test func objectsHaveRequiredAndOptionalProperties() throws {
        let schema = try T.schema(
            #"{"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}, "tag": {"type": "string"}}, "additionalProperties": false}"#
        )
        for value in self.samples(schema) {
            #expect(value["id"] != nil && value["tag"] != nil)
        }
    }

    @Test func formatsAreSatisfied() throws {
        for format in [
            "date-time", "date", "time", "uuid", "email", "uri", "url", "uri-reference", "hostname", "ipv4", "ipv6",
            "byte",
        ] {
            let values = self.samples(try T.schema(#"{"type": "string", "format": "\#(format)"}"#))
            #expect(Set(values).count > 1, "\(format)")
        }
        #expect(
            SchemaSample.value(for: try T.schema(#"{"type": "string", "format": "email"}"#), in: .noComponents, seed: 1)
                .text.hasSuffix("@example.com"))
    }

    @Test func enumConstAndTheSchemasOwnExampleOrDefault() throws {
        let colours = Set(self.samples(try T.schema(#"{"type": "string", "enum": ["red", "green", "blue"]}"#)))
        #expect(colours == ["red", "green", "blue"])
        #expect(Set(self.samples(try T.schema(#"{"const": "fixed"}"#))) == ["fixed"])
        #expect(Set(self.samples(try T.schema(#"{"type": "integer", "examples": [42]}"#))) == [42])
        #expect(Set(self.samples(try T.schema30(#"{"type": "integer", "example": 7}"#))) == [7])
        #expect(Set(self.samples(try T.schema(#"{"type": "integer", "default": 5}"#))) == [5])
        // An example that breaks its own schema is not used.
        let wrong = self.samples(try T.schema(#"{"type": "integer", "maximum": 3, "examples": [42]}"#))
        #expect(!wrong.contains(42))
    }

    @Test func numbersKeepToBoundsAndMultiples() throws {
        let schemas = [
            #"{"type": "integer", "minimum": 1, "maximum": 3}"#,
            #"{"type": "integer", "exclusiveMinimum": 0, "exclusiveMaximum": 2}"#,
            #"{"type": "integer", "minimum": -7, "multipleOf": 5}"#,
            #"{"type": "integer", "maximum": -1000}"#,
            #"{"type": "integer", "format": "int32", "minimum": 2147483640}"#,
            #"{"type": "integer", "minimum": -9000000000000000000, "maximum": 9000000000000000000}"#,
            #"{"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 0.01}"#,
            #"{"type": "number", "minimum": 1.5, "maximum": 1.5}"#,
            #"{"type": "number", "multipleOf": 0.25, "minimum": 10}"#,
        ]
        for json in schemas { _ = self.samples(try T.schema(json)) }
        let exclusive30 = try T.schema30(
            #"{"type": "number", "minimum": 0, "exclusiveMinimum": true, "maximum": 1, "exclusiveMaximum": true}"#)
        _ = self.samples(exclusive30)
        #expect(
            Set(self.samples(try T.schema(#"{"type": "integer", "exclusiveMinimum": 0, "exclusiveMaximum": 2}"#))) == [
                1
            ])
    }

    @Test func stringsKeepToLengthsAndSimplePatterns() throws {
        _ = self.samples(try T.schema(#"{"type": "string", "minLength": 12}"#))
        _ = self.samples(try T.schema(#"{"type": "string", "maxLength": 2}"#))
        _ = self.samples(try T.schema(#"{"type": "string", "minLength": 0, "maxLength": 0}"#))
        let patterns = [
            "^[a-z]+$", #"^[A-Z]{3}-\\d{4}$"#, #"^[1-9]\\d*$"#, "^[a-zA-Z_][-a-zA-Z0-9_]*$", #"^\\+?[0-9 ()-]{7,15}$"#,
            #"(\\{user_question\\}[\\s\\S]*?\\{content\\}|\\{content\\}[\\s\\S]*?\\{user_question\\})"#,
            "^(?:cat|dog)s?$", #"^[^\\s@]+@[^\\s@]+$"#, #"^\\u00e9+$"#, "^#[0-9a-fA-F]{6}$",
        ]
        for pattern in patterns {
            _ = self.samples(try T.schema(#"{"type": "string", "pattern": "\#(pattern)"}"#))
        }
        _ = self.samples(try T.schema(#"{"type": "string", "pattern": "^[a-z]+$", "minLength": 8, "maxLength": 9}"#))
    }

    /// Each string and each array is held to its limit, but arrays of long
    /// strings multiply them: `minItems: 1000` twice over strings of
    /// `minLength: 65536` asked for 65 GB, and the server's first answer
    /// made it (a smaller 655 MB took 104 s). A string's length costs steps.
    @Test(.ownThreads) func longStringsInNestedArraysEndAtTheStepsInsteadOfExhaustingMemory() throws {
        let schema = try T.schema(
            #"{"type": "array", "minItems": 20, "items": {"type": "array", "minItems": 40, "items": {"type": "string", "minLength": 65536}}}"#
        )
        let value = SchemaSample.value(for: schema, in: .noComponents, seed: 1)
        // 20 × 40 strings of 65,536 would be 52 MB.
        #expect(value.json.utf8.count < 17_000_000)
        #expect(value[0]?[0]?.text.count == 65_536)
    }

    @Test func absurdLengthsAndCountsGiveASmallerHonestValueInsteadOfExhaustingMemory() throws {
        let long = try T.schema(#"{"type": "string", "minLength": 1000000000}"#)
        #expect(SchemaSample.value(for: long, in: .noComponents, seed: 1).text.unicodeScalars.count == 65_536)
        let many = try T.schema(#"{"type": "array", "minItems": 1000000000, "items": {"type": "integer"}}"#)
        guard case .array(let items) = SchemaSample.value(for: many, in: .noComponents, seed: 1) else {
            Issue.record("not an array")
            return
        }
        #expect(items.count == 1_000)
        let repeated = try T.schema(#"{"type": "string", "pattern": "^a{20000}$"}"#)
        #expect(
            T.lines(SchemaSample.value(for: repeated, in: .noComponents, seed: 1), repeated) == [
                "body: must match ^a{20000}$"
            ])
    }

    /// Nested quantifiers each added the repetitions a minimum length asks
    /// for, so they multiplied: `^((a+)+)+$` with `minLength: 100000` asked
    /// for 65,536³ characters and `serve`, `import` and `check --against`
    /// grew until killed. The string grows to its length once, and a pattern
    /// whose counts alone multiply past the longest string is not written.
    @Test(.ownThreads) func nestedQuantifiersGrowAPatternsStringToItsMinimumLengthOnce() throws {
        for (pattern, minLength) in [("^((a+)+)+$", 100), ("^(a{2,}){3,}$", 50), ("^(?:[a-z]+-?)+$", 40)] {
            let schema = try T.schema(#"{"type": "string", "pattern": "\#(pattern)", "minLength": \#(minLength)}"#)
            for value in self.samples(schema) {
                #expect(value.text.count < minLength * 2, "\(pattern): \(value.text.count) characters")
            }
        }
        // 100 × 100 × 100 characters: past the longest string a sample
        // has, so the pattern is not followed (the word does not match).
        let multiplied = try T.schema(#"{"type": "string", "pattern": "^((a{100}){100}){100}$"}"#)
        let value = SchemaSample.value(for: multiplied, in: .noComponents, seed: 1)
        #expect(value.text.count <= 65_536)
        #expect(T.lines(value, multiplied) == ["body: must match ^((a{100}){100}){100}$"])
        // The attacks as sent: each ran the process out of memory.
        let attack = try T.schema(#"{"type": "string", "pattern": "^((a+)+)+$", "minLength": 100000}"#)
        #expect(SchemaSample.value(for: attack, in: .noComponents, seed: 1).text.count <= 131_072)
        let doubled = try T.schema(#"{"type": "string", "pattern": "^(a{2,}){3,}$", "minLength": 50000}"#)
        let made = SchemaSample.value(for: doubled, in: .noComponents, seed: 1)
        #expect(T.lines(made, doubled).isEmpty && made.text.count < 100_000)
    }

    @Test func aPatternBeyondTheSimpleOnesGivesAnHonestWord() throws {
        // A lookahead is not read: the sample is a plain word, which the
        // check then says does not match (nothing pretends otherwise).
        let schema = try T.schema(#"{"type": "string", "pattern": "^(?=.*[0-9])[0-9]{2}$"}"#)
        let value = SchemaSample.value(for: schema, in: .noComponents, seed: 3)
        #expect(T.lines(value, schema) == ["body: must match ^(?=.*[0-9])[0-9]{2}$"])
    }

    @Test func arraysHaveOneOrTwoItemsWithinTheirCounts() throws {
        let plain = self.samples(try T.schema(#"{"type": "array", "items": {"type": "integer"}}"#))
        #expect(Set(plain.map { $0.arrayCount }) == [1, 2])
        let three = self.samples(try T.schema(#"{"type": "array", "minItems": 3, "items": {"type": "string"}}"#))
        #expect(Set(three.map { $0.arrayCount }) == [3])
        let one = self.samples(try T.schema(#"{"type": "array", "maxItems": 1, "items": {"type": "string"}}"#))
        #expect(Set(one.map { $0.arrayCount }) == [1])
        let unique = self.samples(
            try T.schema(#"{"type": "array", "minItems": 2, "uniqueItems": true, "items": {"type": "boolean"}}"#))
        #expect(Set(unique.map { $0.arrayCount }) == [2])
        _ = self.samples(try T.schema(#"{"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}]}"#))
    }

    @Test func allOfIsMergedAndItsRequiredPropertiesKept() throws {
        let components = try T.components(
            #"{"Base": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string", "format": "uuid"}, "kind": {"type": "string", "enum": ["a", "b"]}}},"#
                + ##" "Thing": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object", "required": ["kind", "size"], "properties": {"kind": {"enum": ["b"]}, "size": {"type": "integer", "minimum": 10}}}]}}"##
        )
        for value in self.samples(T.component("Thing", in: components), components) {
            #expect(value["kind"] == "b" && value["id"] != nil && value["size"] != nil)
        }
        let scalars = try T.schema(#"{"allOf": [{"type": "integer"}, {"minimum": 500}, {"maximum": 501}]}"#)
        #expect(Set(self.samples(scalars)).isSubset(of: [500, 501]))
    }

    @Test func oneOfAndAnyOfTakeTheFirstValidBranchWithTheDiscriminatorSet() throws {
        let components = try T.components(SchemaCheckTests.pets)
        for value in self.samples(T.component("Pet", in: components), components) {
            #expect(value["kind"] == "Cat")
        }
        let dogFirst = try T.components(
            SchemaCheckTests.pets.replacingOccurrences(
                of: ##"[{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}]"##,
                with: ##"[{"$ref": "#/components/schemas/Dog"}, {"$ref": "#/components/schemas/Cat"}]"##))
        for value in self.samples(T.component("Pet", in: dogFirst), dogFirst) {
            #expect(value["kind"] == "dog")
        }
        // The first branch also matches the second: oneOf skips it, anyOf takes it.
        let overlapping =
            #"[{"type": "integer", "minimum": 0, "maximum": 1}, {"type": "number", "minimum": 0, "maximum": 1}]"#
        for value in self.samples(try T.schema(#"{"oneOf": \#(overlapping)}"#)) { #expect(value.isFraction) }
        _ = self.samples(try T.schema(#"{"anyOf": \#(overlapping)}"#))
        _ = self.samples(try T.schema(#"{"not": {"type": "string"}}"#))
    }

    @Test func nullableAndTypeArraysGiveAValue() throws {
        for value in self.samples(try T.schema(#"{"type": ["string", "null"], "minLength": 2}"#)) {
            #expect(value != .null)
        }
        for value in self.samples(try T.schema30(#"{"type": "integer", "nullable": true}"#)) {
            #expect(value != .null)
        }
    }

    @Test func recursionIsBounded() throws {
        let components = try T.components(
            """
            {"Node": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"},
              "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}},
              "parent": {"$ref": "#/components/schemas/Node"}}},
             "Chain": {"type": "object", "required": ["next"], "properties": {"next": {"oneOf": [{"$ref": "#/components/schemas/Chain"}, {"type": "null"}]}}},
             "Nullable": {"type": ["object", "null"], "required": ["again"], "properties": {"again": {"$ref": "#/components/schemas/Nullable"}}}}
            """
        )
        for value in self.samples(T.component("Node", in: components), components) {
            // Inside the first Node entered, the optional recursive properties are left out.
            #expect(value["parent"] != nil && value["parent"]["parent"] == nil, "\(value.json)")
            #expect(value["children"][0] != nil && value["children"][0]["children"] == nil, "\(value.json)")
        }
        // Entered through a reference, the Node is inside itself at once.
        let reference = JSONSchema.reference(.component(named: "Node"))
        for value in self.samples(reference, components) {
            #expect(value["children"] == nil && value["parent"] == nil, "\(value.json)")
        }
        // A required recursive property ends in the smallest valid value.
        for value in self.samples(.reference(.component(named: "Chain")), components) {
            #expect(value == ["next": ["next": .null]])
        }
        for value in self.samples(.reference(.component(named: "Nullable")), components) {
            #expect(value == ["again": .null])
        }
        // A cycle of references that never reaches a value ends too.
        let loop = try T.components(##"{"Loop": {"allOf": [{"$ref": "#/components/schemas/Loop"}]}}"##)
        #expect(SchemaSample.value(for: .reference(.component(named: "Loop")), in: loop, seed: 1) == .null)
    }
}

extension JSONValue {
    fileprivate var arrayCount: Int {
        if case .array(let items) = self { items.count } else { -1 }
    }

    fileprivate var isFraction: Bool {
        if case .number(let number) = self { number != number.rounded() } else { false }
    }
}

/// Making a sample is bounded like checking a value: a description whose
/// schemas name themselves twice over would otherwise be sampled for ever
/// (2^64 branches), and `check` or the server's start with it.
@Suite struct SchemaSampleBudgetTests {
    @Test(.ownThreads) func aSchemaThatDoublesAtEachLevelGivesANullSampleAfterItsSteps() throws {
        for combinator in ["oneOf", "allOf"] {
            let components = try SchemaTesting.components(
                ##"{"A": {"\##(combinator)": [{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/A"}]}}"##
            )
            let value = SchemaSample.value(
                for: SchemaTesting.component("A", in: components), in: components, seed: 1)
            #expect(value == .null || value == .object([:]), "\(combinator): \(value)")
        }
    }
}
