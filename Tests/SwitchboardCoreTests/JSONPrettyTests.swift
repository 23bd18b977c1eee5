import Foundation
import Testing

@testable import SwitchboardCore

/// The re-indenter checks JSON itself, byte by byte, instead of building
/// it with `JSONSerialization`: it takes what that takes, and refuses what
/// RFC 8259 refuses.
@Suite struct JSONPrettyTests {
    static let valid = [
        "1", "-0.5e+10", "0", "1E3", #""x""#, "true", " null ", "[]", "{}", "[[]]", #"{"a":{}}"#,
        #""\u00e9\n\t\"\\\/\b\f\r""#, #"{"é":"ü 🎉"}"#, #"[1, "a", {"b": [null, false]}]"#,
    ]
    static let invalid = [
        "", "   ", "-", "01", "1.", "1e", "+1", ".5", "tru", "nul", "[1,]", "[1 2]", #"{"a":}"#, #"{"a" 1}"#,
        #"{"a":1,}"#, "{1:2}", #""abc"#, "]", "[}", "{]", #""\x""#, #""\u12G4""#, "[1]]", "1 2", "\"a\u{1}b\"",
        "[", "{\"a\":1",
    ]

    @Test func itAcceptsWhatJSONSerializationAccepts() {
        // What JSONSerialization takes is taken; a few it takes that RFC
        // 8259 does not (Foundation on Linux is lenient) are refused.
        for text in Self.valid {
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil)
        }
        for text in Self.valid { #expect(JSONPretty.format(Array(text.utf8)) != nil, "\(text)") }
        for text in Self.invalid { #expect(JSONPretty.format(Array(text.utf8)) == nil, "\(text)") }
    }

    @Test func invalidUTF8InAStringIsNotJSON() {
        for bytes: [UInt8] in [
            [0x22, 0xC3, 0x28, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xC0, 0xAF, 0x22],
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22],
        ] {
            #expect(JSONPretty.format(bytes) == nil, "\(bytes)")
        }
        #expect(JSONPretty.format([0x22, 0xE2, 0x82, 0xAC, 0x22]) == [0x22, 0xE2, 0x82, 0xAC, 0x22, 0x0A])
    }

    /// The layout is what it was: scalars at the top level, empty
    /// containers on one line, two spaces a level.
    @Test func theLayoutIsUnchanged() {
        #expect(JSONPretty.format(Array(" 12 ".utf8)) == Array("12\n".utf8))
        #expect(
            JSONPretty.format(Array(#"{ "a" : [ 1 , { } , [ ] ] , "b" : "x y" }"#.utf8))
                == Array("{\n  \"a\": [\n    1,\n    {},\n    []\n  ],\n  \"b\": \"x y\"\n}\n".utf8))
    }

    /// Lenient, JSON comes out in `format`'s lines, and what is not JSON is
    /// kept: only the spaces between tokens go.
    @Test func lenientJSONIsLaidOutAsStrictAndTheRestIsKept() throws {
        for text in Self.valid {
            let strict = try #require(JSONPretty.format(Array(text.utf8)))
            let lines = String(decoding: strict.dropLast(), as: UTF8.self).split(
                separator: "\n", omittingEmptySubsequences: false
            ).map(String.init)
            #expect(JSONPretty.lines(lenient: text) == lines, "\(text)")
        }
        for text in Self.invalid {
            let kept = JSONPretty.lines(lenient: text).joined().filter { !$0.isWhitespace }
            #expect(kept == text.filter { !$0.isWhitespace }, "\(text)")
        }
    }
}
