import SwitchboardTUI
import Testing

/// A JSON body in the details pane is indented however much of it is
/// JSON: the journal keeps a body's first bytes only, and an answer typed
/// JSON may not be. Nothing is lost but the spaces between tokens.
@Suite struct DetailsJSONBodyTests {
    static let table: [(body: String, lines: [String])] = [
        (
            #"{"a":{},"b":[ ],"c":[1,{"d":null}]}"#,
            [
                "{", #"  "a": {},"#, #"  "b": [],"#, #"  "c": ["#, "    1,", "    {", #"      "d": null"#, "    }",
                "  ]", "}",
            ]
        ),
        (#"{"a":[1,2"#, ["{", #"  "a": ["#, "    1,", "    2"]),
        (#"{"a":1,"#, ["{", #"  "a": 1,"#]),
        ("[1,]", ["[", "  1,", "]"]),
        ("{a:1}", ["{", "  a: 1", "}"]),
        ("[1 2]", ["[", "  12", "]"]),
        (#"{"s":"a{\"b}"}"#, ["{", #"  "s": "a{\"b}""#, "}"]),
        (#"{"s":"ab"#, ["{", #"  "s": "ab"#]),
        ("[1]]", ["[", "  1", "]", "]"]),
        ("{]", ["{", "]"]),
        ("oops", ["oops"]),
    ]

    @Test func aJSONBodyIsIndentedAsFarAsItIsJSON() {
        for (body, expected) in Self.table {
            let lines = DetailsFormatter.body("BODY", Array(body.utf8), size: body.utf8.count, type: "application/json")
            #expect(lines.dropFirst().map(\.text) == expected.map { "  " + $0 }, "\(body)")
        }
    }
}
