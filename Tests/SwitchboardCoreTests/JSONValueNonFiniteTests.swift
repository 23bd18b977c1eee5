import SwitchboardJSON
import Testing

/// JSON has no infinity and no NaN, but a YAML description may write them
/// (`example: .inf`, `minimum: 1e400`, `multipleOf: .inf` all read as
/// Doubles): a body made of them was sent as `{"v":inf}` or `nan` under
/// `application/json`, which no client parses.
@Suite struct JSONValueNonFiniteTests {
    @Test func aNumberJSONCannotHoldIsWrittenAsNull() {
        #expect(JSONValue.number(.infinity).json == "null")
        #expect(JSONValue.number(-.infinity).json == "null")
        #expect(JSONValue.number(.nan).json == "null")
        #expect(JSONValue.object(["v": .number(.infinity), "w": 1.5]).json == #"{"v":null,"w":1.5}"#)
    }
}
