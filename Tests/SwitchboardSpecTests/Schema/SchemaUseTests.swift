import OpenAPIKit
import SwitchboardJSON
import SwitchboardSpec
import Testing

/// `readOnly` and `writeOnly`: a property the server assigns (an id) is not
/// required of a request, and one the client alone sends (a password) is
/// neither required of an answer nor generated into one.
@Suite struct SchemaUseTests {
    static func components() throws -> OpenAPI.Components {
        try SchemaTesting.components(
            #"""
            {"User": {"type": "object", "required": ["id", "name", "password"],
              "properties": {"id": {"$ref": "#/components/schemas/Id"}, "name": {"type": "string"},
                             "password": {"type": "string", "writeOnly": true}}},
             "Id": {"type": "integer", "readOnly": true}}
            """#)
    }

    static func check(_ json: String, for use: SchemaUse?) throws -> [String] {
        let components = try Self.components()
        return SchemaCheck.violations(
            of: try #require(JSONValue(bytes: Array(json.utf8))),
            against: SchemaTesting.component("User", in: components), in: components, at: "body", for: use
        ).map(\.description)
    }

    @Test func aRequestNeedNotHaveAReadOnlyPropertyNorAnAnswerAWriteOnlyOne() throws {
        let request = try Self.check(#"{"name":"ann","password":"s3cret"}"#, for: .request)
        #expect(request == [])
        let answer = try Self.check(#"{"id":1,"name":"ann"}"#, for: .response)
        #expect(answer == [])
        // Each is still required the other way, and without a use.
        #expect(
            try Self.check(#"{"id":1,"name":"ann"}"#, for: .request) == ["body: missing required property password"])
        #expect(
            try Self.check(#"{"name":"ann","password":"s3cret"}"#, for: .response) == [
                "body: missing required property id"
            ])
        #expect(try Self.check(#"{"name":"ann"}"#, for: nil).count == 2)
    }

    @Test func aGeneratedAnswerHasNoWriteOnlyPropertyAndARequestNoReadOnlyOne() throws {
        let components = try Self.components()
        let user = SchemaTesting.component("User", in: components)
        let answer = SchemaSample.value(for: user, in: components, seed: 1)
        #expect(answer["password"] == nil)
        #expect(answer["id"] != nil && answer["name"] != nil)
        let request = SchemaSample.value(for: user, in: components, seed: 1, use: .request)
        #expect(request["id"] == nil)
        #expect(request["password"] != nil)
    }
}
