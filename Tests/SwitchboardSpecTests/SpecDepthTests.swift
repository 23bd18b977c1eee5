import SwitchboardSpec
import Testing

/// A description nested too deep for OpenAPIKit's recursive decoding is a
/// problem on its line, not a crash (`SpecDepth`).
@Suite struct SpecDepthTests {
    /// A description whose one response schema is `items` inside `items`
    /// `levels` times: its deepest mapping is `9 + levels` levels down.
    static func nested(_ levels: Int) -> String {
        var schema = "{type: string}"
        for _ in 0..<levels { schema = "{type: array, items: \(schema)}" }
        return """
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths:
              /d:
                get:
                  operationId: d
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: \(schema)

            """
    }

    /// 300 levels overflowed a debug build's 8 MB stack: the process died.
    @Test(arguments: [300, 56])
    func aDescriptionNestedPastTheLimitIsAProblemOnItsLine(levels: Int) throws {
        let problem = try #require(SpecLoaderTests.problem(Self.nested(levels)))
        #expect(problem.message == "the description nests more than 64 levels deep here")
        #expect(problem.fix == "name the inner schemas in `components` and refer to them with `$ref`")
        #expect(problem.line == 12)
    }

    @Test func theSameAsJSON() throws {
        var schema = #"{"type":"string"}"#
        for _ in 0..<300 { schema = #"{"type":"array","items":\#(schema)}"# }
        let json = #"""
            {"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/d":{"get":{"operationId":"d",
            "responses":{"200":{"description":"ok","content":{"application/json":{"schema":\#(schema)}}}}}}}}
            """#
        let problem = try #require(SpecLoaderTests.problem(json))
        #expect(problem.message == "the description nests more than 64 levels deep here")
        #expect(problem.line == 2)
    }

    /// Past the JSON parser's own 512 levels, JSON is refused by it: that
    /// is no reason to call the description "not valid JSON".
    @Test func jsonPastTheParsersDepthIsToldTheSame() throws {
        let example = String(repeating: #"{"a":"#, count: 600) + "1" + String(repeating: "}", count: 600)
        let json = #"""
            {"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/d":{"get":{"operationId":"d",
            "responses":{"200":{"description":"ok","content":{"application/json":{"example":\#(example)}}}}}}}}
            """#
        let problem = try #require(SpecLoaderTests.problem(json))
        #expect(problem.message == "the description nests more than 64 levels deep here")
        #expect(problem.line == 2)
    }

    @Test func aDescriptionNestedToTheLimitIsRead() throws {
        let document = try SpecLoader.load(bytes: Array(Self.nested(55).utf8))
        #expect(document.operations.map(\.operationID) == ["d"])
    }
}
