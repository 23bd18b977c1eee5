import Foundation
import SwitchboardJSON
import Testing

/// The body reader: the JSON Foundation reads, read alike; what is not
/// JSON refused; hostile nesting refused rather than followed down the
/// stack.
@Suite struct JSONParserTests {
    static func parsed(_ text: String) -> JSONValue? { JSONValue(bytes: Array(text.utf8)) }

    /// Foundation's reading, the reference (Decodable through the same enum).
    static func foundation(_ text: String) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    @Test(arguments: [
        #"{"username":"alice","password":"s3cret"}"#, #" [1, -2.5, 3e2, 0, -0.0, 1E-3, true, false, null] "#,
        #"{"a":{"b":[{"c":"d"}]},"e":[]}"#, #""\u00e9\ud83d\ude00\n\t\"\\\/""#, #"{"é":"ü","":""}"#, "42", "\"\"",
        #"{"n": 12345678901234567890}"#, #"["ab\ncd", "é\té", "a/b\/c", "ünï"]"#,
    ])
    func readsWhatFoundationReads(text: String) throws {
        let value = try #require(Self.parsed(text))
        #expect(value == Self.foundation(text))
    }

    @Test(arguments: [
        "", " ", "{", "}", "[1,]", "[1 2]", #"{"a" 1}"#, #"{"a":1,}"#, "01", "1.", ".5", "-", "1e", "+1", "tru",
        "nul", #""abc"#, "\"a\u{01}b\"", #""\x""#, #""\ud83d""#, "[1] 2", "NaN", "1e400", #"{a:1}"#,
    ])
    func refusesWhatIsNotJSON(text: String) {
        #expect(Self.parsed(text) == nil, "\(text.debugDescription)")
    }

    @Test func invalidUTF8InAStringIsRefused() {
        #expect(JSONValue(bytes: [0x22, 0xFF, 0x22]) == nil)
        // Before and after an escape (`\n`), which reads the rest another way.
        #expect(JSONValue(bytes: [0x22, 0xFF, 0x5C, 0x6E, 0x22]) == nil)
        #expect(JSONValue(bytes: [0x22, 0x5C, 0x6E, 0xFF, 0x22]) == nil)
        #expect(JSONValue(bytes: [0x22, 0x61, 0x5C, 0x6E, 0x22]) == .string("a\n"))
    }

    @Test func nestingPastTheLimitIsRefusedNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(Self.parsed(deep) == nil)
        let fits = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(Self.parsed(fits) != nil)
    }
}
