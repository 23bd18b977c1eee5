import Foundation
import OpenAPIKit
import SwitchboardJSON
import SwitchboardSpec
import Testing

@Suite struct JSONValueOpenAPITests {
    @Test func examplesAndEnumMembersAsOpenAPIKitHoldsThem() throws {
        let decoded = try JSONDecoder().decode(
            AnyCodable.self, from: Data(#"{"a": [1, 2.5, "x", true, null], "b": {"c": -3}}"#.utf8))
        #expect(JSONValue(openAPI: decoded) == ["a": [1, 2.5, "x", true, .null], "b": ["c": -3]])
        // Built in code, with Swift values and a nil.
        let none: Int? = nil
        let built = AnyCodable(["n": 1, "none": none] as [String: Int?])
        #expect(JSONValue(openAPI: built) == ["n": 1, "none": .null])
        #expect(JSONValue(openAPI: AnyCodable(Date())) == nil)
    }
}
