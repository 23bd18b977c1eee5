import Foundation
import NIOHTTP1
import SwitchboardControl
import SwitchboardCore
import SwitchboardJSON
import SwitchboardModel
import SwitchboardTestSupport
import Testing

@testable import SwitchboardServer

/// `GET /__switchboard/openapi.json` describes the route table and nothing
/// else, under the control API's rules, and is OpenAPI 3.1 by the
/// OpenAPI Initiative's own validator.
@Suite struct ControlDescriptionTests {
    static func document(token: Bool = false) -> JSONValue {
        ControlDescription(serverURL: "http://127.0.0.1:8080", version: "1.0", token: token).document
    }

    @Test func everyRouteAndMethodOfTheTableIsAnOperationAndNothingElseIs() throws {
        let paths = try #require(Self.document()["paths"]?.objectFields)
        var expected: Set<String> = []
        for route in ControlRoute.allCases {
            let declaration = route.declaration
            let path = ControlRoute.prefix + declaration.path.map { "/" + $0.text }.joined()
            for method in declaration.methods {
                expected.insert("\(method.rawValue) \(path)")
                let operation = paths[path]?[method.rawValue.lowercased()]
                #expect(operation?["summary"] == .string(declaration.summary), "\(method) \(path)")
                let names = operation?["parameters"]?.arrayItems?.compactMap { $0["name"]?.text } ?? []
                let pathNames = declaration.path.compactMap { piece -> String? in
                    if case .parameter(let name) = piece { name } else { nil }
                }
                #expect(names == pathNames + declaration.query.map(\.rawValue), "\(method) \(path)")
                #expect((operation?["requestBody"] != nil) == (declaration.body != nil), "\(method) \(path)")
                #expect(operation?["responses"]?["4XX"] != nil)
            }
        }
        let described = paths.flatMap { path, item in
            (item.objectFields ?? [:]).keys.map { "\($0.uppercased()) \(path)" }
        }
        #expect(Set(described) == expected)
        #expect(described.count == expected.count)
        #expect(paths["/__switchboard/openapi.json"]?["get"]?["operationId"] == "openAPI")
        #expect(paths["/__switchboard/endpoints/{id}"]?["patch"]?["operationId"] == "setEndpoint_PATCH")
    }

    @Test func theTokenSchemeIsDescribedOnlyWhenATokenIsSet() {
        #expect(Self.document()["security"] == nil)
        #expect(Self.document()["components"]?["securitySchemes"] == nil)
        let withToken = Self.document(token: true)
        #expect(withToken["security"] == [["controlToken": []]])
        #expect(withToken["components"]?["securitySchemes"]?["controlToken"]?["scheme"] == "bearer")
    }

    /// A settings change takes exactly the fields the server reads.
    @Test func theSettingChangeSchemaHasTheFieldsTheServerReads() {
        var schemas = WireSchemas()
        let schema = SettingChange.schema(&schemas)
        #expect(Set(schema["properties"]?.objectFields?.keys ?? []) == Set(SettingKey.names))
        #expect(schema["additionalProperties"] == false)
        // Under the name the description gave it before the change was typed.
        #expect(Self.document()["components"]?["schemas"]?["SettingsChange"] != nil)
        #expect(Self.document()["components"]?["schemas"]?["SettingChange"] == nil)
    }

    @Test func itIsServedUnderTheControlAPIsRules() throws {
        let open = try WireHarness.demo()
        let answer = try open.response(to: "GET /__switchboard/openapi.json HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n")
        #expect(answer.status == 200)
        #expect(answer.header("Content-Type") == "application/json")
        let document = try #require(JSONValue(bytes: Array(answer.body)))
        #expect(document["openapi"] == "3.1.0")
        #expect(document["servers"] == [["url": "http://127.0.0.1:8080"]])
        #expect(document["security"] == nil)
        let page = try open.response(
            to: "GET /__switchboard/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://evil.example\r\n\r\n")
        #expect(page.status == 403)
        let guarded = try WireHarness.demo(controlToken: "s3cret")
        let refused = try guarded.response(to: "GET /__switchboard/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(refused.status == 401)
        let shown = try guarded.response(
            to: "GET /__switchboard/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer s3cret\r\n\r\n")
        #expect(shown.status == 200)
        #expect(JSONValue(bytes: Array(shown.body))?["security"] == [["controlToken": []]])
    }

    @Test(.enabled(if: PythonCheck.has("openapi-spec-validator"), PythonCheck.skipReason("openapi-spec-validator")))
    func theOpenAPIInitiativesValidatorAcceptsIt() async throws {
        for token in [false, true] {
            let folder = try ScratchFolder("control-openapi")
            defer { folder.remove() }
            try Self.document(token: token).json.write(
                toFile: folder.path("openapi.json"), atomically: true, encoding: .utf8)
            let run = try await Subprocess.run("openapi-spec-validator", [folder.path("openapi.json")])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        }
    }
}

extension JSONValue {
    var objectFields: JSONObject? {
        if case .object(let fields) = self { fields } else { nil }
    }

    var arrayItems: [JSONValue]? {
        if case .array(let items) = self { items } else { nil }
    }
}
