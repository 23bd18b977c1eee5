import OpenAPIKit
import SwitchboardSpec
import Testing

/// Descriptions Prism serves and OpenAPIKit, by the letter of OpenAPI,
/// refuses: each shape `SpecMend` lists, in a document of its own, is
/// served, with a warning on the line of what was mended.
@Suite struct SpecMendTests {
    struct Shape: Sendable, CustomTestStringConvertible {
        let mend: SpecMend
        /// The line the warning names.
        let line: Int
        let text: String
        var testDescription: String { self.mend.rawValue }
    }

    static let info = "info: {title: t, version: \"1\"}"

    static let shapes: [Shape] = [
        Shape(
            mend: .noInfo, line: 1,
            text: """
                openapi: 3.0.2
                paths:
                  /todos:
                    get:
                      responses:
                        '200': {description: ok}
                """),
        Shape(
            mend: .infoField, line: 2,
            text: """
                openapi: 3.0.2
                info: {title: t}
                paths: {}
                """),
        Shape(
            mend: .responseDescription, line: 7,
            text: """
                openapi: 3.1.0
                \(info)
                paths:
                  /todos:
                    get:
                      responses:
                        '200':
                          content:
                            application/json:
                              example: [1]
                """),
        Shape(
            mend: .parameterSchema, line: 7,
            text: """
                openapi: 3.0.2
                \(info)
                paths:
                  /todos/{id}:
                    get:
                      parameters:
                        - name: id
                          in: path
                          required: true
                      responses:
                        '200': {description: ok}
                """),
        Shape(
            mend: .contentKey, line: 9,
            text: """
                openapi: 3.0.2
                \(info)
                paths:
                  /todos:
                    get:
                      responses:
                        '200':
                          content:
                            description: the list
                            application/json:
                              example: [1]
                          description: ok
                """),
        Shape(
            mend: .exampleBesideExamples, line: 11,
            text: """
                openapi: 3.0.2
                \(info)
                paths:
                  /todos:
                    get:
                      responses:
                        '200':
                          description: ok
                          content:
                            application/json:
                              example: [1]
                              examples:
                                two: {value: [2]}
                """),
        Shape(
            mend: .flowScopes, line: 8,
            text: """
                openapi: 3.0.2
                \(info)
                components:
                  securitySchemes:
                    oauth:
                      type: oauth2
                      flows:
                        implicit:
                          authorizationUrl: https://example.com/authorize
                paths: {}
                """),
        Shape(
            mend: .integerBound, line: 11,
            text: """
                openapi: 3.0.2
                \(info)
                paths:
                  /todos:
                    get:
                      parameters:
                        - name: seed
                          in: query
                          schema:
                            type: integer
                            maximum: 9223372036854776000
                      responses:
                        '200': {description: ok}
                """),
        Shape(
            mend: .booleanExclusiveBound, line: 12,
            text: """
                openapi: 3.1.0
                \(info)
                paths:
                  /todos:
                    get:
                      parameters:
                        - name: temperature
                          in: query
                          schema:
                            type: number
                            minimum: 0
                            exclusiveMinimum: true
                      responses:
                        '200': {description: ok}
                """),
        Shape(
            mend: .nullable, line: 11,
            text: """
                openapi: 3.1.0
                \(info)
                paths:
                  /todos:
                    get:
                      parameters:
                        - name: user
                          in: query
                          schema:
                            type: string
                            nullable: true
                      responses:
                        '200': {description: ok}
                """),
        Shape(
            mend: .schemaReference, line: 10,
            text: """
                openapi: 3.1.0
                \(info)
                paths:
                  /todos:
                    get:
                      responses:
                        '200':
                          description: ok
                          content:
                            application/json: {schema: {$ref: '#/components/schemas/Todo'}}
                """),
    ]

    @Test func everyMendHasADocumentOfItsShape() {
        #expect(Set(Self.shapes.map(\.mend)) == Set(SpecMend.allCases))
    }

    @Test(arguments: shapes)
    func aDescriptionOfTheShapeIsServed(shape: Shape) throws {
        let document = try SpecLoader.load(bytes: Array(shape.text.utf8))
        #expect(document.operations.count == (shape.mend == .infoField || shape.mend == .flowScopes ? 0 : 1))
    }

    @Test(arguments: shapes)
    func theMendIsAWarningOnItsLine(shape: Shape) throws {
        let document = try SpecLoader.load(bytes: Array(shape.text.utf8))
        try #require(document.warnings.count == 1, "\(document.warnings.map(\.message))")
        #expect(document.warnings[0].line == shape.line)
        #expect(document.warnings[0].fix != nil)
    }

    /// A JSON description's warnings name lines too (found in the YAML tree
    /// of the same text, as a decoding error's are).
    @Test func aJSONDescriptionsWarningNamesItsLine() throws {
        let document = try SpecLoader.load(
            bytes: Array(
                """
                {"openapi": "3.0.2",
                 "paths": {"/todos": {"get": {"responses": {
                   "200": {}}}}}}
                """.utf8))
        #expect(document.warnings.map(\.line) == [1, 3])
        #expect(document.warnings.map(\.message).first?.contains("no `info`") == true)
    }

    /// What each mend reads is what the warning says.
    @Test func anIntegerBoundPastInt64IsClampedAndAFractionRoundedInwards() throws {
        let document = try SpecLoader.load(
            bytes: Array(
                """
                openapi: 3.0.2
                \(Self.info)
                paths:
                  /todos:
                    get:
                      parameters:
                        - {name: seed, in: query, schema: {type: integer, minimum: -9223372036854776000, maximum: 9223372036854776000}}
                        - {name: page, in: query, schema: {type: integer, minimum: 0.5, maximum: 9.5}}
                      responses:
                        '200': {description: ok}
                """.utf8))
        let bounds = try document.operations[0].parameters.map { parameter in
            let context = try #require(parameter.schema?.integerContext)
            return [context.minimum?.value, context.maximum?.value]
        }
        #expect(bounds == [[Int.min, Int.max], [1, 9]])
        #expect(document.warnings.count == 3)
        #expect(document.warnings[0].message.contains("past what an integer holds; read as 9223372036854775807"))
    }

    @Test func aBooleanExclusiveBoundIn31IsTheBoundMadeExclusive() throws {
        let document = try SpecLoader.load(
            bytes: Array(
                """
                openapi: 3.1.0
                \(Self.info)
                paths:
                  /todos:
                    get:
                      parameters:
                        - {name: a, in: query, schema: {type: number, minimum: 0, exclusiveMinimum: true, maximum: 2, exclusiveMaximum: false}}
                        - {name: b, in: query, schema: {type: integer, maximum: 10, exclusiveMaximum: true}}
                      responses:
                        '200': {description: ok}
                """.utf8))
        let a = try #require(document.operations[0].parameters[0].schema?.numberContext)
        #expect(a.minimum?.value == 0 && a.minimum?.exclusive == true)
        #expect(a.maximum?.value == 2 && a.maximum?.exclusive == false)
        let b = try #require(document.operations[0].parameters[1].schema?.integerContext)
        #expect(b.maximum?.value == 10 && b.maximum?.exclusive == true)
        #expect(document.warnings.count == 3)
    }

    @Test func nullableIn31AllowsNull() throws {
        let shape = try #require(Self.shapes.first { $0.mend == .nullable })
        let document = try SpecLoader.load(bytes: Array(shape.text.utf8))
        #expect(document.operations[0].parameters[0].schema?.nullable == true)
    }

    /// Data is not walked: an example holding `nullable` or a property
    /// named `content` is no schema keyword or content map, and a correct
    /// description has nothing to mend.
    @Test func examplesAndPropertiesAreNotMended() throws {
        let document = try SpecLoader.load(
            bytes: Array(
                """
                openapi: 3.1.0
                \(Self.info)
                paths:
                  /todos:
                    get:
                      responses:
                        '200':
                          description: ok
                          content:
                            application/json:
                              schema:
                                type: object
                                properties:
                                  content: {type: string}
                                  responses: {type: integer, minimum: 1}
                              example: {nullable: true, exclusiveMinimum: true, content: x}
                """.utf8))
        #expect(document.warnings.isEmpty)
    }

    /// Another file, a place inside a schema, and a name `components` does
    /// not have are each told apart; a reference that is there is not.
    @Test func aSchemaReferenceSaysWhyItCannotBeFollowed() throws {
        let document = try SpecLoader.load(
            bytes: Array(
                """
                openapi: 3.0.2
                \(Self.info)
                components:
                  schemas:
                    Todo:
                      type: object
                      properties:
                        owner: {$ref: 'people.yaml#/Person'}
                        title: {$ref: '#/components/schemas/Todo/properties/name'}
                        tags: {type: array, items: {$ref: '#/components/schemas/Tag'}}
                        self: {$ref: '#/components/schemas/Todo'}
                paths: {}
                """.utf8))
        #expect(document.warnings.map(\.line) == [8, 9, 10])
        #expect(document.warnings[0].message.contains("another file"))
        #expect(document.warnings[1].message.contains("inside a schema"))
        #expect(document.warnings[2].message.contains("names nothing in `components.schemas`"))
    }
}
