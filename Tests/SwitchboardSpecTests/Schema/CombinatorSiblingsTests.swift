import Foundation
import OpenAPIKit
import SwitchboardJSON
import SwitchboardSpec
import Testing
import Yams

@Suite struct CombinatorSiblingsTests {
    @Test func keywordsBesideAnAllOfBecomeOneMoreMemberAndAnnotationsStay() throws {
        let schema = try #require(
            JSONValue(
                bytes: Array(
                    ##"{"type": "object", "nullable": true, "description": "d", "example": {"b": 1}, "required": ["b"], "allOf": [{"$ref": "#/components/schemas/A"}]}"##
                        .utf8)))
        #expect(
            CombinatorSiblings.folded(schema).json
                == ##"{"allOf":[{"$ref":"#/components/schemas/A"},{"nullable":true,"required":["b"],"type":"object"}],"description":"d","example":{"b":1}}"##
        )
    }

    @Test func aOneOfBesideKeywordsOrAnotherCombinatorTakesItsDiscriminatorAlong() throws {
        let schema = try #require(
            JSONValue(
                bytes: Array(
                    #"{"oneOf": [{"type": "string"}], "anyOf": [{"minLength": 1}], "discriminator": {"propertyName": "k"}, "properties": {"k": {}}}"#
                        .utf8)))
        #expect(
            CombinatorSiblings.folded(schema).json
                == #"{"allOf":[{"anyOf":[{"minLength":1}],"discriminator":{"propertyName":"k"}},{"discriminator":{"propertyName":"k"},"oneOf":[{"type":"string"}]},{"properties":{"k":{}}}]}"#
        )
    }

    @Test func aCombinatorAloneAndExamplesAreLeftAsWritten() throws {
        let text = #"{"allOf": [{"type": "string"}], "description": "d", "example": {"allOf": [1], "type": "x"}}"#
        let schema = try #require(JSONValue(bytes: Array(text.utf8)))
        #expect(CombinatorSiblings.folded(schema) == schema)
    }

    @Test func yamlKeepsItsOrderAndLines() throws {
        let yaml = """
            Thing:
              description: a thing
              type: object
              required: [size]
              allOf:
                - $ref: '#/components/schemas/Base'
              x-note: kept
            """
        let node = try #require(try Yams.compose(yaml: yaml))
        let folded = CombinatorSiblings.folded(node)
        #expect(
            try Yams.serialize(node: folded) == """
                Thing:
                  description: a thing
                  x-note: kept
                  allOf:
                  - $ref: '#/components/schemas/Base'
                  - type: object
                    required:
                    - size

                """)
        #expect(folded["Thing"]?["allOf"]?.mark?.line == 6)
    }

    /// What the fold is for: OpenAPIKit drops a `required` beside `allOf`,
    /// so without the fold a value missing it passes.
    @Test func aRequiredPropertyBesideAllOfIsCheckedOnceFolded() throws {
        let schemas =
            ##"{"A": {"type": "object", "properties": {"a": {"type": "string"}}}, "B": {"type": "object", "required": ["b"], "allOf": [{"$ref": "#/components/schemas/A"}]}}"##
        let folded = try SchemaTesting.components(schemas)
        let value: JSONValue = ["a": "x"]
        let violations = SchemaCheck.violations(
            of: value, against: SchemaTesting.component("B", in: folded), in: folded, at: "body")
        #expect(violations.map(\.description) == ["body: missing required property b"])
        let raw = try SchemaTesting.components(schemas, folding: false)
        #expect(
            SchemaCheck.violations(of: value, against: SchemaTesting.component("B", in: raw), in: raw, at: "body")
                .isEmpty)
    }
}
